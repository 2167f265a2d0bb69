import Glibc

extension SafeFile {
    /// Several files written as one set (`convert --mode all`: a picture per mode). Each is
    /// made whole beside its target as it comes (`add`), and only once all are made are
    /// they put in place (`commit`), by renames. A failure before that (a full disk at the
    /// third picture) or an interruption removes what was made: every old file stays as it
    /// was and no new name is left. A file that must be written in place (see `SafeFile`)
    /// is written at the commit, before the renames; a device or a pipe at once. Only an
    /// interruption between two renames (microseconds) can leave old files of the set
    /// replaced; the new names are removed then too.
    public struct Batch {
        private var staged: [Staged] = []
        private var inPlace: [(bytes: [UInt8], target: String, path: String, old: stat, private: Bool)] = []

        public init() {}

        /// Makes `bytes` ready to become `path` (as `write` would write it); a failure
        /// removes what the set has made so far, and says so.
        public mutating func add(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666, private: Bool = false)
            throws(WriteError)
        {
            let result: Result<Way, WriteError> = bytes.withUnsafeBytes { b in
                do throws(WriteError) {
                    let way = try stage(b, to: path, mode: mode, private: `private`)
                    if case .straight = way { try writeStraight(b, to: path) }
                    return .success(way)
                } catch { return .failure(error) }
            }
            switch result {
            case .success(.staged(let made)): staged.append(made)
            case .success(.inPlace(let target, let old)): inPlace.append((bytes, target, path, old, `private`))
            case .success(.straight): break
            case .failure(let error):
                let others = !staged.isEmpty || !inPlace.isEmpty
                abandon()
                guard others else { throw error }
                throw WriteError(
                    path: error.path, code: error.code, existed: error.existed, reason: error.reason,
                    outcome: "nothing of the set was written (the old files are kept)")
            }
        }

        /// Puts every file of the set in place.
        public mutating func commit() throws(WriteError) {
            defer { abandon() }
            for (k, f) in inPlace.enumerated() {
                let failure: WriteError? = f.bytes.withUnsafeBytes { b in
                    do throws(WriteError) {
                        try writeInPlace(b, to: f.target, path: f.path, old: f.old, private: f.private)
                        return nil
                    } catch { return error }
                }
                if let failure {
                    guard k > 0 else { throw failure }
                    throw WriteError(
                        path: failure.path, code: failure.code, existed: true, reason: failure.reason,
                        outcome: failure.outcome + "; \(k) written in place before it hold the new pictures")
                }
            }
            let new = staged.filter { !$0.existed }.map(\.target)
            pending.withLock { p in for t in new { p.rollBack.insert(t) } }
            defer { pending.withLock { p in for t in new { p.rollBack.remove(t) } } }
            for (k, made) in staged.enumerated() {
                do throws(WriteError) {
                    try made.install()
                } catch {
                    // The new names put in place are removed again; the rest is dropped (`abandon`).
                    let done = staged[..<k]
                    for before in done where !before.existed { remove(before.target) }
                    let replaced = inPlace.count + done.filter(\.existed).count
                    staged.removeFirst(k + 1)
                    guard replaced > 0 else { throw error }
                    throw WriteError(
                        path: error.path, code: error.code, existed: error.existed, reason: error.reason,
                        outcome: error.outcome + "; \(replaced) old files of the set were already replaced")
                }
            }
            staged = []
        }

        /// Removes what the set has made and not yet put in place.
        public mutating func abandon() {
            for made in staged { made.drop() }
            staged = []
            inPlace = []
        }
    }
}
