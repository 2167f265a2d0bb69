import Foundation

/// Collects what C libraries print straight to file descriptor 2 during a call.
///
/// libpng reports a damaged file ("libpng error: IDAT: CRC error") on stderr before
/// SDL2_image returns its own error; cvdcam folds that text into its one-line message
/// instead of letting it through. Other threads' stderr output during the call is
/// captured too, so use it only around short calls. libv4l2 prints its own line
/// ("libv4l2: error setting pixformat: …") before returning an error cvdcam reports better.
///
/// Captures are serialised: two at once would swap descriptor 2 between their pipes, and
/// one would restore it to the other's pipe after that pipe's reader closed — the next
/// write to stderr would then kill the process with SIGPIPE (seen in parallel tests).
public enum StderrCapture {
    private static let lock = NSLock()

    public static func run<T>(_ body: () throws -> T) rethrows -> (T, String) {
        lock.lock()
        defer { lock.unlock() }
        return try unlockedRun(body)
    }

    private static func unlockedRun<T>(_ body: () throws -> T) rethrows -> (T, String) {
        var fds: [Int32] = [0, 0]
        let saved = dup(2)
        guard saved >= 0, pipe(&fds) == 0 else { return (try body(), "") }
        // Non-blocking read end: we read only what is there after the call.
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        dup2(fds[1], 2)
        close(fds[1])
        defer {
            dup2(saved, 2)
            close(saved)
            close(fds[0])
        }
        let result = try body()
        dup2(saved, 2)  // closes the pipe's last write end, so the read below ends
        var text = Data()
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }
            text.append(contentsOf: buf[0..<n])
        }
        return (result, String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
