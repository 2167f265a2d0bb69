import Glibc

/// Whether memory can be had before Swift is asked for it: Swift's runtime aborts the
/// process when an allocation fails ("Fatal error: failed to allocate …"), so a buffer
/// whose size a file decides (a picture, the file itself) is tried with `malloc` first —
/// under a memory limit (`ulimit -v`, `prlimit --as`) or on a full machine the try fails,
/// and the caller says so in a line and goes on with the next file.
public enum Memory {
    /// Whether `bytes` can be allocated now (a `malloc` of that size, freed at once; for
    /// large sizes glibc maps and unmaps fresh pages, so the allocation that follows gets
    /// the same room). Sizes below 1 MiB are not tried.
    public static func canAllocate(_ bytes: Int) -> Bool {
        guard bytes >= 1 << 20 else { return bytes >= 0 }
        guard let p = malloc(bytes) else { return false }
        free(p)
        return true
    }
}
