import Glibc

/// Writing into an old file itself, where a new file renamed over it would not keep what it
/// is (see `SafeFile`): the same inode, so its owner, group, permissions, other names (hard
/// links) and access list all stay.
extension SafeFile {
    /// Held by the in-place writer around each of its writes, and taken for good by an
    /// interruption before it puts the old contents back (`removePending`).
    static let inPlaceWrites = Lock()

    /// The bytes written in chunks of this size, so an interruption waits at most one chunk.
    static let chunk = 1 << 20

    /// 1. The old contents are copied aside, to a private file beside it
    ///    (`.NAME.cvdcam-PID-N.old`, 0600), and flushed to the disk;
    /// 2. room for the new contents is reserved (`posix_fallocate`: a full disk fails here,
    ///    with nothing changed yet);
    /// 3. the new contents are written over the old, the file cut to their length and flushed.
    /// Any failure in 3, or an interruption, puts the copy back. The copy is removed at the
    /// end: only a crash midway (SIGKILL, a power cut) leaves it, holding the old contents.
    /// `keptCopy`: the old contents already copied aside by the caller (a set's commit,
    /// which keeps it until the set is in place); else the copy is made and removed here.
    static func writeInPlace(
        _ bytes: UnsafeRawBufferPointer, to target: String, path: String, old: stat, private: Bool,
        keptCopy: String? = nil
    ) throws(WriteError) {
        let fd = try openInPlace(target, path: path, old: old)
        defer { close(fd) }
        var now = stat()
        guard fstat(fd, &now) == 0 else { throw WriteError(path: path, code: errno, existed: true) }
        let copy: String
        if let keptCopy {
            copy = keptCopy
        } else {
            copy = try copyAside(from: fd, size: Int(now.st_size), target: target, path: path)
        }
        func remove(_ copy: String) { if keptCopy == nil { SafeFile.remove(copy) } }
        pending.withLock { p in
            p.inPlace = (copy, target)
            p.temporaries.remove(copy)
        }
        defer { pending.withLock { $0.inPlace = nil } }
        let reserved = posix_fallocate(fd, 0, off_t(max(bytes.count, 1)))
        if reserved == ENOSPC || reserved == EDQUOT || reserved == EFBIG {
            _ = inPlaceWrites.withLock { ftruncate(fd, now.st_size) }
            remove(copy)
            throw WriteError(path: path, code: reserved, existed: true)
        }
        var code = overwrite(fd, bytes)
        if code == 0, ftruncate(fd, off_t(bytes.count)) != 0 { code = errno }
        if code == 0, fsync(fd) != 0 { code = errno }
        if code == 0, `private`, fchmod(fd, 0o600) != 0 { code = errno }
        guard code == 0 else {
            let back = inPlaceWrites.withLock { restore(target, from: copy) }
            guard back == 0 else {
                throw WriteError(
                    path: path, code: code, existed: true,
                    outcome: "the old contents could not be put back (\(WriteError.reason(back))): "
                        + "they are kept in '\(PathName.shown(copy))'")
            }
            remove(copy)
            throw WriteError(path: path, code: code, existed: true)
        }
        remove(copy)
    }

    /// The old file opened to be written in place (read and write); refused with the reason
    /// where it may not be written (someone else's file: `notYours`).
    static func openInPlace(_ target: String, path: String, old: stat) throws(WriteError) -> Int32 {
        let fd = PathName.withCPath(target) { open($0, O_RDWR | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            let someoneElses = (code == EACCES || code == EPERM) && old.st_uid != geteuid()
            throw WriteError(path: path, code: code, existed: true, reason: someoneElses ? notYours(old.st_uid) : nil)
        }
        return fd
    }

    /// The first `size` bytes of `fd` (the file `target`) copied to a private file beside
    /// it (`.NAME.cvdcam-PID-N.old`, 0600) and flushed to the disk; its name.
    static func copyAside(from fd: Int32, size: Int, target: String, path: String) throws(WriteError) -> String {
        let dir = PathName.directory(target)
        let copy = PathName.appending(
            ".\(PathName.lastComponent(target)).cvdcam-\(getpid())-\(counter.next()).old", to: dir.isEmpty ? "." : dir)
        let c = PathName.withCPath(copy) { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard c >= 0 else { throw WriteError(path: path, code: errno, existed: true) }
        // Removed by an interruption while it is made; whoever takes it over unregisters it.
        pending.withLock { _ = $0.temporaries.insert(copy) }
        var code = copyContents(from: fd, to: c, count: size)
        if code == 0, fsync(c) != 0 { code = errno }
        close(c)
        guard code == 0 else {
            remove(copy)
            pending.withLock { _ = $0.temporaries.remove(copy) }
            throw WriteError(path: path, code: code, existed: true)
        }
        return copy
    }

    /// `bytes` over the file's first bytes, a chunk at a time; 0 or the failing `errno`.
    private static func overwrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = inPlaceWrites.withLock {
                // `done` < count: at most `chunk` bytes from there, within the buffer.
                pwrite(fd, bytes.baseAddress! + done, min(chunk, bytes.count - done), off_t(done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? EIO : errno }
            done += n
        }
        return 0
    }

    /// Puts the copy's contents back into `target` (written in place, cut to the copy's
    /// length, flushed); 0 or the failing `errno`.
    static func restore(_ target: String, from copy: String) -> Int32 {
        let c = PathName.withCPath(copy) { open($0, O_RDONLY | O_CLOEXEC) }
        guard c >= 0 else { return errno }
        defer { close(c) }
        let t = PathName.withCPath(target) { open($0, O_WRONLY | O_CLOEXEC) }
        guard t >= 0 else { return errno }
        defer { close(t) }
        var st = stat()
        guard fstat(c, &st) == 0 else { return errno }
        let code = copyContents(from: c, to: t, count: Int(st.st_size))
        guard code == 0 else { return code }
        guard ftruncate(t, st.st_size) == 0, fsync(t) == 0 else { return errno }
        return 0
    }

    /// The first `count` bytes of one file into the other, from offset 0; 0 or the failing `errno`.
    static func copyContents(from source: Int32, to destination: Int32, count: Int) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: min(chunk, max(count, 1)))
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes {
                pread(source, $0.baseAddress, min($0.count, count - done), off_t(done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? EIO : errno }
            var put = 0
            while put < n {
                let m = buffer.withUnsafeBytes {
                    pwrite(destination, $0.baseAddress! + put, n - put, off_t(done + put))
                }
                if m < 0, errno == EINTR { continue }
                guard m > 0 else { return m == 0 ? EIO : errno }
                put += m
            }
            done += n
        }
        return 0
    }

    /// Why someone else's file is refused: "permission denied: it is teacher's file, which
    /// you may not write, and a new file in its place would no longer be teacher's".
    static func notYours(_ uid: uid_t) -> String {
        let who =
            getpwuid(uid).flatMap { $0.pointee.pw_name.map { PathName.shown(PathName.argument($0)) } } ?? "user \(uid)"
        return "permission denied: it is \(who)'s file, which you may not write, "
            + "and a new file in its place would no longer be \(who)'s"
    }
}
