import CSDL2
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The live view's input: SDL events → commands → the state, and the effects commands ask for.
extension Viewer {
    // MARK: Events

    /// The geometry of what is on screen now; nil before the first frame.
    var geometry: ViewGeometry? { take.frame.map { view(of: $0).geometry } }

    /// Handles one event; false means quit.
    func handle(_ e: SDL_Event) -> Bool {
        // SDL's event types as the shim's constants (`cvd_SDL_…`: see CSDL2/shim.h).
        let type = e.type
        if [cvd_SDL_KEYDOWN, cvd_SDL_MOUSEWHEEL, cvd_SDL_MOUSEBUTTONDOWN, cvd_SDL_MOUSEMOTION].contains(type) {
            noteInput()
        }
        switch type {
        case cvd_SDL_QUIT:
            return false
        case cvd_SDL_KEYDOWN:
            let shift = UInt32(e.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue) != 0
            guard let key = KeyMapping.key(e.key.keysym.sym, shift: shift),
                let cmd = Command.forKey(key, panelOpen: state.cameraPanelVisible)
            else { return true }
            // Held, not pressed again: Tab's original, and Shift+R, which would toggle picking.
            if e.key.repeat != 0, key == .tab || cmd == .pickScreenRegion { return true }
            return apply(cmd)
        case cvd_SDL_KEYUP where KeyMapping.key(e.key.keysym.sym) == .tab:
            return apply(.holdOriginal(false))
        case cvd_SDL_MOUSEWHEEL:
            var mx: Int32 = 0
            var my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            return apply(PointerGesture.wheel(up: e.wheel.y > 0, at: Double(mx), Double(my), geometry))
        case cvd_SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
            if let cmd = analysis.pointer.press(
                Double(e.button.x), Double(e.button.y), geometry, pen: state.penOn, region: state.regionPick != nil)
            {
                return apply(cmd)
            }
        case cvd_SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
            if let cmd = analysis.pointer.release(Double(e.button.x), Double(e.button.y), geometry) {
                return apply(cmd)
            }
        case cvd_SDL_MOUSEMOTION:
            if layout.quiet.motion(at: SystemClock.monotonic) { canvas.showPointer(true) }
            state.apply(.pointAt(pane: geometry?.pane(at: Double(e.motion.x), Double(e.motion.y))))
            if let cmd = analysis.pointer.move(Double(e.motion.x), Double(e.motion.y), geometry) { return apply(cmd) }
        case cvd_SDL_WINDOWEVENT:
            drawing.pending.screen = true
            if e.window.event == cvd_SDL_WINDOWEVENT_RESIZED {
                windowResized(to: FrameSize(Int(e.window.data1), Int(e.window.data2)), now: SystemClock.monotonic)
            }
        default:
            break
        }
        return true
    }

    /// A key as if pressed (`--press`); false means quit.
    func press(_ key: Key) -> Bool {
        noteInput()
        return Command.forKey(key, panelOpen: state.cameraPanelVisible).map(apply) ?? true
    }

    /// Applies a command to the state and carries out its effect; false means quit.
    func apply(_ cmd: Command) -> Bool {
        if output.probes.profiler.enabled { output.probes.profiler.command(String(describing: cmd)) }
        if cmd == .probeAtPointer, let p = pointerPicturePoint { return apply(.probe(p)) }
        if cmd == .pickAtPointer {
            if state.picked != nil { return apply(.pick(nil)) }
            // The colour under the pointer, or at the last probe when the pointer is off the picture.
            if let p = pointerPicturePoint ?? state.probes.last, let c = colour(at: p) { return apply(.pick(c)) }
        }
        let before = state.paneSimulations
        let probesBefore = state.probes
        let renderedBefore = state.renderedSimulations
        let pickedBefore = state.picked
        let strengthBefore = state.assistStrength
        let layoutBefore = state.layout
        let balanceBefore = state.whiteBalance
        let effect = state.apply(cmd)
        switch effect {
        case .quit?: return false
        case .snapshot?: output.snapshots.ask(screenshot: false)
        case .fullscreenChanged?:
            canvas.setFullscreen(state.fullscreen)
            layout.windowShape.settleUntil = SystemClock.monotonic + 1.5
            reporter.status(state.fullscreen ? "full screen" : "in a window")
        case .fullscreenOnNextDisplay?:
            let line = canvas.fullscreenOnNextDisplay()
            layout.windowShape.settleUntil = SystemClock.monotonic + 1.5
            say(Message(verbatim: line), seconds: Self.noticeTime)
        case .toggleVirtualCamera?: toggleVirtualCamera()
        case .measureWhiteCard?: measureWhiteCard()
        case .releaseWhiteCard?: cameraLink?.send(.releaseAutomatics)
        case .nextCamera?: nextCamera(balanceWasOn: balanceBefore != nil)
        case .cameraPanelOpened?: openCameraPanel()
        case .changeControl(let d)?: changeControl(by: d)
        case .resetControl?: changeControl(by: nil)
        case .grabStill?:
            take.still.grab(take.frame)
            drawing.pending.picture = true
        case .saveStill?: saveStill()
        case .screenRegionPicking?, .screenRegionCancelled?, .screenRegionChosen?: pickScreenRegion(effect!)
        case nil: break
        }
        if state.renderedSimulations != renderedBefore || state.picked != pickedBefore
            || state.assistStrength != strengthBefore
            || state.layout != layoutBefore || state.whiteBalance != balanceBefore
        {
            drawing.pending.picture = true
        }
        drawing.pending.screen = true
        let viewChanged =
            state.orientation != take.views.saved.orientation || state.pageCorners != take.views.saved.corners
        if viewChanged { drawing.pending.picture = true }
        if state.summary != output.said.summary { announce(state.summary) }
        if state.probes != probesBefore || (!state.probes.isEmpty && state.paneSimulations != before) {
            analysis.readProbes(take.frame, state, still: shownStill)
            // A probe's line once: placing the second does not print the first again.
            for line in output.said.newProbeLines(analysis.probeLines(state)) { reporter.status(line) }
        }
        if let notice = state.notice {
            say(notice, seconds: Self.noticeTime, answer: true)
        } else if layout.footerMessage.keyWithoutAnswer() {
            // The last key's answer is about that key: the next one takes it away.
            drawing.pending.screen = true
        }
        // After the key's answer: a views file that cannot be written is said over it.
        if viewChanged { rememberView() }
        return true
    }

