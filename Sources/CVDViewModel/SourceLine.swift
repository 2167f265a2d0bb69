/// What a source says about itself, for the on-screen source line.
public enum SourceStatus: Equatable, Sendable {
    case running
    /// The camera went away; the view keeps the last frame and says so. The text names
    /// the device (or what went wrong).
    case disconnected(String)
    /// The source could not be used; the text says why (e.g. the camera is busy).
    case failed(String)
}

/// The line at the bottom of the window: which source shows, and its trouble if any.
public enum SourceLine {
    /// A transient `message` (e.g. "saved …") wins; then a lost camera; then a failure;
    /// else the source's name.
    public static func text(source: String, status: SourceStatus, hasFrame: Bool, message: String? = nil) -> String {
        if let message { return message }
        var line: String
        switch status {
        case .running: line = "Source: \(source)"
        case .disconnected(let what): line = "camera disconnected — waiting (\(what))"
        case .failed(let why): line = why
        }
        if !hasFrame { line += " — waiting for the first frame" }
        return line
    }
}
