import Glibc

/// A device or a pipe under a name to write: written into as it is, or refused; never
/// replaced by a file.
extension SafeFile {
    /// Where a file is a device or a pipe (`stat` following links as the kernel does, so
    /// `/dev/stdout` is what it stands for): `straight` for a character device or a pipe;
    /// a block device (a disk) or a socket is refused; nil for anything else.
    static func special(_ path: String) throws(WriteError) -> Way? {
        var st = stat()
        guard PathName.withCPath(path, { stat($0, &st) }) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO: return .straight
        case S_IFBLK:
            throw WriteError(
                path: path, code: 0, existed: true, reason: "it is a disk device, not a file; give a file name",
                outcome: "nothing was written")
        case S_IFSOCK:
            throw WriteError(
                path: path, code: 0, existed: true, reason: "it is a socket, not a file; give a file name",
                outcome: "nothing was written")
        default: return nil
        }
    }

    /// Writes into a character device or a pipe as it is (`/dev/null`, a terminal, a
    /// FIFO another program reads): there is no old file to keep.
    static func writeStraight(_ bytes: UnsafeRawBufferPointer, to path: String) throws(WriteError) {
        let fd = PathName.withCPath(path) { open($0, O_WRONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw WriteError(path: path, code: errno, existed: false) }
        // A pipe whose reader has gone: EPIPE, said as an error, not SIGPIPE ending the
        // process before anything is cleaned up.
        let before = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, before) }
        let written = writeAll(fd, bytes)
        guard close(fd) == 0 || written != 0 else { throw WriteError(path: path, code: errno, existed: false) }
        guard written == 0 else { throw WriteError(path: path, code: written, existed: false) }
    }
}
