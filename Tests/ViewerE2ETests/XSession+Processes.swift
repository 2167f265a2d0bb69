import Foundation

/// Starting the session's processes — the servers beside cvdcam (Xvfb, openbox, weston, a
/// D-Bus) — and waiting for them.
extension XSession {
    static func which(_ tool: String) -> String? {
        for d in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(d)/\(tool)") {
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
    static func spawn(_ path: String, _ args: [String] = [], environment: [String: String?] = [:],
                      stdout: Any = FileHandle.nullDevice, stderr: Any = FileHandle.nullDevice) throws -> Process {
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
}
