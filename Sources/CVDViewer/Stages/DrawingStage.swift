import CVDViewModel

/// The last stage of the view's frame: the pictures made for the window and sent out. The
/// CPU's kernels, the renderer's pane pictures, the virtual camera, and what must be done
/// again (`pending`): the simulation or only the drawing.
struct DrawingStage {
    /// The CPU's kernels (the software panes', the virtual camera's, the confusion maps').
    let kernels: PaneKernels
    /// The renderer's pane pictures (made again when the renderer changes).
    var panes: any PaneBackend
    /// Where the simulated picture is sent out (`v4l2loopback`), when it is on.
    let virtualCamera: VirtualCameraOutput
    /// What must be done again before the window is right.
    var pending = Pending()
    /// The overlays last drawn over the whole window. Drawing only a new frame's changed
    /// parts (nothing else changed) draws these again there: they are still what shows.
    var overlaysDrawn: DrawList?

    /// What a change asks of the next turn of the loop.
    struct Pending: Equatable {
        /// The frame must be simulated into the panes again (a new frame, a new mode, a zoom).
        var picture = true
        /// The window must be drawn again (anything shown changed).
        var screen = true

        /// What the loop does this turn, the panes holding `held` and the view wanting
        /// `wanted` (nil: no frame yet, or nothing pending that needs the view); a screenshot
        /// due is drawn even when nothing changed.
        func work(held: PaneRegions?, wanted: PaneRegions?, screenshotDue: Bool) -> Work {
            let screen = screen || screenshotDue
            // The textures hold only what was shown: a zoom, a pan or a layout change fills
            // them again from the same frame, not sent out again (the virtual camera sends
            // the whole picture).
            let simulate = picture || (wanted != nil && held != wanted)
            return Work(
                simulate: simulate, send: picture, draw: screen || simulate,
                // A new frame alone (nothing else changed) draws only the parts it changed.
                onlyChangedParts: !screen)
        }

        /// Whether the view (geometry and regions) is needed to decide this turn's work.
        func needsView(screenshotDue: Bool) -> Bool { picture || screen || screenshotDue }
    }

    /// One turn's work: simulate the frame (and send it out, when it is new to the panes),
    /// draw the window (only the picture's changed parts, when nothing else changed).
    struct Work: Equatable {
        var simulate: Bool
        var send: Bool
        var draw: Bool
        var onlyChangedParts: Bool
    }
}
