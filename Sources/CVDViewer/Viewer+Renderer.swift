import CSDL2
import CVDCore
import CVDSources
import CVDViewModel

/// Which renderer draws, and what happens when it fails: one line saying what happened,
/// and the view goes on in the software renderer with everything on screen kept (the
/// state — mode, layout, zoom, probes, pen, still, turn — lives in `ViewState` and the
/// viewer, not in the renderer).
extension Viewer {
    /// `renderer: OpenGL 4.5 (llvmpipe)`, or `renderer: software (why)` where OpenGL was
    /// asked for or tried.
    var rendererLine: String {
        "renderer: \(canvas.backend.name)" + (canvas.rendererNote.map { " (\($0))" } ?? "")
    }

    /// The renderer failed (a GL error, a lost context): says so, frees it, and draws on
    /// in the software renderer — everything is drawn again from the current frame.
    func renderFailed(_ fault: RenderFault) throws(ViewerError) {
        drawing.panes.close()
        try canvas.fallBackToSoftware(fault)
        drawing.panes = canvas.backend.makePanes(drawing.kernels)
        (layout.planCache, layout.fullPlan) = (nil, nil)
        drawing.pending.picture = true
        drawing.pending.screen = true
        reporter.status("the OpenGL renderer failed: \(fault); going on with the software renderer")
        say(Message("OpenGL stopped working: the software renderer draws now"), seconds: Self.noticeTime * 2)
        take.stats.renderer = canvas.backend.name
        output.probes.profiler.note(rendererLine)
    }

    /// Stops the source, frees what the canvas holds (the window goes with the process:
    /// see `Canvas`) and, with the window hidden, lets a table build that is under way end
    /// (quitting mid-build then leaves no thread writing into memory being torn down).
    func shutdown() {
        take.source.stop()
        if drawing.virtualCamera.isOn { reporter.status(drawing.virtualCamera.stop().english) }
        drawing.panes.close()
        canvas.close()
        _ = KernelCache.waitForBackgroundBuilds(timeout: 2)
    }
}
