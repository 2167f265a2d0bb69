import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel
import FoundationEssentials
import Glibc

/// The document camera's memory: how each source was turned and straightened is saved in
/// `~/.config/cvdcam/views` (`RememberedViews`) whenever it changes, and put back the next
/// time that source is shown — a camera by its name and where it is plugged in, the test
/// scene and each picture file by their own entry — with a notice saying so and how to reset.
extension Viewer {
    static var rememberedViewsFile: String { UserDirectories.config() + "/views" }
    /// The views file is a few lines; a larger one is not cvdcam's, or something went wrong:
    /// neither read nor written (bounded time and memory; `say`s why once).
    static let rememberedViewsLimit = 1 << 20

    /// The remembered views, read byte for byte (a line that is not UTF-8 is kept as it is);
    /// nil when the file cannot be used (said once: `viewsTrouble`).
    func readRememberedViews() -> RememberedViews? {
        let file = Self.rememberedViewsFile
        do throws(FileBytes.Failure) {
            let bytes = try FileBytes.read(file, limit: Self.rememberedViewsLimit)
            return RememberedViews(text: bytes.withUnsafeBufferPointer { PathName.decoded($0) })
        } catch {
            switch error {
            case .notFound, .empty: return RememberedViews()
            case .tooLarge:
                viewsTrouble(
                    Message(
                        "%s is larger than 1 MiB: views are not remembered (rename or remove it)",
                        .text(PathName.shown(file))))
            default:
                viewsTrouble(
                    Message("%s cannot be read: views are not remembered", .text(PathName.shown(file))),
                    error.description)
            }
            return nil
        }
    }

    /// Says once what is wrong with the views file (the reason, in English, on stdout).
    func viewsTrouble(_ line: Message, _ why: String? = nil) {
        guard !viewsTroubleSaid else { return }
        viewsTroubleSaid = true
        // In the window the line; on stdout the line and why, once.
        footerMessage.show(line, until: SystemClock.monotonic + 2 * Self.noticeTime)
        reporter.status(why.map { "\(line.english): \($0)" } ?? line.english)
        screenDirty = true
    }

    /// At start, and when another source is shown: that source's remembered view, unless the
    /// command line set one; a source with none is shown upright and whole (not as the last
    /// camera was).
    func restoreView(for identity: String, commandLineSet: Bool) {
        viewIdentity = identity
        guard !commandLineSet else { return }
        let remembered = readRememberedViews()
        if let problem = remembered?.problems[identity] {
            say(
                Message("the page corners remembered for this source make no page (%s): shown whole", .message(problem))
            )
        }
        let view = remembered?[identity] ?? RememberedViews.View()
        let changed = state.orientation != view.orientation || state.pageCorners != view.corners
        state.orientation = view.orientation
        state.pageCorners = view.corners
        rememberedView = view
        guard !view.isPlain else {
            if changed { say(Message("this source is shown upright and whole (r, e, t change it)")) }
            return
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
        say(line, seconds: 2 * Self.noticeTime)
    }

    /// After a command: saves the view when it changed (and the source has an identity).
    /// cvdcam's own folder is made private (`UserDirectories.privateConfig`: a HOME that is
    /// missing is not made up); then, holding the lock beside the file (`FileLock`: other
    /// windows save too), the file is read again, this source's line changed in it, and it
    /// is written whole or not at all, private (`SafeFile`, 0600).
    func rememberView() {
        let view = RememberedViews.View(orientation: state.orientation, corners: state.pageCorners)
        guard view != rememberedView, let id = viewIdentity else { return }
        rememberedView = view
        let file = Self.rememberedViewsFile
        let cannot = Message("%s cannot be written: views are not remembered", .text(PathName.shown(file)))
        do throws(UserDirectories.FolderError) {
            _ = try UserDirectories.privateConfig()
        } catch {
            guard error.code == ENOENT else { return viewsTrouble(cannot, error.description) }
            return viewsTrouble(
                Message("%s does not exist: views are not remembered", .text(PathName.shown(error.folder))))
        }
        do {
            try FileLock.holding(file + ".lock") {
                guard var all = readRememberedViews() else { return }
                all[id] = view
                try SafeFile.write(PathName.bytes(all.text), to: file, private: true)
            }
        } catch {
            viewsTrouble(cannot, "\(error)")
        }
    }

    /// Each loop: a camera switched (`n`, or plugged in) brings its own remembered view.
    func followSourceIdentity() {
        let id = source.identity
        guard id != viewIdentity else { return }
        restoreView(for: id, commandLineSet: false)
        screenDirty = true
        pictureDirty = true
    }
}

extension Viewer {
    /// `Shift+G`: the still as a picture file beside the snapshots, as the camera gave it
    /// (not simulated).
    /// Shift+G: the still as its pane shows it — turned, mirrored, the page straightened — and,
    /// when that differs from the camera's picture, the camera's picture too, named so.
    func saveStill() {
        guard let picture = stillPicture else { return }
        do {
            guard let f = stillFrame, let map = geometry?.map, !map.isIdentity else {
                let path = try snapshots.write(picture, named: "still")
                say(Message("still saved: %s", .text(PathName.shown(path))), seconds: Self.noticeTime)
                screenDirty = true
                return
            }
            var shown = RGBAImage(
                width: max(1, Int(map.view.width.rounded())), height: max(1, Int(map.view.height.rounded())),
                fill: RGB8(0, 0, 0))
            let layout = shown.layout
            f.bytes.withUnsafeBytes { s in
                shown.pixels.withUnsafeMutableBytes { PictureWarp.apply(map, source: s, f.layout, into: $0, layout) }
            }
            let path = try snapshots.write(shown, named: "still")
            let raw = try snapshots.write(picture, named: "still-camera")
            say(
                Message(
                    "still saved as shown: %s (the camera's picture: %s)", .text(PathName.shown(path)),
                    .text(PathName.shown(raw))),
                seconds: Self.noticeTime)
        } catch {
            say(Message(verbatim: "\(error)"))
        }
        screenDirty = true
    }

    /// A still (`--still FILE`, or one grabbed with g): the picture fitted into a frame the live picture's size (letterboxed,
    /// centred), once that size is known.
    func makeStill(_ image: RGBAImage, size: FrameSize) -> Frame {
        var out = RGBAImage(width: size.width, height: size.height, fill: RGB8(0, 0, 0))
        let sx = Double(size.width) / Double(image.width)
        let sy = Double(size.height) / Double(image.height)
        let scale = min(sx, sy)
        let w = max(1, Int(Double(image.width) * scale))
        let h = max(1, Int(Double(image.height) * scale))
        let x0 = (size.width - w) / 2
        let y0 = (size.height - h) / 2
        for y in 0..<h {
            let sy = min(image.height - 1, Int(Double(y) / scale))
            for x in 0..<w { out[x0 + x, y0 + y] = image[min(image.width - 1, Int(Double(x) / scale)), sy] }
        }
        return Frame(bytes: out.pixels, layout: out.layout, timestamp: 0)
    }
}
