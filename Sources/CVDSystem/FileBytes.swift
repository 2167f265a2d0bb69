import Glibc

/// Reading a whole input file into memory, once: a regular file, a pipe or FIFO, `/dev/stdin`,
/// a process substitution (`<(…)`), or standard input itself (`-`, where a command allows it).
/// One `open`, one pass: a FIFO can only be read once, and checking first, then reading,
/// would hang on one. Bounded: more than `limit` bytes is an error, never an exhausted machine.
public enum FileBytes {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound
        case isDirectory
        case empty
        case tooLarge(limit: Int)
        case system(Int32)

        public var description: String {
            switch self {
            case .notFound: "no such file"
            case .isDirectory: "it is a folder, not a file"
            case .empty: "the file is empty"
            case .tooLarge(let limit): "the file is larger than \(limit / (1 << 20)) MiB"
            case .system(let code): SafeFile.WriteError.reason(code)
            }
        }
    }

    /// The bytes of `path` (`-`: standard input, when `allowStdin`).
    public static func read(_ path: String, limit: Int, allowStdin: Bool = false) throws(Failure) -> [UInt8] {
        let fd: Int32
        if allowStdin, path == "-" {
            fd = dup(0)
        } else {
            fd = PathName.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        }
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT ? .notFound : .system(code)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .system(errno) }
        if st.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        let regular = st.st_mode & S_IFMT == S_IFREG
        if regular, st.st_size > limit { throw .tooLarge(limit: limit) }
        var bytes = [UInt8](repeating: 0, count: regular ? max(Int(st.st_size), 1) : 1 << 20)
        var count = 0
        while true {
            if count == bytes.count {
                // A pipe (or a file that grew): more room, within the limit.
                guard count < limit else { throw .tooLarge(limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit - count)))
            }
            let n = bytes.withUnsafeMutableBytes { b in
                // `count` < b.count: the rest of the buffer from there.
                Glibc.read(fd, b.baseAddress! + count, b.count - count)
            }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .system(errno) }
            if n == 0 { break }
            count += n
        }
        guard count > 0 else { throw .empty }
        bytes.removeSubrange(count...)
        return bytes
    }
}
