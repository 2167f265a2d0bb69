import ArgumentParser
import CVDCore

/// `WxH` on the command line, e.g. `1920x1080`.
extension FrameSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }

    /// `WxH` with each side in `range`, or an error that shows the form and the limits.
    static func parser(_ option: String, _ range: ClosedRange<Int>) -> @Sendable (String) throws -> FrameSize {
        { text in
            guard let s = FrameSize(parsing: text, limit: Int.max) else {
                throw ValidationError("\(option) takes WIDTHxHEIGHT in pixels, e.g. 1280x720; '\(text)' is not that")
            }
            guard range.contains(s.width), range.contains(s.height) else {
                throw ValidationError(
                    "\(option) \(text): each side must be \(range.lowerBound)…\(range.upperBound) pixels")
            }
            return s
        }
    }
}
