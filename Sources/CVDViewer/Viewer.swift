import CSDL2
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The live view: an SDL2 window showing a source's frames simulated in one or more
/// modes, driven by the keyboard and mouse through `ViewState`.
///
/// Frame path: the source's thread → `LatestFrame` (newest wins) → `PaneRenderer` (a
/// kernel per pane into streaming textures) → overlays → present. The window never
/// waits on the source: it polls the hand-off between events and sleeps at most 4 ms.
/// This file is the loop, the dirty flags and the effects; geometry and gestures are the
/// view model's, drawing is the canvas's and the overlays'.
@MainActor
public final class Viewer {
    private let options: ViewerOptions
    private let source: FrameSource
    private let reporter: any Reporter
    private let sink = LatestFrame()
    private var state: ViewState
    private let canvas: Canvas
    private let panes: PaneRenderer
    private var probes: RunProbes
    private let snapshots: SnapshotWriter

    private var frame: Frame?
    private var pointer = PointerGesture()
    private var readout = ProbeReadout()
    private var pictureDirty = true
    private var screenDirty = true
    private var snapshotPending = false
    private var message: (text: String, until: Double)?
    private var lastSummary = ""
    private var lastStatus = SourceStatus.running
    /// When the user last pressed a key or used the mouse; labels settle after `settleDelay`.
    private var lastInput = SystemClock.monotonic
    private var settled = false
    /// When the pointer last moved; it hides over the picture after `pointerDelay`.
    private var lastMotion = SystemClock.monotonic
    private var pointerShown = true

    /// Seconds without input after which the footer fades and badges drop the model's name.
    static let settleDelay = 5.0
    /// Seconds of a still pointer before it hides.
    static let pointerDelay = 2.0
    /// Seconds a notice (a key's answer) stays.
    static let noticeTime = 3.0

    /// Opens the window. Throws `.noDisplay` when there is no display to open it on.
    public init(source: FrameSource, options: ViewerOptions, reporter: any Reporter) throws(ViewerError) {
        self.source = source
        self.options = options
        self.reporter = reporter
        state = ViewState(mode: options.mode, severity: options.severity, model: options.model, fullscreen: options.fullscreen,
                          quadModes: options.quadModes)
        canvas = try Canvas(size: options.windowSize ?? FrameSize(1280, 720), fullscreen: options.fullscreen,
                            fontPath: try FontLocator.find(options.fontPath))
        panes = PaneRenderer(canvas: canvas)
        probes = RunProbes(options: options, reporter: reporter)
        snapshots = SnapshotWriter(fixedPath: options.screenshotPath, directory: options.snapshotDirectory)
    }

    /// Runs until the user quits; returns the process exit status.
    public func run() throws(ViewerError) -> Int32 {
        source.start(into: sink)
        defer { shutdown() }
        announce("showing \(source.name); \(state.summary)")
        probes.profiler.note("SDL renderer \(canvas.rendererName)")
        let start = SystemClock.monotonic
        var running = true
        var event = SDL_Event()
        while running {
            while SDL_PollEvent(&event) != 0 {
                if !handle(event) { running = false }
            }
            if let f = sink.takeNew(), !state.frozen || frame == nil {
                frame = f
                pictureDirty = true
                probes.frameTaken()
            }
            let status = sink.status
            if status != lastStatus { lastStatus = status; screenDirty = true }
            let now = SystemClock.monotonic
            if let m = message, now > m.until { message = nil; screenDirty = true }
            if !settled, now - lastInput > Self.settleDelay { settled = true; screenDirty = true }
            if pointerShown, now - lastMotion > Self.pointerDelay { pointerShown = false; canvas.showPointer(false) }
            if pictureDirty {
                let t = SystemClock.monotonic
                if let f = frame {
                    panes.render(f, state.renderedSimulations) { probes.profiler.add(.kernel, $0) }
                }
                readout.update(frame, probes: state.probes, simulations: state.renderedSimulations)
                pictureDirty = false
                screenDirty = true
                probes.profiler.add(.simulate, SystemClock.monotonic - t)
            }
            if screenDirty {
                let t = SystemClock.monotonic
                let finishing = probes.screenshotDue
                if finishing { snapshotPending = true; probes.screenshotTaken() }
                try render()
                probes.profiler.add(.renderAndPresent, SystemClock.monotonic - t)
                screenDirty = false
                if finishing { running = false }
                if let f = frame, probes.presented(frameTimestamp: f.timestamp, at: SystemClock.monotonic) { running = false }
            } else if SDL_WaitEventTimeout(&event, 4) != 0 {
                if !handle(event) { running = false }
            }
        }
        if let figures = probes.benchmarkReport(seconds: SystemClock.monotonic - start,
                                                frameSize: frame.map { $0.size.description } ?? "?",
                                                dropped: sink.droppedCount) {
            reporter.figures("benchmark", figures)
        }
        return 0
    }

    // MARK: Events

    /// The geometry of what is on screen now; nil before the first frame.
    private var geometry: ViewGeometry? {
        frame.map { ViewGeometry(state: state, window: canvas.outputSize, picture: $0.size) }
    }