    func toggleVirtualCamera() {
        // The source's own size: frames come at it while the virtual camera is on (`updateDecodeReduction`).
        let size = drawing.virtualCamera.sendsWindow ? canvas.outputSize : take.source.size
        let line = drawing.virtualCamera.isOn ? drawing.virtualCamera.stop() : drawing.virtualCamera.start(size: size)
        if !drawing.virtualCamera.isOn { drawing.panes.forgetWhole() }
        say(line, seconds: 5)
        drawing.pending.picture = true
    }

    /// The frame's colour at a picture point (a probe's 5×5 average).
    func colour(at p: Point) -> RGB8? {
        guard let f = take.frame else { return nil }
        let x = min(Int(p.x * Double(f.layout.width)), f.layout.width - 1)
        let y = min(Int(p.y * Double(f.layout.height)), f.layout.height - 1)
        return f.bytes.withUnsafeBytes { FrameSampler.average($0, f.layout, ycbcr: f.ycbcr, x: x, y: y) }
    }

    /// The picture point under the mouse pointer, if any.
    var pointerPicturePoint: Point? {
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        return geometry?.picturePoint(Double(x), Double(y))
    }

    /// Tells the source what the view wants of its frames (`SourceRequest`), when that
    /// changes: how much smaller than its size the picture may come (an MJPEG camera then
    /// decodes no more pixels than are shown; full size for the virtual camera, which sends
    /// the picture as the camera gives it); whether Y′CbCr may come as planes (the renderer
    /// reads them and no CPU consumer, the virtual camera, is on); and whether to hand its
    /// frames back undecoded because nothing would show them — the view frozen on a picture
    /// (the virtual camera, if on, repeats that picture), or its window minimised with no
    /// virtual camera to feed. An MJPEG camera's decoding is most of cvdcam's work.
    func updateSourceRequest() {
        // (Hidden for the screen source's picture without it is not minimised: that picture is awaited.)
        let minimized = canvas.isMinimized && layout.screenWindow.hiddenAt == nil
        let request = SourceRequest(
            reduction: drawing.virtualCamera.isOn
                ? 1
                : take.sourceLink.reduction.reduction(
                    state: state, window: canvas.outputSize, picture: take.source.size),
            planar: canvas.backend.readsPlanes && !drawing.virtualCamera.isOn,
            paused: take.frame != nil && (state.frozen || (minimized && !drawing.virtualCamera.isOn)))
        if take.sourceLink.ask(request) { take.sink.request = request }
    }

    /// Says when frames start coming at another size than before because of the reduction
    /// (`picture decoded at 1920×1080, ½ of 3840×2160: it is shown no larger`).
    func noteDecodedSize(_ size: FrameSize) {
        // A screen's picture changes size only when another part of it is chosen (Shift+R).
        guard !(take.source is RegionPickingSource), let line = take.sourceLink.decoded(size, full: take.source.size)
        else { return }
        reporter.status(line)
    }

    /// A key or the mouse was used: labels show in full again.
    func noteInput() {
        if layout.quiet.input(at: SystemClock.monotonic) { drawing.pending.screen = true }
    }

    /// Prints a change and puts the state in the window title.
    func announce(_ line: String) {
        _ = output.said.summaryChanged(state.summary)
        canvas.setTitle("cvdcam — \(state.summary)")
        reporter.status(line)
    }
}
