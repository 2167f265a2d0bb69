import Glibc

/// Reading a whole input file into memory, once: a regular file, a pipe or FIFO, `/dev/stdin`,
/// a process substitution (`<(…)`), or standard input itself (`-`, where a command allows it).
/// One `open`, one pass: a FIFO can only be read once, and checking first, then reading,
/// would hang on one. Bounded: more than `limit` bytes is an error, never an exhausted machine.
///
/// A reader that can tell from the first bytes what the rest may be (a picture's header
/// says its size) passes `bound`: it sees the head (the first `head` bytes, or the whole of
/// a shorter file) before anything more is read or allocated, and refuses the file there
/// (not a picture) or lowers the limit (no more than the picture can need). Memory that
/// cannot be had is an error too (`noMemory`), never an abort: every buffer is tried with
/// `malloc` before the array is made.
public enum FileBytes {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound
        case isDirectory
        case empty
        case tooLarge(limit: Int)
        /// `bound` refused the file after its head, with its reason.
        case refused(String)
        /// This many bytes could not be allocated.
        case noMemory(Int)
        case system(Int32)

        public var description: String {
            switch self {
            case .notFound: "no such file"
            case .isDirectory: "it is a folder, not a file"
            case .empty: "the file is empty"
            case .tooLarge(let limit): "the file is larger than \(limit / (1 << 20)) MiB"
            case .refused(let why): why
            case .noMemory(let bytes):
                "there is not enough memory to read it (\(bytes >> 20) MiB; a memory limit, ulimit -v?)"
            case .system(let code): SafeFile.WriteError.reason(code)
            }
        }
    }

    /// What `bound` makes of a file's head.
    public enum Bound {
        /// Read on, up to this many bytes in all (at most the `limit` given).
        case upTo(Int)
        /// Not read on, with this reason.
        case refuse(String)
    }

    /// The bytes of `path` (`-`: standard input, when `allowStdin`).
    public static func read(
        _ path: String, limit: Int, allowStdin: Bool = false, head: Int = 1 << 20,
        bound: ((ArraySlice<UInt8>) -> Bound)? = nil
    ) throws(Failure) -> [UInt8] {
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
        let size = st.st_mode & S_IFMT == S_IFREG ? Int(st.st_size) : nil
        var limit = limit
        var count = 0
        var bytes: [UInt8] = []
        if let bound {
            // The head first: what it says decides how much more is read.
            bytes = try zeros(max(1, min(head, size ?? head, limit)))
            count = try fill(fd, &bytes, from: 0)
            guard count > 0 else { throw .empty }
            switch bound(bytes[0..<count]) {
            case .refuse(let why): throw .refused(why)
            case .upTo(let n): limit = min(limit, n)
            }
            if count < bytes.count {
                bytes.removeSubrange(count...)
                return bytes
            }
        }
        if let size, size > limit { throw .tooLarge(limit: limit) }
        if let size, size > bytes.count {
            try grow(&bytes, to: size)
        } else if bytes.isEmpty {
            bytes = try zeros(size.map { max($0, 1) } ?? min(limit, 1 << 20))
        }
        while true {
            count = try fill(fd, &bytes, from: count)
            if count < bytes.count { break }
            // The buffer is full: one byte more says whether the file goes on (a pipe, a
            // file that grew); if it does, more room, within the limit.
            var next: UInt8 = 0
            var n = 0
            repeat { n = Glibc.read(fd, &next, 1) } while n < 0 && errno == EINTR
            guard n >= 0 else { throw .system(errno) }
            if n == 0 { break }
            guard count < limit else { throw .tooLarge(limit: limit) }
            try grow(&bytes, to: min(max(2 * bytes.count, count + 1), limit))
            bytes[count] = next
            count += 1
        }
        guard count > 0 else { throw .empty }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Reads into `bytes` from `start` until it is full or the file ends; the count so far.
    private static func fill(_ fd: Int32, _ bytes: inout [UInt8], from start: Int) throws(Failure) -> Int {
        var count = start
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { b in
                // `count` < b.count: the rest of the buffer from there.
                Glibc.read(fd, b.baseAddress! + count, b.count - count)
            }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .system(errno) }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// `count` zero bytes, or `noMemory` (never the runtime's abort on a failed allocation).
    public static func zeros(_ count: Int) throws(Failure) -> [UInt8] {
        guard Memory.canAllocate(count) else { throw .noMemory(count) }
        return [UInt8](repeating: 0, count: count)
    }

    /// `bytes` made `count` long (zeros added), or `noMemory`.
    ///
    /// One new buffer, the old bytes copied in and the rest zeroed with memcpy and memset —
    /// what `reserveCapacity` and appending zeros cost at most (the old and the new buffer at
    /// once), but fast in a debug build too, where appending 600 MB of zeros one by one took
    /// four minutes (`swift test`'s binary; a release build optimises the loop away).
    private static func grow(_ bytes: inout [UInt8], to count: Int) throws(Failure) {
        guard count > bytes.count else { return }
        guard Memory.canAllocate(count) else { throw .noMemory(count) }
        let old = bytes
        bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // `buffer` has room for `count` bytes, more than `old` holds: the old ones first,
            // then zeros to the end; all `count` are then set.
            guard let base = buffer.baseAddress else { return }
            old.withUnsafeBufferPointer { o in
                if let from = o.baseAddress { _ = memcpy(base, from, o.count) }
            }
            _ = memset(base + old.count, 0, count - old.count)
            initialized = count
        }
    }
}
