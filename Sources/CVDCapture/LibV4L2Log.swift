import CV4L2
import CVDSystem
import FoundationEssentials
import Glibc

/// What libv4l2 says by itself ("libv4l2: error dequeuing buf: Input/output error"),
/// kept off the terminal without touching file descriptor 2: libv4l2 writes to its
/// global `v4l2_log_file` instead of stderr when that is set, so it is set — once, before
/// libv4l2's first call — to a stream whose writes end up here. Every failure libv4l2
/// reports is also a failed call that cvdcam reports itself, in one line with what to do;
/// libv4l2's words are kept (the last few error and warning lines) for tests and for
/// `recent` to show, and its trace of every request (which it writes only to a log file)
/// is dropped.
public enum LibV4L2Log {
    /// Error and warning lines, oldest first, at most `keep`.
    private static let lines = Locked<[String]>([])
    /// Text of a line libv4l2 has not ended yet.
    private static let partial = Locked<String>("")
    static let keep = 16

    /// Sets `v4l2_log_file`; the first call does it, under Swift's once-only initialisation
    /// of a global, so it happens before any libv4l2 call that follows `install()`.
    private static let installed: Bool = {
        // libv4l2 writes through the stream's own lock, so calls never overlap; the text
        // pointer is valid for the call only and is copied at once.
        cvd_v4l2_log_to { _, text, count in
            guard let text, count > 0 else { return 0 }
            LibV4L2Log.take(String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
            return count
        } == 0
    }()

    /// Routes libv4l2's messages here from now on (idempotent, thread-safe).
    public static func install() { _ = installed }

    /// libv4l2's latest error and warning lines, oldest first.
    public static var recent: [String] { lines.withLock { $0 } }

    private static func take(_ chunk: String) {
        let complete: [Substring] = partial.withLock { p in
            p += chunk
            var parts = p.split(separator: "\n", omittingEmptySubsequences: false)
            p = String(parts.removeLast())
            return parts
        }
        let kept = complete.filter { $0.hasPrefix("libv4l2: error") || $0.hasPrefix("libv4l2: warning") }
        guard !kept.isEmpty else { return }
        lines.withLock { l in
            l.append(contentsOf: kept.map(String.init))
            if l.count > keep { l.removeFirst(l.count - keep) }
        }
    }
}
