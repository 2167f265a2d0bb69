/// A picture's width and height in pixels: a camera's frame, a window, a texture.
public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public var area: Int { width * height }

    /// Whether it fits inside `other` (both sides at most as long).
    public func fits(in other: FrameSize) -> Bool { width <= other.width && height <= other.height }

    /// Scaled down (never up) to fit `box`, keeping the aspect ratio.
    public func scaledDown(toFit box: FrameSize) -> FrameSize {
        let s = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
        return FrameSize(Int(Double(width) * s), Int(Double(height) * s))
    }

    /// "1280x720", as the command line takes it (and bench reports print it).
    public var description: String { "\(width)x\(height)" }
    /// "1280×720", for messages and labels.
    public var text: String { "\(width)×\(height)" }

    /// `WxH` (or `W×H`), each side 1…`limit`; nil for anything else.
    public init?(parsing text: String, limit: Int = 16384) {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (1...limit).contains(w), (1...limit).contains(h)
        else { return nil }
        self.init(w, h)
    }
}
