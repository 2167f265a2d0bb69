import Glibc

/// What an interruption must not leave behind: temporaries, unfinished sets, a file half
/// written in place.
extension SafeFile {
    /// Removes every temporary being written and every file registered for roll-back, puts
    /// back the old contents of a file being written in place and takes back what a set's
    /// commit has done (on an interruption,
    /// just before the process ends: the in-place writer is stopped between two of its
    /// writes for good, `inPlaceWrites` never unlocked again).
    public static func removePending() {
        inPlaceWrites.lock()
        let p = pending.withLock { p in
            defer { p = Pending() }
            return p
        }
        if let (copy, target) = p.inPlace, restore(target, from: copy) == 0 { remove(copy) }
        for step in p.undo.reversed() { _ = step.apply() }
        for f in p.temporaries.union(p.rollBack) { remove(f) }
    }

    /// Removes a file (wraps `unlink`), its name's bytes as they are.
    static func remove(_ path: String) { PathName.withCPath(path) { _ = unlink($0) } }

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
