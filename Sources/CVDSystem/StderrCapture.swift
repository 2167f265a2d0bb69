import Glibc

/// Collects what C libraries print straight to file descriptor 2 during a call, and is
/// the way cvdcam itself writes to stderr.
///
/// libpng reports a damaged file ("libpng error: IDAT: CRC error") on stderr before
/// SDL2_image returns its own error, and offers no other hook through SDL2_image; cvdcam
/// folds that text into its one-line message instead of letting it through. (libv4l2,
/// which has a hook, writes to `LibV4L2Log` instead, without touching descriptor 2.)
///
/// Descriptor 2 belongs to the whole process, so it is only ever swapped under one lock,
/// and cvdcam's own stderr lines (`write`) take the same lock: they wait for a capture to
/// end and always reach the terminal, never a capture's pipe. Captures are serialised for
/// the same reason: two at once would swap descriptor 2 between their pipes, and one
/// would restore it to the other's pipe after that pipe's reader closed — the next write
/// to stderr would then kill the process with SIGPIPE (seen in parallel tests).
public enum StderrCapture {
    private static let lock = Lock()

    /// Runs `body` with descriptor 2 going to a pipe; returns its result and the text.
    public static func run<T>(_ body: () throws -> T) rethrows -> (T, String) {
        try lock.withLock { try unlockedRun(body) }
    }

    /// Writes `text` to stderr, never into a capture that is running on another thread.
    public static func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return } // stderr closed or broken: nothing more to do
            bytes = bytes.dropFirst(n)
        }
    }

    private static func unlockedRun<T>(_ body: () throws -> T) rethrows -> (T, String) {
        var fds: [Int32] = [0, 0]
        let saved = dup(2)
        guard saved >= 0, pipe(&fds) == 0 else { return (try body(), "") }
        // Both ends non-blocking: we read only what is there after the call, and a library
        // that prints more than the pipe holds (64 KiB) loses the rest instead of blocking
        // the call for ever.
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        dup2(fds[1], 2)
        close(fds[1])
        defer {
            dup2(saved, 2)
            close(saved)
            close(fds[0])
        }
        let result = try body()
        dup2(saved, 2) // closes the pipe's last write end, so the read below ends
        var text: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }
            text.append(contentsOf: buf[0..<n])
        }
        return (result, String(decoding: text, as: UTF8.self).trimmed)
    }
}
