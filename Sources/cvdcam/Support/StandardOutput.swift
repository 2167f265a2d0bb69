import CVDSystem
// `stdout` is a C global the compiler cannot prove safe to share; the C library locks the
// stream itself, so the check is downgraded for this file's uses of it.
@preconcurrency import Glibc
import Synchronization

/// Standard output, checked: a line that cannot be written (stdout a full disk, `/dev/full`,
/// a file on a file system that went read-only) must not end in status 0 as if the script
/// reading it had everything. The C library keeps the stream's error flag (`ferror`);
/// `finish` looks at it once the command is done.
///
/// Every command calls `try StandardOutput.finish()` last, after its last line (the live
/// view and `--help` end with `StandardOutput.exit(status)`): it flushes stdout and throws a
/// `CLIError` — one line on stderr, status 1 — when anything written to stdout was lost.
enum StandardOutput {
    /// The `errno` of the first write to stdout that failed (0: none seen yet).
    private static let firstError = Atomic<Int32>(0)

    /// Prints `text` and a newline (made safe: `PathName.safeLine`) and flushes it at once
    /// (stdout is a pipe for scripts and tests); a failure is remembered with its reason.
    static func line(_ text: String) {
        print(PathName.safeLine(text))
        flush()
    }

    /// Flushes stdout; remembers why when that fails.
    private static func flush() {
        if fflush(stdout) != 0 {
            _ = firstError.compareExchange(expected: 0, desired: errno == 0 ? EIO : errno, ordering: .relaxed)
        }
    }

    /// Why stdout lost something, as one line for stderr ("cannot write to standard
    /// output: the disk is full; what cvdcam printed is incomplete"); nil when all of it
    /// was written. Flushes what is still buffered first.
    static func failure() -> String? {
        flush()
        guard ferror(stdout) != 0 else { return nil }
        let code = firstError.load(ordering: .relaxed)
        let reason = code == 0 ? "a write failed" : SafeFile.WriteError.reason(code)
        return "cannot write to standard output: \(reason); what cvdcam printed there is incomplete"
    }

    /// A command's last step: throws (one line, status 1) when stdout lost anything.
    static func finish() throws {
        if let failure = failure() { throw CLIError(failure) }
    }

    /// Ends the process with `status` — or, when stdout lost anything, with the line on
    /// stderr and status 1 (where a command ends itself: the live view, `--help`).
    static func exit(_ status: Int32) -> Never {
        if let failure = failure() {
            StderrCapture.write("cvdcam: error: \(failure)\n")
            Glibc.exit(status == 0 ? 1 : status)
        }
        fflush(nil)
        Glibc.exit(status)
    }
}
