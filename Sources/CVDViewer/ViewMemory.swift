import CVDCore
import CVDSystem
import CVDViewModel
import FoundationEssentials
import Glibc

/// The document camera's memory, as a stage of the view: how each source was turned and
/// straightened is saved in the views file (`RememberedViews`, `~/.config/cvdcam/views`)
/// whenever it changes, and put back the next time that source is shown — a camera by its
/// name and where it is plugged in, the test scene and each picture file by their own
/// entry. It says what the view should tell (`Note`); it draws nothing.
struct ViewMemory {
    /// Where the settings folder is (HOME, XDG_CONFIG_HOME).
    let environment: [String: String]
    /// The views file, in the settings folder, which is made private before each write.
    let file: String
    /// The source shown, and its view as last saved or put back.
    private(set) var identity: String?
    private(set) var saved = RememberedViews.View()
    /// Whether what is wrong with the file was said (once a run).
    private var troubleSaid = false

    /// The views file is a few lines; a larger one is not cvdcam's, or something went wrong:
    /// neither read nor written (bounded time and memory).
    static let limit = 1 << 20

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        file = UserDirectories.config(environment: environment) + "/views"
    }

    /// What the view tells the teacher.
    enum Note: Equatable {
        /// The file cannot be used: in the window for a while, with the reason on stdout (once a run).
        case trouble(Message, why: String?)
        /// A notice in the footer.
        case notice(Message)
    }

    /// The remembered views, read byte for byte (a line that is not UTF-8 is kept as it is);
    /// nil when the file cannot be used (with the trouble noted, once).
    mutating func read(_ notes: inout [Note]) -> RememberedViews? {
        // A FIFO there would hold the window until someone writes to it; a device is no file.
        var st = stat()
        if PathName.withCPath(file, { stat($0, &st) }) == 0, st.st_mode & S_IFMT != S_IFREG {
            trouble(
                Message("%s cannot be read: views are not remembered", .text(PathName.shown(file))),
                "it is not a file but a folder, a pipe or a device; rename or remove it", &notes)
            return nil
        }
        do throws(FileBytes.Failure) {
            let bytes = try FileBytes.read(file, limit: Self.limit)
            return RememberedViews(text: bytes.withUnsafeBufferPointer { PathName.decoded($0) })
        } catch {
            switch error {
            case .notFound, .empty: return RememberedViews()
            case .tooLarge:
                trouble(
                    Message(
                        "%s is larger than 1 MiB: views are not remembered (rename or remove it)",
                        .text(PathName.shown(file))), nil, &notes)
            default:
                trouble(
                    Message("%s cannot be read: views are not remembered", .text(PathName.shown(file))),
                    error.description, &notes)
            }
            return nil
        }
    }

    private mutating func trouble(_ line: Message, _ why: String?, _ notes: inout [Note]) {
        guard !troubleSaid else { return }
        troubleSaid = true
        notes.append(.trouble(line, why: why))
    }

    /// `identity` is shown now (at start, or another source): its remembered view to show,
    /// unless the command line set one (nil); a source with none is shown upright and whole,
    /// not as the last one was. `current`: the view shown until now.
    mutating func restore(
        for identity: String, commandLineSet: Bool, current: RememberedViews.View, notes: inout [Note]
    ) -> RememberedViews.View? {
        self.identity = identity
        guard !commandLineSet else {
            // The command line's view counts as saved: written only once the teacher changes it.
            saved = current
            return nil
        }
        let remembered = read(&notes)
        if let problem = remembered?.problems[identity] {
            notes.append(
                .notice(
                    Message(
                        "the page corners remembered for this source make no page (%s): shown whole", .message(problem))
                ))
        }
        let view = remembered?[identity] ?? RememberedViews.View()
        saved = view
        guard !view.isPlain else {
            if current != view {
                notes.append(.notice(Message("this source is shown upright and whole (r, e, t change it)")))
            }
            return view
        }
        // "turned 90°", "turned 180°, mirrored"; only mirrored: "mirrored".
        let turned =
            view.orientation.quarterTurns == 0
            ? view.orientation.words : Message("turned %s", .message(view.orientation.words))
        let line: Message =
            switch (view.orientation.isUpright, view.corners == nil) {
            case (false, true):
                Message(
                    "%s as last time for this source (r, e, t change it; --rotate 0 starts upright)", .message(turned))
            case (true, false):
                Message(
                    "the page straightened as last time for this source (r, e, t change it; --rotate 0 starts upright)")
            default:
                Message(
                    "%s and the page straightened as last time for this source (r, e, t change it; --rotate 0 starts upright)",
                    .message(turned))
            }
        notes.append(.notice(line))
        return view
    }

    /// The view shown now: saved when it changed (and the source has an identity). cvdcam's
    /// own folder is made private (`UserDirectories.privateConfig`: a HOME that is missing is
    /// not made up); then, holding the lock beside the file (`FileLock`: other windows save
    /// too), the file is read again, this source's line changed in it, and it is written
    /// whole or not at all, private (`SafeFile`, 0600).
    mutating func remember(_ view: RememberedViews.View, notes: inout [Note]) {
        guard view != saved, let id = identity else { return }
        saved = view
        let cannot = Message("%s cannot be written: views are not remembered", .text(PathName.shown(file)))
        do throws(UserDirectories.FolderError) {
            _ = try UserDirectories.privateConfig(environment: environment)
        } catch {
            guard error.code == ENOENT else { return trouble(cannot, error.description, &notes) }
            return trouble(
                Message("%s does not exist: views are not remembered", .text(PathName.shown(error.folder))), nil, &notes
            )
        }
        do {
            try FileLock.holding(file + ".lock") {
                guard var all = read(&notes) else { return }
                all[id] = view
                try SafeFile.write(PathName.bytes(all.text), to: file, private: true)
            }
        } catch {
            trouble(cannot, "\(error)", &notes)
        }
    }
}
