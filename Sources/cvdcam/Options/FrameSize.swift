import ArgumentParser

/// `WxH` on the command line, e.g. `1920x1080`.
struct FrameSize: ExpressibleByArgument, Hashable, CustomStringConvertible {
    let width: Int
    let height: Int

    init(_ width: Int, _ height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else {
            return nil
        }
        self.init(w, h)
    }

    var description: String { "\(width)x\(height)" }
    var defaultValueDescription: String { description }
}
