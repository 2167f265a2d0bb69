import ArgumentParser
import CVDCore

/// `WxH` on the command line, e.g. `1920x1080`.
extension FrameSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}
