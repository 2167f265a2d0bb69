import Glibc

/// Collects what C libraries print straight to file descriptor 2 during a call, and is
/// the way cvdcam itself writes to stderr.
///
/// For libraries with no other way to report: libpng, under SDL2_image, prints a damaged
/// file's reason ("libpng error: IDAT: CRC error") on stderr; the caller folds that text
/// into its own one-line message. (libv4l2 has a hook and uses `LibV4L2Log` instead.)
///
/// Contract: descriptor 2 belongs to the whole process, so it is swapped only under one
/// lock. Captures run one at a time (two at once would restore each other's pipes), and
/// `write` takes the same lock, so cvdcam's own lines wait for a capture to end and always
/// reach the real stderr, never a capture's pipe.
public enum StderrCapture {
    private static let lock = Lock()

    /// Runs `body` with descriptor 2 going to a pipe; returns its result and the text.
    public static func run<T>(_ body: () throws -> T) rethrows -> (T, String) {
        try lock.withLock { try unlockedRun(body) }
    }

    /// Writes `text` to stderr, never into a capture that is running on another thread;
    /// made safe for the terminal first (`PathName.safeLine`).
    public static func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(PathName.safeLine(text).utf8)[...]
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
