import Glibc

/// New files under names no other process takes at the same moment (the live view's
/// snapshots and stills: six windows saving in the same second get six files).
extension SafeFile {
    /// Writes `bytes` (as `write`) to the first of `names(0)`, `names(1)`, … that no file
    /// has: each name is taken by creating it exclusively (`O_EXCL`: of two processes, one
    /// gets it, the other goes on to the next name), then written over whole. Returns the
    /// name written. `mode`: its permissions, less the umask.
    public static func create(_ bytes: [UInt8], mode: mode_t = 0o666, names: (Int) -> String) throws(WriteError)
        -> String
    {
        var n = 0
        while true {
            let path = names(n)
            let fd = PathName.withCPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if fd < 0 {
                let code = errno
                // Taken (or a dangling link someone left there): the next name.
                if code == EEXIST, n < 100_000 {
                    n += 1
                    continue
                }
                throw WriteError(path: path, code: code, existed: false)
            }
            close(fd)
            pending.withLock { _ = $0.rollBack.insert(path) }
            defer { pending.withLock { _ = $0.rollBack.remove(path) } }
            let failure: WriteError? = bytes.withUnsafeBytes { b in
                do throws(WriteError) {
                    try write(b, to: path, mode: mode, private: false, placeholder: true)
                    return nil
                } catch { return error }
            }
            if let failure {
                remove(path)
                throw failure
            }
            return path
        }
    }
}
