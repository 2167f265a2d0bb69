import CSDL2
import CSDL2X11
import CVDCheck
import CVDCore
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel
import Glibc

/// The live view: an SDL2 window showing a source's frames simulated in one or more
/// modes, driven by the keyboard and mouse through `ViewState`.
///
/// Each turn of the loop takes the source's newest frame (`TakeStage`: the source's thread
/// → `LatestFrame`, newest wins), reads what the view asks of it (`AnalysisStage`: probes,
/// the check), lays out what it shows (`LayoutStage`: one `OverlayPlan`), and draws
/// (`DrawingStage`: a simulation per pane into the renderer's textures, on the GPU or the
/// CPU, then one `DrawList` of pictures and overlays that the backend translates); what it
/// writes besides is the `OutputStage`'s. The window never waits on the source: it takes the
/// hand-off between events and sleeps until the next event, which a new frame or status
/// brings (`LoopWake`), or `idleWait` at most (`scriptWait` for a script). This file is
/// the loop; drawing is in Viewer+Drawing.swift, the renderer's faults in
/// Viewer+Renderer.swift, input and effects in Viewer+Events.swift, what it writes out
/// (share lines, snapshots) in Viewer+Output.swift; geometry and gestures are the view
/// model's.
@MainActor
public final class Viewer {
    let options: ViewerOptions
    let reporter: any Reporter
    /// What the keys and the mouse chose (the view model's).
    var state: ViewState
    /// The window and its renderer.
    let canvas: Canvas
    /// The frame's stages, in order: what came from the source, what was read from it,
    /// where things go, what is drawn and sent out; and what is written besides.
    var take: TakeStage
    var analysis = AnalysisStage()
    var layout: LayoutStage
    var drawing: DrawingStage
    var output: OutputStage

    /// How long the loop sleeps at most when no event comes: a frame, a status, a key or
    /// the mouse wakes it at once (`LoopWake`), so this paces only what the loop does by
    /// the clock (a message's end, the figures, the window's place): a still desktop
    /// costs next to nothing. Longer than a frame's period at 10 fps or more, so that a
    /// live source's frame costs one turn of the loop, not a timed-out turn as well.
    static let idleWait: Int32 = 100
    /// The most it sleeps while a script's key or screenshot is to come: a camera frame
    /// period, rounded up (`StillShowings.period`), so that a picture that stays (a file,
    /// a frozen picture) counts 30 frames a second, as a camera's would.
    static let scriptWait = Int32((StillShowings.period * 1000).rounded(.up))
    /// Each new overlay layout printed (`ViewerDiagnostics.printOverlays`, for tests): every
    /// label's rectangle and whether it lies over the picture.
    var printOverlays: Bool { options.diagnostics.printOverlays }
    /// The still when the still | live layout shows it.
    var shownStill: Frame? { state.layout == .stillLive ? take.still.frame : nil }

    /// Seconds per mode when `a` starts the cycle without `--cycle`.
    static let defaultCycleSeconds = 8.0
    /// Seconds a notice (a key's answer) stays.
    static let noticeTime = 3.0

