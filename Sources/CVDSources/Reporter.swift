/// How the pipeline and the viewer tell the person at the terminal what happens: the
/// command-line program implements it (prefix, flushing), the libraries never print.
/// Called from any thread.
public protocol Reporter: Sendable {
    /// One line of status: "camera disconnected (/dev/video0) — waiting for it to come back".
    func status(_ line: String)
    /// A line of measurements of one kind ("benchmark", "profile"), for scripts to read.
    func figures(_ kind: String, _ line: String)
    /// Why the command fails ("no screenshot was written to …"): on stderr, where errors go.
    func failure(_ line: String)
}

extension Reporter {
    public func failure(_ line: String) { status("error: " + line) }
}

/// Says nothing (tests, embedding).
public struct SilentReporter: Reporter {
    public init() {}
    public func status(_ line: String) {}
    public func figures(_ kind: String, _ line: String) {}
}
