import CSDL2
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
/// Frame path: the source's thread → `LatestFrame` (newest wins) → the renderer's panes
/// (`PaneBackend`: a simulation per pane into textures, on the GPU or the CPU) → overlays
/// → present. The window never waits on the source: it takes the hand-off between events
/// and sleeps until the next event, which a new frame or status brings (`LoopWake`), or
/// `idleWait` at most. This file is the loop and its dirty flags; drawing is in
/// Viewer+Drawing.swift, the renderer's faults in Viewer+Renderer.swift, input and effects
/// in Viewer+Events.swift, what it writes out (share lines, snapshots) in
/// Viewer+Output.swift; geometry and gestures are the view model's.
@MainActor
public final class Viewer {
    let options: ViewerOptions
    let source: FrameSource
    let reporter: any Reporter
    let sink = LatestFrame()
    var state: ViewState
    let canvas: Canvas
    /// The CPU's kernels (the software panes', the virtual camera's, the confusion maps').
    let kernels: PaneKernels
    /// The renderer's pane pictures (made again when the renderer changes).
    var panes: any PaneBackend
    var probes: RunProbes
    /// Frame totals (printed on quit) and the `i` overlay's figures.
    var stats = LiveStats()
    /// What the source was last asked for and said (`updateSourceRequest`).
    var sourceLink = SourceLink()
    /// Where snapshots and `--screenshot` go, and whether one is due.
    var snapshots: SnapshotWriter

    var frame: Frame?
    var pointer = PointerGesture()
    var readout = ProbeReadout()
    let virtualCamera: VirtualCameraOutput
    var pictureDirty = true
    var screenDirty = true
    /// What the footer says for a while (a key's answer, "saved …"): in the window's
    /// language on screen, in English on stdout (`say`).
    var footerMessage = FooterMessage()
    /// What a screen source was told of the window (`followOwnWindow`).
    var ownWindow = OwnWindowReport()
    /// The window hidden for a screen source's picture, Shift+R's wait (`ScreenWindow`).
    var screenWindow = ScreenWindow()
    /// How long the loop sleeps at most when no event comes: a frame, a status, a key or
    /// the mouse wakes it at once (`LoopWake`), so this paces only what the loop does by
    /// the clock (a message's end, the figures, the window's place): a still desktop
    /// costs next to nothing.
    static let idleWait: Int32 = 30
    /// When frames came, for counting a still picture's (`StillShowings`).
    var stillShowings = StillShowings(now: SystemClock.monotonic)
    /// When the mode cycle last stepped.
    var lastCycleStep = SystemClock.monotonic
    /// Each new overlay layout printed (`ViewerDiagnostics.printOverlays`, for tests): every
    /// label's rectangle and whether it lies over the picture.
    var printOverlays: Bool { options.diagnostics.printOverlays }
    /// The still (`g`, `--still`).
    var still = StillPicture()
    /// The still when the still | live layout shows it.
    var shownStill: Frame? { state.layout == .stillLive ? still.frame : nil }
    /// Each source's view (turn, straightening), remembered (`ViewMemory`).
    var views = ViewMemory()
    /// The last overlay plan and what it was laid out for.
    var planCache: (inputs: OverlayInputs, plan: OverlayPlan)?
    /// What stdout has been told (each line once).
    var said = StdoutLines()
    /// The labels settling and the pointer hiding while nobody uses the view.
    var quiet = QuietView(now: SystemClock.monotonic)
    /// `--white-balance camera|card`, until it has acted.
    var balancePending: WhiteBalanceStart?
    /// SIGUSR1: the totals so far on stdout.
    let totalsSignal = TotalsSignal()
    /// Following the picture's shape with the window (`Viewer+WindowShape`).
    var windowShape: WindowShape
    /// The camera panel's controls as last read (`k`).
    var panel = CameraPanelReadings()
    /// The check of the material (`z`, `Viewer+Check`).
    var check = LiveCheckStage()

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
        if let picture = options.still {
            still = StillPicture(picture: picture)
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
            fontNote: { [reporter] in reporter.status($0) }, renderer: options.renderer, area: Self.windowPlace(source),
            diagnostics: options.diagnostics)
        let opened = canvas.clientRect
        windowShape = WindowShape(
            follows: options.windowSize == nil, asked: FrameSize(Int(opened.w), Int(opened.h)),
            settleUntil: SystemClock.monotonic + 0.3, fitFrameUntil: SystemClock.monotonic + 3)
        kernels = PaneKernels(alwaysTables: options.alwaysTables)
        panes = canvas.backend.makePanes(kernels)
        probes = RunProbes(options: options, reporter: reporter)
        virtualCamera = VirtualCameraOutput(options: options, reporter: reporter)
        snapshots = SnapshotWriter(fixedPath: options.screenshotPath, directory: options.snapshotDirectory)
        balancePending = options.whiteBalance == .auto ? nil : options.whiteBalance
        state.screenIsSource = source is RegionPickingSource
        stats.camera = !state.screenIsSource
        restoreView(for: source.identity, commandLineSet: options.orientation != nil || options.pageCorners != nil)
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
        watchXServer()
        followOwnWindow()
        let wake = LoopWake()
        sink.onNews { wake.post() }
        defer { sink.onNews(nil) }
        source.start(into: sink)
        defer { shutdown() }
        announce("showing \(source.name); \(state.summary)")
        if options.display != nil || Displays.count > 1 { reporter.status("on display \(canvas.displayDescription)") }
        reporter.status(rendererLine)
        probes.profiler.note(rendererLine)
        stats.renderer = canvas.backend.name
        if options.virtualCamera { toggleVirtualCamera() }
        let start = SystemClock.monotonic
        var running = true
        var event = SDL_Event()
        while running {
            while SDL_PollEvent(&event) != 0 {
                if !wake.taken(event), !handle(event) { running = false }
            }
            followSourceIdentity()
            if !takeFrame(startedAt: start) { running = false }
            if !tick() { running = false }
            // The textures hold only what was shown (`PaneRegions`): a zoom, a pan or a
            // layout change needs them filled again, from the same frame (not sent out again:
            // the virtual camera sends the whole picture).
            // A screenshot that is due is drawn now, even when nothing else changed (a still
            // picture has no new frames to ask for a drawing). A new frame alone asks for
            // the parts it changed only (`Viewer+Parts`).
            if probes.screenshotDue { screenDirty = true }
            let (simulationDirty, onlyFrame) = (pictureDirty, !screenDirty)
            let shown = pictureDirty || screenDirty ? frame.map { view(of: $0) } : nil
            if !pictureDirty, let shown, panes.rendered != shown.regions { pictureDirty = true }
            if pictureDirty { try simulate(shown, sending: simulationDirty) }
            if screenDirty {
                if !(try draw(shown?.geometry, parts: onlyFrame ? panes.changedParts : nil)) { running = false }
            } else if SDL_WaitEventTimeout(&event, Self.idleWait) != 0 {
                if !wake.taken(event), !handle(event) { running = false }
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
        // A script asked for a picture: no picture is a failure (written, or why not, said above).
        guard let shot = options.screenshotPath, !snapshots.screenshotWritten else { return 0 }
        reporter.status("error: no screenshot was written to \(PathName.shown(shot))")
        return 1
    }
}
