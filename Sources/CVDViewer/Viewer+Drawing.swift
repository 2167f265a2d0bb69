import CSDL2
import CVDCore
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel

/// The live view's drawing: the panes simulated (on the GPU or the CPU), the pictures
/// placed, the overlays laid out and drawn, then presented.
extension Viewer {
    /// Simulates the frame into the pane textures for `shown` (and, when the frame or its
    /// simulation is new, sends it to the virtual camera first: a pane showing that picture
    /// uploads it). A renderer that fails hands over to the software one (`renderFailed`).
    func simulate(_ shown: (geometry: ViewGeometry, regions: PaneRegions)?, sending: Bool) throws(ViewerError) {
        let t = SystemClock.monotonic
        drawing.kernels.balance = state.whiteBalance ?? .none
        output.probes.profiler.beginFrame(at: t)
        do throws(RenderFault) {
            if sending, let f = take.frame {
                try drawing.virtualCamera.send(
                    f, state.simulation, kernels: drawing.kernels, panes: drawing.panes,
                    shown: state.renderedSimulations.count,
                    map: shown?.geometry.map)
            }
            if let f = take.frame, let shown {
                let shares = try drawing.panes.render(
                    f, state.renderedSimulations, regions: shown.regions, picked: state.picked, assisted: assisted,
                    still: shownStill, simulated: drawing.virtualCamera.simulated
                ) { output.probes.profiler.add($0, $1) }
                reportShares(shares)
                if printParts, let parts = drawing.panes.changedParts {
                    reporter.status("parts: picture " + parts.map(\.description).joined(separator: " "))
                }
            }
        } catch {
            try renderFailed(error)
            return
        }
        analysis.readProbes(take.frame, state, still: shownStill)
        drawing.pending.picture = false
        drawing.pending.screen = true
        output.probes.profiler.add(.simulate, SystemClock.monotonic - t)
    }

    /// Draws and presents the screen (a screenshot that is due is taken from it); false
    /// means quit (the screenshot or the benchmark is done). `parts`: the picture's parts
    /// (its pixels) that alone changed since the last drawing, if that is all that did.
    func draw(_ geometry: ViewGeometry?, parts: [PixelRect]? = nil) throws(ViewerError) -> Bool {
        let t = SystemClock.monotonic
        let finishing = output.probes.screenshotDue
        if finishing {
            output.snapshots.ask(screenshot: true)
            output.probes.screenshotTaken()
        }
        // Cleared first: what happens while drawing (a snapshot saved, its message)
        // asks for the next drawing at once, with or without a new frame.
        drawing.pending.screen = false
        do throws(RenderFault) {
            try render(geometry, parts: parts)
        } catch {
            try renderFailed(error)
            return !finishing
        }
        take.stats.presented(at: SystemClock.monotonic)
        output.probes.profiler.add(.renderAndPresent, SystemClock.monotonic - t)
        output.probes.profiler.endFrame(at: SystemClock.monotonic)
        let benchmarkDone = output.probes.presented(at: SystemClock.monotonic)
        return !finishing && !benchmarkDone
    }

    /// Draws the pictures as `geometry` places them (nil: no picture yet), then the
    /// overlays — only where `parts` of the picture changed, when nothing else did and the
    /// renderer can (`drawParts`).
    func render(_ geometry: ViewGeometry?, parts: [PixelRect]? = nil) throws(RenderFault) {
        let start = SystemClock.monotonic
        let screen = canvas.backend
        let window = screen.outputSize
        let held = drawing.panes.rendered
        let drawn =
            geometry.flatMap { g in
                held != nil && !drawing.panes.textures.isEmpty
                    && (state.layout != .split || drawing.panes.textures.count == 2)
                    ? g : nil
            }
        let (plan, same) = overlayPlan(drawn, window: window)
        if let parts, same, let drawn, try drawParts(parts, drawn, plan: plan, window: window) { return }
        screen.clear()
        if let g = drawn { drawPictures(g) }
        let overlaysStart = SystemClock.monotonic
        output.probes.profiler.add(.pictures, overlaysStart - start)
        screen.draw(overlays(plan, drawn, same: same), text: canvas.text)
        try finishDrawing(overlaysStart)
    }

    /// The pictures' pieces as `g` places them, the whole window (`drawParts` draws the same
    /// list, in parts).
    func drawPictures(_ g: ViewGeometry) {
        let screen = canvas.backend
        let textures = drawing.panes.textures
        guard let held = drawing.panes.rendered else { return }
        let list = DrawList.pictures(g, held: held, orientation: state.orientation, panes: textures.count)
        screen.draw(list, text: canvas.text, textures: textures)
    }

    /// What follows the drawing: a snapshot or screenshot taken from it, the virtual camera
    /// fed, the window presented (`parts`: only those parts of it, of a window that size).
    func finishDrawing(_ overlaysStart: Double, parts: (rects: [PixelRect], window: FrameSize)? = nil)
        throws(RenderFault)
    {
        let due = output.snapshots.takeDue()
        if due.screenshot { saveSnapshot(screenshot: true) }
        if due.snapshot { saveSnapshot() }
        output.probes.profiler.add(.overlays, SystemClock.monotonic - overlaysStart)
        drawing.virtualCamera.send(window: canvas.backend)
        let t = SystemClock.monotonic
        if let parts {
            try canvas.backend.present(parts: parts.rects, in: parts.window)
        } else {
            try canvas.present()
        }
        output.probes.profiler.add(.present, SystemClock.monotonic - t)
    }

    /// Where `frame` goes in the view as it is now, and what the pane textures must hold for
    /// it (`LayoutStage.view`: kept while nothing it depends on changes).
    func view(of frame: Frame) -> (geometry: ViewGeometry, regions: PaneRegions) {
        layout.view(
            state: state, window: canvas.outputSize, picture: frame.size, uiScale: options.uiScale,
            measure: canvas.text)
    }

    /// The assist view's assisted texture and strength, if shown.
    var assisted: (texture: Int, strength: Double)? { state.assistedTexture.map { ($0, state.assistStrength) } }

    /// What the confusion map's stripes mean, with the picked colour, while it is on.
    var legend: OverlayPlan.Legend? {
        guard let c = state.picked else { return nil }
        let sims = state.renderedSimulations
        let named = tr("%s (%s)", c.hexString, tr(ColourNames.name(of: c)))
        if sims.count == 1 || state.layout == .single, let sim = sims.first {
            guard let share = output.said.shares.first.flatMap({ $0 }) else {
                return OverlayPlan.Legend(
                    text: tr("striped: looks like %s under %s", named, tr(sim.mode.displayName)), colour: c)
            }
            let percent = Localization.decimal(share * 100, places: 1)
            return OverlayPlan.Legend(
                text: tr(
                    "striped: looks like %s under %s: %s %% of what is shown", named, tr(sim.mode.displayName), percent),
                colour: c)
        }
        return OverlayPlan.Legend(text: tr("striped: looks like %s in each pane's mode", named), colour: c)
    }

    /// The caption strip's text, in the window's language, for the class's population.
    var captionText: String? {
        guard state.captionVisible else { return nil }
        let mode = state.layout == .quad ? state.pointerPane.map { state.quadModes[$0] } ?? state.mode : state.mode
        return Caption.message(for: mode, population: options.population).localized
    }

}
