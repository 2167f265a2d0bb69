import Glibc

/// What an interruption must not leave behind: temporaries, unfinished sets, a file half
/// written in place.
extension SafeFile {
    /// Registers files a command is making as a set (`convert --mode all`): removed if it
    /// is interrupted before it ends (`finished` unregisters them).
    public static func rollBackIfInterrupted(_ path: String) {
        pending.withLock { _ = $0.rollBack.insert(resolved(path)) }
    }

    public static func finished(_ paths: [String]) {
        pending.withLock { p in for path in paths { p.rollBack.remove(resolved(path)) } }
    }

    /// Removes every temporary being written and every file registered for roll-back, and
    /// puts back the old contents of a file being written in place (on an interruption,
    /// just before the process ends: the in-place writer is stopped between two of its
    /// writes for good, `inPlaceWrites` never unlocked again).
    public static func removePending() {
        inPlaceWrites.lock()
        let p = pending.withLock { p in
            defer { p = Pending() }
            return p
        }
        if let (copy, target) = p.inPlace, restore(target, from: copy) == 0 { remove(copy) }
        for f in p.temporaries.union(p.rollBack) { remove(f) }
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
    static let counter = Counter()

    final class Counter: Sendable {
        private let value = Locked(0)
        func next() -> Int {
            value.withLock { v in
                defer { v += 1 }
                return v
            }
        }
    }
}
