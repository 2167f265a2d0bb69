import Glibc

/// Writing a file so that nothing is lost: the one writer every output of cvdcam goes
/// through (pictures from `convert`, `scene`, `snapshot`, `lut`, the live view's `s`,
/// `--screenshot` and stills, the remembered views, the portal's token). The bytes go to a
/// temporary file beside the target, every write, the flush to the disk (`fsync`) and the
/// close are checked, and only then is the temporary renamed over the target: a full disk,
/// a read-only file system or a missing permission leaves the old file as it was, removes
/// the temporary, and says which of these happened. A symbolic link is written through to
/// its target (the link stays a link).
///
/// An old file keeps what it was: its permissions (a private picture stays private), its
/// owner and group (the temporary is given them: root converting onto a teacher's file
/// leaves it hers). Where a new file cannot be given them (someone else's file in a shared
/// folder: only root may give a file away), where the file has other names (hard links,
/// which a rename would leave on the old picture) or an access control list, it is
/// written in place instead, as careful editors do (`writeInPlace`): the old contents
/// copied aside first, and put back if anything fails. A file that can be neither is
/// refused with the reason. New files get `mode` less the umask (0666: what every
/// program's files get; 0600 for private ones, which an old file is made too).
///
/// A character device or a pipe (`/dev/null`, a FIFO) is written into as it is; a disk
/// device or a socket is refused, never replaced by a file. Links are followed as the
/// kernel's `fs.protected_symlinks` allows (`resolved`). Several files written as one set:
/// `Batch`.
public enum SafeFile {
    /// Why a file could not be written; the old file, if any, is unchanged.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public let path: String
        /// The C library's `errno`, or 0 with a `reason` of its own.
        public let code: Int32
        public let reason: String
        /// Whether a file was there before (and is kept).
        public let existed: Bool
        /// What became of the file: "the old file is kept", "nothing was written", or worse.
        public let outcome: String

        public init(path: String, code: Int32, existed: Bool, reason: String? = nil, outcome: String? = nil) {
            self.path = path
            self.code = code
            self.existed = existed
            self.reason = reason ?? Self.reason(code)
            self.outcome = outcome ?? (existed ? "the old file is kept" : "nothing was written")
        }

        public var description: String { "cannot write '\(PathName.shown(path))': \(reason); \(outcome)" }

