import Glibc

/// Writing a file so that nothing is lost: the one writer every output of cvdcam goes
/// through (pictures from `convert`, `scene`, `snapshot`, `lut`, the live view's `s`,
/// `--screenshot` and stills, the remembered views). The bytes go to a temporary file
/// beside the target, every write, the flush to the disk (`fsync`) and the close are
/// checked, and only then is the temporary renamed over the target: a full disk, a
/// read-only file system or a missing permission leaves the old file as it was, removes the
/// temporary, and says which of these happened. The target keeps its permissions (a
/// private picture stays private), and a symbolic link is written through to its target.
public enum SafeFile {
    /// Why a file could not be written; the old file, if any, is unchanged.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public let path: String
        /// The C library's `errno`, or 0 with a `reason` of its own.
        public let code: Int32
        public let reason: String
        /// Whether a file was there before (and is kept).
        public let existed: Bool

        public init(path: String, code: Int32, existed: Bool, reason: String? = nil) {
            self.path = path
            self.code = code
            self.existed = existed
            self.reason = reason ?? Self.reason(code)
        }

        public var description: String {
            "cannot write '\(PathName.shown(path))': \(reason); "
                + (existed ? "the old file is kept" : "nothing was written")
        }

        /// What `errno` means for someone saving a file.
        static func reason(_ code: Int32) -> String {
            switch code {
            case ENOSPC: "the disk is full"
            case EDQUOT: "the disk quota is used up"
            case EROFS: "the file system is read-only"
            case EACCES, EPERM: "permission denied"
            case ENOENT: "the folder does not exist"
            case ENOTDIR: "a part of the path is not a folder"
            case EISDIR: "it is a folder"
            case ELOOP: "too many symbolic links (a loop?)"
            case EIO: "an input/output error (a failing disk or a removed drive?)"
            case EFBIG: "the file is too large for this file system"
            case ENAMETOOLONG: "the name is too long"
            default: String(cString: strerror(code))
            }
        }
    }

    /// The temporary files being written now, and the files a command asked to have removed
    /// if it is interrupted (`rollBack`): what `Interruption` removes on SIGINT, SIGTERM, SIGHUP.
    static let pending = Locked<(temporaries: Set<String>, rollBack: Set<String>)>(([], []))

    /// Writes `bytes` to `path` (see the type): whole, or not at all.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let failure: WriteError? = bytes.withUnsafeBytes { b in
            do throws(WriteError) {
                try write(b, to: path)
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }

    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(WriteError) {
        let target = resolved(path)
        var st = stat()
        let existed = PathName.withCPath(target) { stat($0, &st) } == 0
        if existed, st.st_mode & S_IFMT == S_IFDIR { throw WriteError(path: path, code: EISDIR, existed: false) }
        let dir = PathName.directory(target)
        let temp = PathName.appending(
            ".\(PathName.lastComponent(target)).cvdcam-\(getpid())-\(counter.next()).tmp", to: dir.isEmpty ? "." : dir)
        // The final permissions from the start: the old file's, or the usual ones (0666 less
        // the umask) for a new file. Exclusive: never through a link someone placed there.
        let mode = existed ? st.st_mode & 0o7777 : 0o666
        let fd = PathName.withCPath(temp) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw WriteError(path: path, code: errno, existed: existed) }
        pending.withLock { _ = $0.temporaries.insert(temp) }
        func fail(_ code: Int32) -> WriteError {
            close(fd)
            remove(temp)
            pending.withLock { _ = $0.temporaries.remove(temp) }
            return WriteError(path: path, code: code, existed: existed)
        }
        if existed, fchmod(fd, st.st_mode & 0o7777) != 0 { throw fail(errno) }
        var done = 0
        while done < bytes.count {
            // `done` < count: the rest of the buffer, from its start address on.
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw fail(n == 0 ? EIO : errno) }
            done += n
        }
        guard fsync(fd) == 0 else { throw fail(errno) }
        // close() can report a deferred write error (NFS, some FUSE file systems).
        let closed = close(fd)
        guard closed == 0 else {
            let code = errno
            remove(temp)
            pending.withLock { _ = $0.temporaries.remove(temp) }
            throw WriteError(path: path, code: code, existed: existed)
        }
        guard PathName.withCPath(temp, { t in PathName.withCPath(target) { rename(t, $0) } }) == 0 else {
            let code = errno
            remove(temp)
            pending.withLock { _ = $0.temporaries.remove(temp) }
            throw WriteError(path: path, code: code, existed: existed)
        }
        pending.withLock { _ = $0.temporaries.remove(temp) }
        // The rename itself on the disk (best effort: some file systems refuse fsync on a folder).
        let d = PathName.withCPath(dir.isEmpty ? "." : dir) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if d >= 0 {
            fsync(d)
            close(d)
        }
    }

    /// Registers files a command is making as a set (`convert --mode all`): removed if it
    /// is interrupted before it ends (`finished` unregisters them).
    public static func rollBackIfInterrupted(_ path: String) {
        pending.withLock { _ = $0.rollBack.insert(resolved(path)) }
    }

    public static func finished(_ paths: [String]) {
        pending.withLock { p in for path in paths { p.rollBack.remove(resolved(path)) } }
    }

    /// Removes every temporary being written and every file registered for roll-back (on an
    /// interruption).
    public static func removePending() {
        let (temps, files) = pending.withLock { p in
            defer { p = ([], []) }
            return (p.temporaries, p.rollBack)
        }
        for f in temps.union(files) { remove(f) }
    }

    /// Removes a file (wraps `unlink`), its name's bytes as they are.
    static func remove(_ path: String) { PathName.withCPath(path) { _ = unlink($0) } }

    /// Where writing `path` writes: the final target of a chain of symbolic links (a
    /// dangling link's target too), else `path` itself.
    static func resolved(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = PathName.withCPath(current) { readlink($0, &buffer, Int(PATH_MAX)) }
            guard n > 0 else { return current }
            let link = buffer.withUnsafeBufferPointer { PathName.decoded(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            let dir = PathName.directory(current)
            current = link.hasPrefix("/") || dir.isEmpty ? link : PathName.appending(link, to: dir)
        }
        return current
    }

    /// Distinct temporary names within one process.
    private static let counter = Counter()

    private final class Counter: Sendable {
        private let value = Locked(0)
        func next() -> Int {
            value.withLock { v in
                defer { v += 1 }
                return v
            }
        }
    }
}
