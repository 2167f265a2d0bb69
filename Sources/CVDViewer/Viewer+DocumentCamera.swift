import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel
import FoundationEssentials
import Glibc

/// The document camera's memory (`ViewMemory`): each source's view put back when it is
/// shown, saved when it changes; the view says what `ViewMemory` notes.
extension Viewer {
    /// At start, and when another source is shown: that source's remembered view, unless the
    /// command line set one.
    func restoreView(for identity: String, commandLineSet: Bool) {
        var notes: [ViewMemory.Note] = []
        let current = RememberedViews.View(orientation: state.orientation, corners: state.pageCorners)
        if let view = take.views.restore(for: identity, commandLineSet: commandLineSet, current: current, notes: &notes)
        {
            state.orientation = view.orientation
            state.pageCorners = view.corners
        }
        tell(notes)
    }

    /// After a command: saves the view when it changed.
    func rememberView() {
        var notes: [ViewMemory.Note] = []
        take.views.remember(
            RememberedViews.View(orientation: state.orientation, corners: state.pageCorners), notes: &notes)
        tell(notes)
    }

    /// Each loop: a camera switched (`n`, or plugged in) brings its own remembered view.
    func followSourceIdentity() {
        let id = take.source.identity
        guard id != take.views.identity else { return }
        restoreView(for: id, commandLineSet: false)
        drawing.pending.screen = true
        drawing.pending.picture = true
    }

    /// Says what the memory noted: a notice in the footer; the file's trouble in the window
    /// for a while and, with the reason, in English on stdout.
    private func tell(_ notes: [ViewMemory.Note]) {
        for note in notes {
            switch note {
            case .notice(let line): say(line)
            case .trouble(let line, let why):
                layout.footerMessage.show(line, until: SystemClock.monotonic + 2 * Self.noticeTime)
                reporter.status(why.map { "\(line.english): \($0)" } ?? line.english)
                drawing.pending.screen = true
            }
        }
    }
}

extension Viewer {
    /// `Shift+G`: the still as a picture file beside the snapshots, as the camera gave it
    /// (not simulated).
    /// Shift+G: the still as its pane shows it — turned, mirrored, the page straightened — and,
    /// when that differs from the camera's picture, the camera's picture too, named so.
    func saveStill() {
        guard let picture = take.still.picture else { return }
        do {
            guard let f = take.still.frame, let map = geometry?.map, !map.isIdentity else {
                let path = try output.snapshots.write(picture, named: "still")
                say(Message("still saved: %s", .text(PathName.shown(path))), seconds: Self.noticeTime)
                drawing.pending.screen = true
                return
            }
            var shown = RGBAImage(
                width: max(1, Int(map.view.width.rounded())), height: max(1, Int(map.view.height.rounded())),
                fill: RGB8(0, 0, 0))
            let layout = shown.layout
            f.bytes.withUnsafeBytes { s in
                shown.pixels.withUnsafeMutableBytes { PictureWarp.apply(map, source: s, f.layout, into: $0, layout) }
            }
            let path = try output.snapshots.write(shown, named: "still")
            let raw = try output.snapshots.write(picture, named: "still-camera")
            say(
                Message(
                    "still saved as shown: %s (the camera's picture: %s)", .text(PathName.shown(path)),
                    .text(PathName.shown(raw))),
                seconds: Self.noticeTime)
        } catch {
            say(Message(verbatim: "\(error)"))
        }
        drawing.pending.screen = true
    }
}
