import Glibc

/// A lock several processes share through a file (`flock` on a lock file beside what it
/// guards): the live view's windows take it around reading, changing and writing the
/// remembered views, so two windows saving at once each add their own entry to what the
/// other wrote, instead of one overwriting the other's. The lock file stays (removing it
/// would let a third process lock a new file while the second holds the old one); the
/// kernel lets go of the lock when the process ends, however it ends.
public enum FileLock {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32
        public var description: String {
            code == EWOULDBLOCK
                ? "another cvdcam held \(PathName.shown(path)) for too long"
                : "\(PathName.shown(path)) cannot be locked: \(SafeFile.WriteError.reason(code))"
        }
    }

    /// Runs `body` holding the lock on `path` (made 0600 if missing), waiting up to
    /// `timeout` seconds for another process to let go of it.
    public static func holding<T>(_ path: String, timeout: Double = 5, _ body: () throws -> T) throws -> T {
        let fd = PathName.withCPath(path) { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(fd) }
        let deadline = SystemClock.monotonic + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw Failure(path: path, code: code) }
            guard SystemClock.monotonic < deadline else { throw Failure(path: path, code: EWOULDBLOCK) }
            usleep(5_000)
        }
        return try body()
    }
}
