import CVDCore
import CVDViewModel

/// The window follows the picture's shape: a portrait page turned to landscape gets a
/// landscape window (within the display), also when a restart restores the turn — unless
/// the teacher sized the window (`--window`, or by dragging its edge). Its frame stays on
/// the display.
extension Viewer {
    /// Called every tick: reshapes the window when the shown picture's shape changed.
    func followPictureShape(now: Double) {
        // Not while going in or out of full screen (the window's size is in flux then).
        if now < layout.windowShape.fitFrameUntil, now > layout.windowShape.settleUntil, !state.fullscreen,
            let asked = canvas.fitFrame()
        {
            layout.windowShape.asked = asked
            layout.windowShape.settleUntil = now + 1
            drawing.pending.screen = true
        }
        guard layout.windowShape.follows, !state.fullscreen, !canvas.isFullscreen, let f = take.frame else { return }
        let view = PictureMap(picture: f.size, orientation: state.orientation, corners: state.pageCorners).view
        guard view.width >= 1, view.height >= 1 else { return }
        let shown = FrameSize(Int(view.width.rounded()), Int(view.height.rounded())).scaledDown(
            toFit: FrameSize(1920, 1080))
        guard shown != layout.windowShape.followed else { return }
        layout.windowShape.followed = shown
        // Already in its shape (within 2 %: a picture's own window was made for it).
        let r = canvas.clientRect
        guard abs(Double(r.w) / Double(r.h) / (view.width / view.height) - 1) > 0.02 else { return }
        layout.windowShape.asked = canvas.reshape(toPicture: shown)
        layout.windowShape.settleUntil = now + 1
        layout.windowShape.fitFrameUntil = now + 2
        drawing.pending.screen = true
    }

    /// The window manager reports the window's new size: unless cvdcam asked for it (or it
    /// is going in or out of full screen), the teacher sized it, and it stays as sized.
    func windowResized(to size: FrameSize, now: Double) {
        guard now > layout.windowShape.settleUntil, !state.fullscreen, !canvas.isFullscreen,
            size != layout.windowShape.asked
        else { return }
        layout.windowShape.follows = false
    }
}
