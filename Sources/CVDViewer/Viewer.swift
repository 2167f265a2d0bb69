import CSDL2
import CVDCore
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel
import Glibc

/// The live view: an SDL2 window showing a source's frames simulated in one or more
/// modes, driven by the keyboard and mouse through `ViewState`.
///
/// Frame path: the source's thread → `LatestFrame` (newest wins) → `PaneRenderer` (a
/// kernel per pane into streaming textures) → overlays → present. The window never
/// waits on the source: it polls the hand-off between events and sleeps at most 4 ms.
/// This file is the loop, the dirty flags and drawing; input and effects are in
/// Viewer+Events.swift, what it writes out (share lines, snapshots) in Viewer+Output.swift; geometry and gestures are the
/// view model's, drawing is the canvas's and the overlays'.
@MainActor
public final class Viewer {
    let options: ViewerOptions
    let source: FrameSource
    let reporter: any Reporter
    let sink = LatestFrame()
    var state: ViewState
    let canvas: Canvas
    let panes: PaneRenderer
    var probes: RunProbes
    /// Frame totals (printed on quit) and the `i` overlay's figures.
    var stats = LiveStats()
    /// The decode reduction last told to the source (`DecodeScale`), and the frame size last seen.
    var decodeReduction = 1
    /// What `sink.paused` was last set to (`updateSourcePause`).
    var sourcePaused = false
    var decodedSize: FrameSize?
    let snapshots: SnapshotWriter

    var frame: Frame?
    var pointer = PointerGesture()
    var readout = ProbeReadout()
    let virtualCamera: VirtualCameraOutput
    var pictureDirty = true
    var screenDirty = true
    var snapshotPending = false
    /// What the footer says for a while (a key's answer, "saved …"): in the window's
    /// language on screen, in English on stdout (`say`).
    var message: (text: Message, until: Double)?
    var lastSummary = ""
    var lastStatus = SourceStatus.running
    /// When the mode cycle last stepped.
    var lastCycleStep = SystemClock.monotonic
    /// The probe lines printed last (each is printed once).
    var printedProbeLines: [String] = []
    /// The last key's answer shown (a later key without one takes it away).
    var lastNotice: Message?
    /// `CVDCAM_PRINT_OVERLAYS=1` (for tests): each new overlay layout is printed, every
    /// label's rectangle and whether it lies over the picture.
    let printOverlays = getenv("CVDCAM_PRINT_OVERLAYS").map { String(cString: $0) == "1" } ?? false
    var lastOverlays = ""
    /// The still (`g`, `--still`), as a frame the size of the live picture.
    var stillFrame: Frame?
    /// The still as a picture (`--still FILE`, or grabbed with g), made into `stillFrame`
    /// at the live frame's size whenever that changes.
    var stillPicture: RGBAImage?
    /// The still when the still | live layout shows it.
    var shownStill: Frame? { state.layout == .stillLive ? stillFrame : nil }
    /// The source whose view (turn, straightening) is shown, and that view as last saved.
    var viewIdentity: String?
    var rememberedView = RememberedViews.View()
    /// The last overlay plan and what it was laid out for.
    var planCache: (inputs: OverlayInputs, plan: OverlayPlan)?
    /// The framed layout's bands, and what they were worked out for (`updateFraming`).
    var framedBands = ViewGeometry.Frame.none
    var framingKey: (state: ViewState, window: FrameSize, picture: FrameSize)?
    /// A still picture's last counted showing (`RunProbes.stillShown`).
    var lastStillTick = 0.0
    /// How often a still picture counts as shown again: a camera's frame period at 30 fps.
    static let stillTick = 1.0 / 30
    /// The confusable share last printed per texture (a line when it moves by a point).
    var lastShares: [Double?] = []
    var lastPicked: RGB8?
    /// When the user last pressed a key or used the mouse; labels settle after `settleDelay`.
    var lastInput = SystemClock.monotonic
    var settled = false
    /// When the pointer last moved; it hides over the picture after `pointerDelay`.
    var lastMotion = SystemClock.monotonic
    var pointerShown = true
    /// `--white-balance camera|card`, until it has acted.
    var balancePending: WhiteBalanceStart?
    /// The camera panel's controls as last drawn, and when they were last asked for.
    var panelShown: [PanelControl] = []
    var panelAsked = 0.0