    /// Opens the window. Throws `.noDisplay` when there is no display to open it on.
    public init(source: FrameSource, options: ViewerOptions, reporter: any Reporter) throws(ViewerError) {
        self.options = options
        self.reporter = reporter
        state = ViewState(
            mode: options.mode, severity: options.severity, model: options.model, fullscreen: options.fullscreen,
            quadModes: options.quadModes)
        state.captionVisible = options.caption
        state.framed = options.framed
        if let o = options.orientation { state.orientation = o }
        if options.still != nil {
            state.hasStill = true
            state.layout = .stillLive
        }
        if let c = options.pageCorners {
            let size = source.size
            let corners = c.map { Point($0.x / Double(size.width), $0.y / Double(size.height)) }
            if let problem = PageShape.problem(corners) { throw .badCorners(problem.english) }
            state.pageCorners = corners
        }
        state.cycleModes = options.cycleModes
        if options.cycleSeconds != nil { state.apply(.toggleCycle) }
        let font = try FontLocator.find(options.fontPath)
        canvas = try Canvas(
            size: options.windowSize ?? options.pictureSize, fitToDisplay: options.windowSize == nil,
            fullscreen: options.fullscreen, display: options.display, fontPaths: font.paths,
            fontNote: { [reporter] in reporter.status($0) }, renderer: options.renderer,
            area: Self.windowPlace(source as? any OwnWindowWatcher),
            diagnostics: options.diagnostics)
        let opened = canvas.clientRect
        let now = SystemClock.monotonic
        take = TakeStage(
            source: source, still: StillPicture(picture: options.still),
            balance: options.whiteBalance == .auto ? nil : options.whiteBalance, now: now)
        layout = LayoutStage(
            windowShape: WindowShape(
                follows: options.windowSize == nil, asked: FrameSize(Int(opened.w), Int(opened.h)),
                settleUntil: now + 0.3, fitFrameUntil: now + 3),
            now: now)
        let kernels = PaneKernels(alwaysTables: options.alwaysTables)
        drawing = DrawingStage(
            kernels: kernels, panes: canvas.backend.makePanes(kernels),
            virtualCamera: VirtualCameraOutput(options: options, reporter: reporter))
        output = OutputStage(
            snapshots: SnapshotWriter(fixedPath: options.screenshotPath, directory: options.snapshotDirectory),
            probes: RunProbes(options: options, reporter: reporter))
        state.screenIsSource = source is RegionPickingSource
        take.stats.camera = !state.screenIsSource
        restoreView(for: source.identity, commandLineSet: options.orientation != nil || options.pageCorners != nil)
        if source.isStill {
            take.stats.still = source.name.hasPrefix("image ") ? String(source.name.dropFirst(6)) : source.name
        }
        if let note = font.note { say(Message(verbatim: note), seconds: 3 * Self.noticeTime) }
        if let note = canvas.fitNote {
            say(note, seconds: 2 * Self.noticeTime)
        }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run() throws(ViewerError) -> Int32 {
        watchXServer()
        followOwnWindow()
        let wake = LoopWake(display: cvd_x11_window_connection(canvas.window))
        take.sink.onNews { wake.post() }
        defer { take.sink.onNews(nil) }
        take.source.start(into: take.sink)
        defer { shutdown() }
        announce("showing \(take.source.name); \(state.summary)")
        if options.display != nil || Displays.count > 1 { reporter.status("on display \(canvas.displayDescription)") }
        reporter.status(rendererLine)
        output.probes.profiler.note(rendererLine)
        take.stats.renderer = canvas.backend.name
        if options.virtualCamera { toggleVirtualCamera() }
        let start = SystemClock.monotonic
        var running = true
        var event = SDL_Event()
        // Whether the last turn ended in a wait that took the window system's events into
        // SDL's queue and woke for a frame or an event: then the queue is emptied without
        // asking the X server again (SDL_PollEvent pumps it first: a dozen reads of the
        // connection). What comes after the wait is taken by the next one, which pumps
        // before it sleeps.
        var pumped = false
        while running {
            while pumped
                ? SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1
                : SDL_PollEvent(&event) != 0
            {
                if !wake.taken(event), !handle(event) { running = false }
            }
            pumped = false
            followSourceIdentity()
            if !takeFrame(startedAt: start) { running = false }
            if !tick() { running = false }
            let due = output.probes.screenshotDue
            let shown = drawing.pending.needsView(screenshotDue: due) ? take.frame.map { view(of: $0) } : nil
            let work = drawing.pending.work(held: drawing.panes.rendered, wanted: shown?.regions, screenshotDue: due)
            if work.simulate { try simulate(shown, sending: work.send) }
            if work.draw {
                let parts = work.onlyChangedParts ? drawing.panes.changedParts : nil
                if !(try draw(shown?.geometry, parts: parts)) { running = false }
            }
            // Drawn and nothing more asked for, or nothing to do: sleep until the next event
            // (a frame's news among them), so that a frame costs one turn, not two.
            if running, !work.draw || !drawing.pending.needsView(screenshotDue: output.probes.screenshotDue) {
                switch wake.wait(&event, milliseconds: output.probes.awaitsFrames ? Self.scriptWait : Self.idleWait) {
                case .event:
                    pumped = true
                    if !handle(event) { running = false }
                case .woken: pumped = true
                case .other: pumped = false
                }
            }
        }
        if let figures = output.probes.benchmarkReport(
            seconds: SystemClock.monotonic - start,
            frameSize: take.frame.map { $0.size.description } ?? "?",
            dropped: take.sink.droppedCount)
        {
            reporter.figures("benchmark", figures)
        }
        _ = take.stats.update(from: take.sink, now: SystemClock.monotonic)
        take.stats.readMemory()
        reporter.status(take.stats.totals.line)
        output.probes.profiler.finish()
        // A script asked for a picture: no picture is a failure (written, or why not, said above).
        guard let shot = options.screenshotPath, !output.snapshots.screenshotWritten else { return 0 }
        reporter.failure("no screenshot was written to \(PathName.shown(shot))")
        return 1
    }
}
