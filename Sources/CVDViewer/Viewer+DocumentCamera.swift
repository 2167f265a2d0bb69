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

    func readRememberedViews() -> RememberedViews {
        RememberedViews(text: (try? String(contentsOfFile: Self.rememberedViewsFile, encoding: .utf8)) ?? "")
    }

    /// At start, and when another source is shown: that source's remembered view, unless the
    /// command line set one; a source with none is shown upright and whole (not as the last
    /// camera was).
    func restoreView(for identity: String, commandLineSet: Bool) {
        viewIdentity = identity
        guard !commandLineSet else { return }
        let view = readRememberedViews()[identity] ?? RememberedViews.View()
        let changed = state.orientation != view.orientation || state.pageCorners != view.corners
        state.orientation = view.orientation
        state.pageCorners = view.corners
        rememberedView = view
        guard !view.isPlain else {
            if changed { say(Message("this source is shown upright and whole (r, e, t change it)")) }
            return
        }
        let turned = Message("turned %s", .message(view.orientation.words))
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
    func rememberView() {
        let view = RememberedViews.View(orientation: state.orientation, corners: state.pageCorners)
        guard view != rememberedView, let id = viewIdentity else { return }
        rememberedView = view
        var all = readRememberedViews()
        all[id] = view
        let dir = UserDirectories.config()
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Written whole under a temporary name, then renamed: a crash never leaves half a file.
        let temp = Self.rememberedViewsFile + ".new"
        if (try? all.text.write(toFile: temp, atomically: false, encoding: .utf8)) != nil {
            _ = rename(temp, Self.rememberedViewsFile)
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
    func saveStill() {
        guard let picture = stillPicture else { return }
        do {
            let path = try snapshots.write(picture, named: "still")
            say(Message("still saved: %s", .text(path)), seconds: Self.noticeTime)
        } catch {
            say(Message(verbatim: "\(error)"))
        }
        screenDirty = true
    }

    /// A frame as an RGBA picture at its size (not simulated).
    static func picture(of f: Frame) -> RGBAImage {
        var rgba = RGBAImage(width: f.layout.width, height: f.layout.height, fill: RGB8(0, 0, 0))
        let layout = rgba.layout
        rgba.pixels.withUnsafeMutableBytes { d in
            f.bytes.withUnsafeBytes { s in
                // Same size both sides: the identity kernel cannot fail.
                try? FrameKernel(.identity).apply(
                    source: s, sourceLayout: f.layout, destination: d, destinationLayout: layout, ycbcr: f.ycbcr,
                    strategy: .compute)
            }
        }
        return rgba
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