    /// Seconds without input after which the footer fades and badges drop the model's name.
    static let settleDelay = 5.0
    /// Seconds of a still pointer before it hides.
    static let pointerDelay = 2.0
    /// Seconds per mode when `a` starts the cycle without `--cycle`.
    static let defaultCycleSeconds = 8.0
    /// Seconds a notice (a key's answer) stays.
    static let noticeTime = 3.0

    /// Opens the window. Throws `.noDisplay` when there is no display to open it on.
    public init(source: FrameSource, options: ViewerOptions, reporter: any Reporter) throws(ViewerError) {
        self.source = source
        self.options = options
        self.reporter = reporter
        state = ViewState(
            mode: options.mode, severity: options.severity, model: options.model, fullscreen: options.fullscreen,
            quadModes: options.quadModes)
        state.captionVisible = options.caption
        state.framed = options.framed
        if let o = options.orientation { state.orientation = o }
        if let still = options.still {
            stillPicture = still
            state.hasStill = true
            state.layout = .stillLive
        }
        if let c = options.pageCorners {
            let size = source.size
            state.pageCorners = c.map { Point($0.x / Double(size.width), $0.y / Double(size.height)) }
        }
        state.cycleModes = options.cycleModes
        if options.cycleSeconds != nil { state.apply(.toggleCycle) }
        let font = try FontLocator.find(options.fontPath)
        canvas = try Canvas(
            size: options.windowSize ?? options.pictureSize, fitToDisplay: options.windowSize == nil,
            fullscreen: options.fullscreen, display: options.display, fontPath: font.path)
        panes = PaneRenderer(canvas: canvas, alwaysTables: options.alwaysTables)
        probes = RunProbes(options: options, reporter: reporter)
        virtualCamera = VirtualCameraOutput(options: options, reporter: reporter)
        snapshots = SnapshotWriter(fixedPath: options.screenshotPath, directory: options.snapshotDirectory)
        balancePending = options.whiteBalance == .auto ? nil : options.whiteBalance
        restoreView(for: source.identity, commandLineSet: options.orientation != nil || options.pageCorners != nil)
        rememberedView = RememberedViews.View(orientation: state.orientation, corners: state.pageCorners)
        if source.isStill {
            stats.still = source.name.hasPrefix("image ") ? String(source.name.dropFirst(6)) : source.name
        }
        if let note = font.note { say(Message(verbatim: note), seconds: 3 * Self.noticeTime) }
        if let note = canvas.fitNote {
            say(note, seconds: 2 * Self.noticeTime)
        }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run() throws(ViewerError) -> Int32 {
        source.start(into: sink)
        defer { shutdown() }
        announce("showing \(source.name); \(state.summary)")
        if options.display != nil || Displays.count > 1 { reporter.status("on display \(canvas.displayDescription)") }
        probes.profiler.note("SDL renderer \(canvas.rendererName)")
        if options.virtualCamera { toggleVirtualCamera() }
        let start = SystemClock.monotonic
        var running = true
        var event = SDL_Event()
        while running {
            while SDL_PollEvent(&event) != 0 {
                if !handle(event) { running = false }
            }
            followSourceIdentity()
            if let f = sink.takeNew(), !state.frozen || frame == nil {
                frame = f
                if let p = stillPicture,
                    stillFrame.map({ $0.layout.width != f.layout.width || $0.layout.height != f.layout.height }) ?? true
                {
                    stillFrame = makeStill(p, size: f.size)
                }
                pictureDirty = true
                for key in probes.frameTaken(at: f.timestamp) where !press(key) { running = false }
                stats.taken(f)
                noteDecodedSize(f.size)
                startBalanceIfDue(startedAt: start)
            }
            if source.isStill, frame != nil, SystemClock.monotonic - lastStillTick >= Self.stillTick {
                lastStillTick = SystemClock.monotonic
                for key in probes.stillShown() where !press(key) { running = false }
            }
            let status = sink.status
            if status != lastStatus {
                lastStatus = status
                screenDirty = true
            }
            let now = SystemClock.monotonic
            if stats.update(from: sink, now: now), state.statsVisible { screenDirty = true }
            updateDecodeReduction()
            updateSourcePause()
            if let m = message, now > m.until {
                message = nil
                screenDirty = true
            }
            if !settled, now - lastInput > Self.settleDelay {
                settled = true
                screenDirty = true
            }
            if state.cameraPanelVisible { refreshCameraPanel(now) }
            if pointerShown, now - lastMotion > Self.pointerDelay {
                pointerShown = false
                canvas.showPointer(false)
            }
            if state.cycling, now - lastCycleStep >= options.cycleSeconds ?? Self.defaultCycleSeconds {
                lastCycleStep = now
                _ = apply(.cycleStep)
            }
            // The textures hold only what was shown (`PaneRegions`): a zoom, a pan or a
            // layout change needs them filled again, from the same frame (not sent out again:
            // the virtual camera sends the whole picture).
            // A screenshot that is due is drawn now, even when nothing else changed (a still
            // picture has no new frames to ask for a drawing).
            if probes.screenshotDue { screenDirty = true }
            let simulationDirty = pictureDirty
            let shown = pictureDirty || screenDirty ? frame.map { view(of: $0) } : nil
            if !pictureDirty, let shown, panes.rendered != shown.regions { pictureDirty = true }
            if pictureDirty {
                let t = SystemClock.monotonic
                panes.balance = state.whiteBalance ?? .none
                probes.profiler.beginFrame(at: t)
                // The virtual camera first: a pane showing its picture uploads it (`SimulatedFrame`).
                if simulationDirty, let f = frame {
                    virtualCamera.send(
                        f, state.simulation, kernels: panes, panes: state.renderedSimulations.count,
                        map: shown?.geometry.map)
                }
                if let f = frame, let shown {
                    let shares = panes.render(
                        f, state.renderedSimulations, regions: shown.regions, picked: state.picked,
                        assisted: assisted, still: shownStill, simulated: virtualCamera.simulated
                    ) {
                        probes.profiler.add($0, $1)
                    }
                    reportShares(shares)
                }
                readout.update(
                    frame, probes: state.probes, simulations: state.renderedSimulations, assisted: assisted,
                    balance: state.whiteBalance ?? .none, still: shownStill)
                pictureDirty = false
                screenDirty = true
                probes.profiler.add(.simulate, SystemClock.monotonic - t)
            }
            if screenDirty {
                let t = SystemClock.monotonic
                let finishing = probes.screenshotDue
                if finishing {
                    snapshotPending = true
                    probes.screenshotTaken()
                }
                // Cleared first: what happens while drawing (a snapshot saved, its message)
                // asks for the next drawing at once, with or without a new frame.
                screenDirty = false
                try render(shown?.geometry)
                stats.presented(at: SystemClock.monotonic)
                probes.profiler.add(.renderAndPresent, SystemClock.monotonic - t)
                probes.profiler.endFrame(at: SystemClock.monotonic)
                if finishing { running = false }
                if probes.presented(at: SystemClock.monotonic) { running = false }
            } else if SDL_WaitEventTimeout(&event, 4) != 0 {
                if !handle(event) { running = false }
            }
        }
        if let figures = probes.benchmarkReport(
            seconds: SystemClock.monotonic - start,
            frameSize: frame.map { $0.size.description } ?? "?",
            dropped: sink.droppedCount)
        {
            reporter.figures("benchmark", figures)
        }
        _ = stats.update(from: sink, now: SystemClock.monotonic)
        stats.readMemory()
        reporter.status(stats.totals.line)
        probes.profiler.finish()
        return 0
    }

    // MARK: Drawing

    /// Draws the pictures as `geometry` places them (nil: no picture yet), then the overlays.
    func render(_ geometry: ViewGeometry?) throws(ViewerError) {
        let start = SystemClock.monotonic
        let window = canvas.outputSize
        canvas.clear()
        var drawn: ViewGeometry?
        if let g = geometry, let held = panes.rendered, !panes.textures.isEmpty,
            state.layout != .split || panes.textures.count == 2
        {
            drawn = g
            for piece in g.pieces where piece.texture < panes.textures.count {
                if g.map.isIdentity {
                    canvas.copy(
                        panes.textures[piece.texture], held.textureRect(piece.source), to: piece.destination, in: window
                    )
                } else if !g.map.straightened, state.orientation.quarterTurns % 2 == 0 {
                    // Upside down and/or mirrored: a flipped copy of the camera picture's part.
                    canvas.copy(
                        panes.textures[piece.texture], held.textureRect(g.pictureSource(piece)), to: piece.destination,
                        flipX: state.orientation.mirrored != (state.orientation.quarterTurns == 2),
                        flipY: state.orientation.quarterTurns == 2)
                } else {
                    // Turned: one cell is exact; a straightened page: enough cells that the
                    // projective map bends less than a pixel between vertices.
                    let cells = g.map.straightened ? 32 : 1
                    let r = Double(held.reduction)
                    let mesh = g.mesh(piece, cells: cells).map { (x: $0.x, y: $0.y, u: $0.u / r, v: $0.v / r) }
                    canvas.drawMesh(panes.textures[piece.texture], mesh, columns: cells + 1, texture: held.textureSize)
                }
            }
            if let bar = g.dividerBar { canvas.fill(bar, RGB8(255, 255, 255), alpha: 230) }
        }
        let overlaysStart = SystemClock.monotonic
        probes.profiler.add(.pictures, overlaysStart - start)
        // The footer fades once the view has settled, unless it has news (a message, a
        // lost or busy camera, no picture yet).
        let footerNeeded = !settled || message != nil || lastStatus != .running || frame == nil
        let footer =
            footerNeeded
            ? SourceLine.text(
                source: source.name, status: lastStatus, hasFrame: frame != nil, message: message?.text.localized)
            : nil
        // Laid out again only when something it shows changed (most frames change nothing).
        let inputs = OverlayInputs(
            geometry: drawn, state: state, window: window, footer: footer, compact: settled,
            readings: readout.readings, caption: captionText, legend: legend?.text, legendColour: legend?.colour,
            stats: state.statsVisible ? stats.overlayLines : nil)
        let plan: OverlayPlan
        if let cached = planCache, cached.inputs == inputs {
            plan = cached.plan
        } else {
            plan = OverlayPlan(
                geometry: drawn, simulations: state.renderedSimulations, state: state, window: window,
                uiScale: options.uiScale, footer: footer, compact: settled,
                probeReadings: readout.readings, caption: captionText, legend: legend,
                stats: state.statsVisible ? stats.overlayLines : nil, measure: canvas.text)
            planCache = (inputs, plan)
        }
        if printOverlays { reportOverlays(plan, divider: drawn?.dividerBar) }
        let penWidth = max(3, Double(OverlayPlan.labelFont(state, window: window, uiScale: options.uiScale)) * 0.12)
        for s in plan.strokes { canvas.drawStroke(s, width: penWidth) }
        for m in plan.markers { canvas.drawMarker(m) }
        if !state.helpVisible, !state.cameraPanelVisible { for l in plan.leaders { canvas.drawLeader(l) } }
        if state.helpVisible {
            // The sheet covers the picture; the footer and chips would show through it.
            for box in plan.badges { canvas.draw(box) }
            canvas.draw(HelpSheet.layout(window: window, uiScale: options.uiScale, measure: canvas.text))
        } else if state.cameraPanelVisible {
            for box in plan.badges { canvas.draw(box) }
            canvas.draw(cameraPanelSheet(window))
        } else {
            for box in plan.boxes { canvas.draw(box) }
        }
        if snapshotPending {
            snapshotPending = false
            saveSnapshot()
        }
        probes.profiler.add(.overlays, SystemClock.monotonic - overlaysStart)
        virtualCamera.send(window: canvas)
        let t = SystemClock.monotonic
        canvas.present()
        probes.profiler.add(.present, SystemClock.monotonic - t)
    }

    /// Where `frame` goes in the view as it is now, and what the pane textures must hold for it.
    func view(of frame: Frame) -> (geometry: ViewGeometry, regions: PaneRegions) {
        let window = canvas.outputSize
        let g = ViewGeometry(state: state, window: window, picture: frame.size, frame: viewFrame)
        return (g, PaneRegions(geometry: g, state: state, window: window, picture: frame.size))
    }

    /// The assist view's assisted texture and strength, if shown.
    var assisted: (texture: Int, strength: Double)? { state.assistedTexture.map { ($0, state.assistStrength) } }

    /// The caption strip's text: the mode shown (in the 2×2 layout, the pane's under the pointer).
    /// The framed layout's bands (none unless `l` or `--framed` asked for them).
    var viewFrame: ViewGeometry.Frame {
        guard state.framed, let f = frame else { return .none }
        updateFraming(window: canvas.outputSize, picture: f.size)
        return framedBands
    }

    /// Works the framed layout's bands out again when what they must hold changes: the
    /// labels of this state in this window, with the footer's source line always (a message
    /// or the footer fading does not move the picture).
    func updateFraming(window: FrameSize, picture: FrameSize) {
        guard framingKey?.state != state || framingKey?.window != window || framingKey?.picture != picture else {
            return
        }
        framingKey = (state, window, picture)
        let footer = SourceLine.text(source: source.name, status: .running, hasFrame: true)
        let (sims, readings, caption, legend) = (state.renderedSimulations, readout.readings, captionText, legend)
        let lines = state.statsVisible ? stats.overlayLines : nil
        framedBands = OverlayPlan.framing(
            state, window: window, uiScale: options.uiScale, caption: caption != nil, measure: canvas.text
        ) { f in
            OverlayPlan(
                geometry: ViewGeometry(state: state, window: window, picture: picture, frame: f), simulations: sims,
                state: state, window: window, uiScale: options.uiScale, footer: footer, compact: false,
                probeReadings: readings, caption: caption, legend: legend, stats: lines, measure: canvas.text)
        }
    }

    /// What the confusion map's stripes mean, with the picked colour, while it is on.
    var legend: (text: String, colour: RGB8)? {
        guard let c = state.picked else { return nil }
        let sims = state.renderedSimulations
        let named = tr("%s (%s)", c.hexString, tr(ColorNames.name(of: c)))
        if sims.count == 1 || state.layout == .single, let sim = sims.first {
            guard let share = lastShares.first.flatMap({ $0 }) else {
                return (tr("striped: looks like %s under %s", named, tr(sim.mode.displayName)), c)
            }
            let percent = Localization.decimal(share * 100, places: 1)
            return (
                tr("striped: looks like %s under %s: %s %% of what is shown", named, tr(sim.mode.displayName), percent),
                c
            )
        }
        return (tr("striped: looks like %s in each pane's mode", named), c)
    }

    /// The caption strip's text, in the window's language, for the class's population.
    var captionText: String? {
        guard state.captionVisible else { return nil }
        let mode = state.layout == .quad ? state.pointerPane.map { state.quadModes[$0] } ?? state.mode : state.mode
        return Caption.message(for: mode, population: options.population).localized
    }

    /// Stops the source, frees what the canvas holds (the window goes with the process:
    /// see `Canvas`) and, with the window hidden, lets a table build that is under way end
    /// (quitting mid-build then leaves no thread writing into memory being torn down).
    func shutdown() {
        source.stop()
        if virtualCamera.isOn { reporter.status(virtualCamera.stop()) }
        canvas.close()
        _ = KernelCache.waitForBackgroundBuilds(timeout: 2)
    }
}