    /// Handles one event; false means quit.
    private func handle(_ e: SDL_Event) -> Bool {
        let type = SDL_EventType(rawValue: e.type)
        if [SDL_KEYDOWN, SDL_MOUSEWHEEL, SDL_MOUSEBUTTONDOWN, SDL_MOUSEMOTION].contains(type) { noteInput() }
        switch type {
        case SDL_QUIT:
            return false
        case SDL_KEYDOWN:
            guard let key = KeyMapping.key(e.key.keysym.sym), let cmd = Command.forKey(key) else { return true }
            return apply(cmd)
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            return apply(PointerGesture.wheel(up: e.wheel.y > 0, at: Double(mx), Double(my), geometry))
        case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
            if let cmd = pointer.press(Double(e.button.x), Double(e.button.y), geometry) { return apply(cmd) }
        case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
            if let cmd = pointer.release(Double(e.button.x), Double(e.button.y), geometry) { return apply(cmd) }
        case SDL_MOUSEMOTION:
            lastMotion = SystemClock.monotonic
            if !pointerShown { pointerShown = true; canvas.showPointer(true) }
            state.apply(.pointAt(pane: geometry?.pane(at: Double(e.motion.x), Double(e.motion.y))))
            if let cmd = pointer.move(Double(e.motion.x), Double(e.motion.y), geometry) { return apply(cmd) }
        case SDL_WINDOWEVENT:
            screenDirty = true
        default:
            break
        }
        return true
    }

    /// Applies a command to the state and carries out its effect; false means quit.
    private func apply(_ cmd: Command) -> Bool {
        if cmd == .probeAtPointer, let p = pointerPicturePoint { return apply(.probe(p)) }
        let before = state.paneSimulations, probesBefore = state.probes
        switch state.apply(cmd) {
        case .quit?: return false
        case .snapshot?: snapshotPending = true
        case .fullscreenChanged?: canvas.setFullscreen(state.fullscreen)
        case nil: break
        }
        if state.paneSimulations != before || cmd == .cycleLayout { pictureDirty = true }
        screenDirty = true
        if state.summary != lastSummary { announce(state.summary) }
        if state.probes != probesBefore || (!state.probes.isEmpty && state.paneSimulations != before) {
            readout.update(frame, probes: state.probes, simulations: state.renderedSimulations)
            for line in readout.lines(simulations: state.renderedSimulations) { reporter.status(line) }
        }
        if let notice = state.notice {
            message = (notice, SystemClock.monotonic + Self.noticeTime)
            reporter.status(notice)
        }
        return true
    }

    /// The picture point under the mouse pointer, if any.
    private var pointerPicturePoint: Point? {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        return geometry?.picturePoint(Double(x), Double(y))
    }

    /// A key or the mouse was used: labels show in full again.
    private func noteInput() {
        lastInput = SystemClock.monotonic
        if settled { settled = false; screenDirty = true }
    }

    /// Prints a change and puts the state in the window title.
    private func announce(_ line: String) {
        lastSummary = state.summary
        canvas.setTitle("cvdcam — \(state.summary)")
        reporter.status(line)
    }

    // MARK: Drawing

    private func render() throws(ViewerError) {
        let window = canvas.outputSize
        canvas.clear()
        var drawn: ViewGeometry?
        if let g = geometry, !panes.textures.isEmpty, state.layout != .split || panes.textures.count == 2 {
            drawn = g
            for piece in g.pieces where piece.texture < panes.textures.count {
                canvas.copy(panes.textures[piece.texture], piece.source, to: piece.destination)
            }
            if let bar = g.dividerBar { canvas.fill(bar, RGB8(255, 255, 255), alpha: 230) }
        }
        // The footer fades once the view has settled, unless it has news (a message, a
        // lost or busy camera, no picture yet).
        let footerNeeded = !settled || message != nil || lastStatus != .running || frame == nil
        let footer = footerNeeded ? SourceLine.text(source: source.name, status: lastStatus, hasFrame: frame != nil, message: message?.text) : nil
        let plan = OverlayPlan(geometry: drawn, simulations: state.renderedSimulations, state: state, window: window,
                               uiScale: options.uiScale, footer: footer, compact: settled,
                               probeReadings: readout.readings, measure: canvas.text)
        for m in plan.markers { canvas.drawMarker(m) }
        if state.helpVisible {
            // The sheet covers the picture; the footer and chips would show through it.
            for box in plan.badges { canvas.draw(box) }
            canvas.draw(HelpSheet.layout(window: window, uiScale: options.uiScale, measure: canvas.text))
        } else {
            for box in plan.boxes { canvas.draw(box) }
        }
        if snapshotPending { snapshotPending = false; saveSnapshot() }
        let t = SystemClock.monotonic
        canvas.present()
        probes.profiler.add(.present, SystemClock.monotonic - t)
    }

    /// Saves exactly what was drawn, before it is presented.
    private func saveSnapshot() {
        do {
            let path = try snapshots.write(try canvas.readPixels())
            reporter.status("saved \(path)")
            message = ("saved \(path)", SystemClock.monotonic + 3)
        } catch let error as ViewerError {
            message = ("\(error)", SystemClock.monotonic + 4)
        } catch {
            reporter.status("\(error)")
            message = ("\(error)", SystemClock.monotonic + 5)
        }
        screenDirty = true
    }

    /// Stops the source and frees what the canvas holds (the window goes with the process:
    /// see `Canvas`).
    private func shutdown() {
        source.stop()
        canvas.close()
    }
}