        /// What `errno` means for someone saving a file.
        public static func reason(_ code: Int32) -> String {
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

    /// The temporary files being written now, the files a command asked to have removed
    /// if it is interrupted (`rollBack`), the file being written in place with the copy
    /// of its old contents (`inPlace`), and what a set's commit has done so far (`undo`):
    /// what `Interruption` removes or puts back on SIGINT, SIGTERM, SIGHUP (`removePending`).
    static let pending = Locked<Pending>(Pending())

    struct Pending {
        var temporaries: Set<String> = []
        var rollBack: Set<String> = []
        var inPlace: (copy: String, target: String)?
        var undo: [Undo] = []
    }

    /// Writes `bytes` to `path` (see the type): whole, or not at all. `mode`: a new file's
    /// permissions (less the umask); `private`: 0600 whatever the old file had.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666, private: Bool = false)
        throws(WriteError)
    {
        let failure: WriteError? = bytes.withUnsafeBytes { b in
            do throws(WriteError) {
                try write(b, to: path, mode: mode, private: `private`)
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }

    /// `placeholder`: `path` is an empty file `create` made to hold the name, written as a
    /// new file (its failure removes nothing else and keeps no "old file").
    static func write(
        _ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t, private: Bool, placeholder: Bool = false
    ) throws(WriteError) {
        switch try stage(bytes, to: path, mode: mode, private: `private`, placeholder: placeholder) {
        case .staged(let made): try made.install()
        case .inPlace(let target, let old):
            try writeInPlace(bytes, to: target, path: path, old: old, private: `private`)
        case .straight: try writeStraight(bytes, to: path)
        }
    }

    /// How a file is written: made whole beside it, then renamed over it (`staged`); into
    /// the old file itself (`inPlace`: its other names, access list or owner need it); or
    /// straight into it (`straight`: a character device or a pipe, as `cp` writes one).
    enum Way {
        case staged(Staged)
        case inPlace(target: String, old: stat)
        case straight
    }

    /// A new file made whole beside its target (`temp`: written, flushed and closed, with
    /// the old file's permissions and owner), not yet in its place.
    struct Staged: Sendable {
        let temp: String
        let target: String
        let path: String
        let existed: Bool

        /// Renames it over the target, then flushes the folder (best effort: some file
        /// systems refuse `fsync` on a folder).
        func install() throws(WriteError) {
            guard PathName.withCPath(temp, { t in PathName.withCPath(target) { rename(t, $0) } }) == 0 else {
                let code = errno
                drop()
                throw WriteError(path: path, code: code, existed: existed)
            }
            pending.withLock { _ = $0.temporaries.remove(temp) }
            let dir = PathName.directory(target)
            let d = PathName.withCPath(dir.isEmpty ? "." : dir) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            if d >= 0 {
                fsync(d)
                close(d)
            }
        }

        /// Removes the temporary: the target stays as it was.
        func drop() {
            remove(temp)
            pending.withLock { _ = $0.temporaries.remove(temp) }
        }
    }

    /// The first step of `write`: where the file is written the usual way, its new contents
    /// made whole beside it (`Way.staged`, nothing replaced yet); the other ways write
    /// nothing yet.
    static func stage(
        _ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t, private: Bool, placeholder: Bool = false
    ) throws(WriteError) -> Way {
        // Every link on the way checked first (a planted link to a device is refused too).
        let target = try resolved(path)
        if let way = try special(path) { return way }
        var st = stat()
        let existed = PathName.withCPath(target) { stat($0, &st) } == 0
        if existed, st.st_mode & S_IFMT == S_IFDIR { throw WriteError(path: path, code: EISDIR, existed: false) }
        // Other names (hard links) and access lists live with the file itself: only a write
        // in place keeps them.
        if existed, !placeholder, st.st_mode & S_IFMT == S_IFREG, st.st_nlink > 1 || hasAccessList(target) {
            return .inPlace(target: target, old: st)
        }
        let dir = PathName.directory(target)
        let temp = PathName.appending(
            ".\(PathName.lastComponent(target)).cvdcam-\(getpid())-\(counter.next()).tmp", to: dir.isEmpty ? "." : dir)
        // The final permissions from the start: the old file's, or `mode` (less the umask)
        // for a new file. Exclusive: never through a link someone placed there.
        let final: mode_t = `private` ? 0o600 : existed ? st.st_mode & 0o7777 : mode
        let fd = PathName.withCPath(temp) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, final) }
        guard fd >= 0 else { throw WriteError(path: path, code: errno, existed: existed && !placeholder) }
        pending.withLock { _ = $0.temporaries.insert(temp) }
        let made = Staged(temp: temp, target: target, path: path, existed: existed && !placeholder)
        func fail(_ code: Int32) -> WriteError {
            close(fd)
            made.drop()
            return WriteError(path: path, code: code, existed: made.existed)
        }
        if existed, !placeholder {
            // The old file's owner and group (chown clears set-id bits: the mode after it).
            var now = stat()
            guard fstat(fd, &now) == 0 else { throw fail(errno) }
            if now.st_uid != st.st_uid || now.st_gid != st.st_gid, fchown(fd, st.st_uid, st.st_gid) != 0 {
                // Only root may give a file away: written in place, where it keeps both.
                guard errno == EPERM else { throw fail(errno) }
                close(fd)
                made.drop()
                return .inPlace(target: target, old: st)
            }
            if fchmod(fd, final) != 0 { throw fail(errno) }
        }
        let written = writeAll(fd, bytes)
        guard written == 0 else { throw fail(written) }
        guard fsync(fd) == 0 else { throw fail(errno) }
        // close() can report a deferred write error (NFS, some FUSE file systems).
        guard close(fd) == 0 else {
            let code = errno
            made.drop()
            throw WriteError(path: path, code: code, existed: made.existed)
        }
        return .staged(made)
    }

    /// Writes all of `bytes` at the descriptor's offset; 0, or the `errno` of the write that failed.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < bytes.count {
            // `done` < count: the rest of the buffer, from its start address on.
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? EIO : errno }
            done += n
        }
        return 0
    }

    /// Whether the file has a POSIX access control list (the `system.posix_acl_access`
    /// attribute; `getfacl` shows it), which a new file would not have.
    static func hasAccessList(_ path: String) -> Bool {
        guard let getxattr = getxattrFunction else { return false }
        return PathName.withCPath(path) { getxattr($0, "system.posix_acl_access", nil, 0) } > 0
    }

    /// glibc's `getxattr` (Swift's Glibc module leaves <sys/xattr.h> out), looked up once
    /// by name in the C library the process already has (`dlsym`, RTLD_DEFAULT: a null
    /// handle on glibc); its C signature is fixed by POSIX and Linux, so the cast is sound.
    private static let getxattrFunction:
        (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int)? = {
            guard let symbol = dlsym(nil, "getxattr") else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int)
                    .self)
        }()
}
