import Foundation

/// An X server of a test's own (Xvfb), on a display number it chose itself (`-displayfd`):
/// what the window tests (ViewerE2ETests' `XSession`) and the renderer tests
/// (CVDViewerTests' `BackendConformanceTests`) open their windows on.
public struct Xvfb {
    /// ":N".
    public let display: String
    /// The server (kill it, or let `-terminate` end it with its last client).
    public let process: Process

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ d: String) { description = d }
    }

    /// Starts Xvfb with one screen of `width` × `height` and `arguments` after the usual
    /// ones, and waits until it says its display number (`seconds` at most: usually 0.2 s,
    /// but a loaded CI machine has been seen to take more than 5). `folder`: where the number
    /// is written. Throws when it is not installed, ends, or does not start in time; a
    /// server that did not start is killed, never left behind.
    public static func start(
        width: Int, height: Int, arguments: [String] = [], folder: String, seconds: Double = 60
    ) throws(Failure) -> Xvfb {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/Xvfb") }) else {
            throw Failure("Xvfb is not installed (scripts/test installs xvfb)")
        }
        // -displayfd picks a free display number and writes it, then a newline, to fd 3.
        let fdFile = folder + "/display"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = [
            "-c",
            "exec Xvfb -displayfd 3 -screen 0 \(width)x\(height)x24 -nolisten tcp \(arguments.joined(separator: " ")) 3>\(fdFile) 2>/dev/null",
        ]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { throw Failure("Xvfb could not be started: \(error)") }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: fdFile, encoding: .utf8)) ?? ""
            let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasSuffix("\n"), !number.isEmpty { return Xvfb(display: ":" + number, process: p) }
            if !p.isRunning { throw Failure("Xvfb ended before it said its display number") }
            usleep(50_000)
        }
        kill(p.processIdentifier, SIGKILL)
        throw Failure("Xvfb did not start within \(Int(seconds)) s")
    }
}
