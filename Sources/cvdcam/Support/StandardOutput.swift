import CVDStdio
import CVDSystem

/// Standard output, checked: each flush says whether what was printed reached it. The first
/// failure (a full disk, a closed pipe, `> /dev/full`) is one line on stderr, and a command
/// that printed what a script reads then exits with a status that says so.
enum StandardOutput {
    private static let state = Locked(false)

    /// Whether something printed could not be written.
    static var failed: Bool { state.withLock { $0 } }

    /// Flushes stdout; on the first failure, says so on stderr.
    static func flush() {
        let code = cvd_stdout_flush()
        guard code != 0 else { return }
        let first = state.withLock { f -> Bool in
            defer { f = true }
            return !f
        }
        if first {
            StderrCapture.write(
                "cvdcam: error: could not write to standard output (\(Errno(rawValue: code))): the report is incomplete\n"
            )
        }
    }
}
