import Glibc

extension SafeFile {
    /// Several files written as one set (`convert --mode all`: a picture per mode). Each is
    /// made whole beside its target as it comes (`add`), and only once all are made are
    /// they put in place (`commit`). A failure before that (a full disk at the third
    /// picture) or an interruption removes what was made: every old file stays as it was
    /// and no new name is left. The commit keeps a way back for each step — the old
    /// contents of a file written in place (see `SafeFile`) copied aside, a second name for
    /// an old file renamed over — so a failure or an interruption in it puts every old file
    /// back too (where the file system has no hard links, such as FAT, an old file renamed
    /// over has no way back). A device or a pipe is written at once.
    public struct Batch {
        private var staged: [Staged] = []
        private var inPlace: [(bytes: [UInt8], target: String, path: String, old: stat, private: Bool)] = []
        /// The files added: with one, a failure says what became of it, as `write` does.
        private var files = 0

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
            if case .success = result { files += 1 }
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
                    outcome: Self.kept)
            }
        }

        static let kept = "no file of the set was replaced (the old files are kept)"

        /// Puts every file of the set in place, or (on a failure) none. Each rename, with its
        /// undo step, is one step under `inPlaceWrites`, which an interruption takes for good
        /// before it takes the steps back: nothing is put in place after that.
        public mutating func commit() throws(WriteError) {
            defer { abandon() }
            var done: [Undo] = []
            // Old files renamed over where no second name could be made (FAT has no hard links).
            var noWayBack = 0
            func step(_ u: Undo) {
                done.append(u)
                pending.withLock { $0.undo.append(u) }
            }
            func failed(_ error: WriteError) -> WriteError {
                let back = done.reversed().allSatisfy { $0.apply() }
                pending.withLock { $0.undo = [] }
                let outcome =
                    !back
                    ? error.outcome + "; some old files of the set could not be put back"
                    : noWayBack > 0
                        ? error.outcome + "; \(noWayBack) old files of the set were replaced with no way back "
                            + "(this file system has no hard links)"
                        : files > 1 ? Self.kept : error.outcome
                return WriteError(
                    path: error.path, code: error.code, existed: error.existed, reason: error.reason, outcome: outcome)
            }
            for f in inPlace {
                let failure: WriteError? = f.bytes.withUnsafeBytes { b in
                    do throws(WriteError) {
                        // The old contents copied aside once, kept until the whole set is in place.
                        let fd = try openInPlace(f.target, path: f.path, old: f.old)
                        var st = stat()
                        guard fstat(fd, &st) == 0 else {
                            close(fd)
                            throw WriteError(path: f.path, code: errno, existed: true)
                        }
                        let copied = Result { () throws(WriteError) in
                            try copyAside(from: fd, size: Int(st.st_size), target: f.target, path: f.path)
                        }
                        close(fd)
                        let copy = try copied.get()
                        step(.contents(copy: copy, target: f.target))
                        pending.withLock { _ = $0.temporaries.remove(copy) }
                        try writeInPlace(b, to: f.target, path: f.path, old: f.old, private: f.private, keptCopy: copy)
                        return nil
                    } catch { return error }
                }
                if let failure { throw failed(failure) }
            }
            for made in staged {
                let failure: WriteError? = inPlaceWrites.withLock {
                    if !made.existed {
                        step(.new(target: made.target))
                    } else {
                        let backup = PathName.appending(
                            ".\(PathName.lastComponent(made.target)).cvdcam-\(getpid())-\(counter.next()).old",
                            to: { $0.isEmpty ? "." : $0 }(PathName.directory(made.target)))
                        let linked = PathName.withCPath(made.target) { t in PathName.withCPath(backup) { link(t, $0) } }
                        if linked == 0 { step(.name(backup: backup, target: made.target)) } else { noWayBack += 1 }
                    }
                    do throws(WriteError) {
                        try made.install()
                        return nil
                    } catch { return error }
                }
                if let failure { throw failed(failure) }
            }
            for u in done { u.drop() }
            pending.withLock { $0.undo = [] }
            staged = []
            inPlace = []
            files = 0
        }

        /// Removes what the set has made and not yet put in place.
        public mutating func abandon() {
            for made in staged { made.drop() }
            staged = []
            inPlace = []
            files = 0
        }
    }

    /// A step of a set's commit, and how it is taken back.
    enum Undo: Sendable {
        /// Written in place: the old contents are in `copy`.
        case contents(copy: String, target: String)
        /// Renamed over: the old file is still `backup` (a second name of it).
        case name(backup: String, target: String)
        /// A new name: removed.
        case new(target: String)

        /// Takes the step back; false where that failed (the copy is then kept).
        func apply() -> Bool {
            switch self {
            case .contents(let copy, let target):
                guard restore(target, from: copy) == 0 else { return false }
                remove(copy)
            case .name(let backup, let target):
                guard PathName.withCPath(backup, { b in PathName.withCPath(target) { rename(b, $0) } }) == 0 else {
                    return false
                }
                // Where the new file never took the name, both names are still the old file
                // and rename() does nothing: the second name goes.
                remove(backup)
            case .new(let target): remove(target)
            }
            return true
        }

        /// The step kept: the copy or the old name let go.
        func drop() {
            switch self {
            case .contents(let copy, _): remove(copy)
            case .name(let backup, _): remove(backup)
            case .new: break
            }
        }
    }
}
