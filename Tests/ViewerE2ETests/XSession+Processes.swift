import Foundation

/// Starting the session's processes — the servers beside cvdcam (Xvfb, openbox, weston, a
/// D-Bus), the X tools, cvdcam run to its end — and waiting for them.
extension XSession {
    static func which(_ tool: String) -> String? {
        for d in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(d)/\(tool)") {
            return "\(d)/\(tool)"
        }
        return nil
    }

    /// Where `tool` is, or a failure saying it is not installed.
    static func installed(_ tool: String) throws -> String {
        guard let path = which(tool) else { throw Failure("\(tool) is not installed (scripts/test installs it)") }
        return path
    }

    /// Starts `path` in this process's environment changed by `environment` (a nil value
    /// removes the variable). Standard input, and output and error unless given, on
    /// /dev/null: not the test runner's pipes, which a process left behind must never hold
    /// open. `close()` (or the caller) kills what is started.
    static func spawn(
        _ path: String, _ args: [String] = [], environment: [String: String?] = [:],
        stdout: Any = FileHandle.nullDevice, stderr: Any = FileHandle.nullDevice
    ) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = stdout
        p.standardError = stderr
        try p.run()
        return p
    }

    /// Asks `ready` until it says yes, `every` seconds apart, `seconds / every` times at
    /// the most (the time `ready` itself takes is not counted); false if it never did.
    static func poll(seconds: Double, every: Double, until ready: () -> Bool) -> Bool {
        for _ in 0..<Int((seconds / every).rounded()) {
            if ready() { return true }
            usleep(UInt32(every * 1_000_000))
        }
        return false
    }

    enum Stream { case stdout, stderr, both }

    /// Runs `path` to its end (as `spawn`): its exit status (128 + N for signal N) and what
    /// it wrote to `capture` (the other stream goes to /dev/null).
    static func runToEnd(
        _ path: String, _ args: [String], environment: [String: String?] = [:],
        capture: Stream
    ) throws -> (status: Int32, text: String) {
        let pipe = Pipe()
        let p = try spawn(
            path, args, environment: environment,
            stdout: capture != .stderr ? pipe : FileHandle.nullDevice,
            stderr: capture != .stdout ? pipe : FileHandle.nullDevice)
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationReason == .exit ? p.terminationStatus : 128 + p.terminationStatus, text)
    }

    /// Runs an X tool against this session's display; its standard output.
    @discardableResult
    func run(_ tool: String, _ args: [String]) throws -> String {
        let r = try Self.runToEnd(Self.which(tool) ?? tool, args, environment: ["DISPLAY": display], capture: .stdout)
        guard r.status == 0 else { throw Failure("\(tool) \(args.joined(separator: " ")) failed") }
        return r.text
    }
}
