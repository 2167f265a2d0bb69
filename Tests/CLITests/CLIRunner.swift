import Foundation
import TestFolders

/// Runs the built `cvdcam` binary as a user would.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `$CVDCAM_BIN` (set by scripts/test), else the debug build beside the sources.
    static var binary: String {
        if let b = ProcessInfo.processInfo.environment["CVDCAM_BIN"], !b.isEmpty { return b }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/cvdcam").path
    }

    /// - Parameter environment: variables set (or replaced) for this run; `unset`: removed.
    static func run(_ args: [String], environment: [String: String] = [:], unset: [String] = []) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        if !environment.isEmpty || !unset.isEmpty {
            var e = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            for k in unset { e.removeValue(forKey: k) }
            p.environment = e
        }
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Drain both pipes before waiting, so a chatty child never blocks.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    /// No camera on this machine (no /dev/video*): the tests of what cvdcam says then run.
    static var noCamera: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).allSatisfy { !$0.hasPrefix("video") }
    }

    static func tempDir() -> String {
        TestFolder.make("cvdcam-cli")
    }
}
