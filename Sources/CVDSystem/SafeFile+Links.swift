import Glibc

/// Writing through a symbolic link: the link stays, its target gets the new contents.
extension SafeFile {
    /// Where writing `path` writes: the final target of a chain of symbolic links (a
    /// dangling link's target too), else `path` itself. A link is followed only as the
    /// kernel's `fs.protected_symlinks` would follow it for this user: not one that another
    /// user left in a shared folder (sticky and writable by all, such as /tmp) unless the
    /// folder is theirs — the trap of a link planted where root will write. More than 40
    /// links in a chain (a loop) is an error, never a link replaced by a file.
    static func resolved(_ path: String) throws(WriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard PathName.withCPath(current, { lstat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFLNK else {
                return current
            }
            let dir = PathName.directory(current)
            var folder = stat()
            if PathName.withCPath(dir.isEmpty ? "." : dir, { stat($0, &folder) }) == 0,
                folder.st_mode & S_ISVTX != 0, folder.st_mode & S_IWOTH != 0,
                st.st_uid != geteuid(), st.st_uid != folder.st_uid
            {
                throw WriteError(
                    path: path, code: EACCES, existed: false,
                    reason: "it is a symbolic link another user left in a shared folder, which cvdcam does not "
                        + "follow; give another name", outcome: "nothing was written")
            }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = PathName.withCPath(current) { readlink($0, &buffer, Int(PATH_MAX)) }
            guard n > 0 else { return current }
            let link = buffer.withUnsafeBufferPointer { PathName.decoded(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            current = link.hasPrefix("/") || dir.isEmpty ? link : PathName.appending(link, to: dir)
        }
        throw WriteError(path: path, code: ELOOP, existed: false, outcome: "nothing was written")
    }
}
