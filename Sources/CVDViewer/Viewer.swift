import CSDL2
import CSDL2TTF
import CVDCore
import CVDImageIO
import CVDSystem
import CVDViewModel
import Foundation

/// The live view: an SDL2 window showing a source's frames simulated in one or more
/// modes, driven by the keyboard and mouse through `ViewState`.
///
/// Frame path: the source's thread → `LatestFrame` (newest wins) → `FrameKernel` per pane →
/// streaming texture → present. The window never waits on the source: it polls the
/// hand-off between events and sleeps at most 4 ms.
@MainActor
public final class Viewer {
    private let options: ViewerOptions
    private let source: FrameSource
    private let sink = LatestFrame()
    private var state: ViewState

    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let text: TextCache

    private var frame: Frame?
    private var textures: [OpaquePointer] = []
    private var textureSize = (0, 0)
    private var kernels = KernelCache()

    private var pictureDirty = true
    private var screenDirty = true
    private var snapshotPending = false
    private var message: (text: String, until: Double)?
    private var lastSummary = ""
    private var lastStatus = SourceStatus.running
    private var drag: (x: Int32, y: Int32, onDivider: Bool)?
    private var presented = 0
    private var framesTaken = 0
    private var screenshotDue = false
    private var rendererName = "?"
    private var profile = StageProfile(names: ["simulate", "render+present", "present", "kernel"])
    private var latencies: [Double] = []

    /// Opens the window. Throws `.noDisplay` when there is no display to open it on.
    public init(source: FrameSource, options: ViewerOptions) throws(ViewerError) {
        self.source = source
        self.options = options
        state = ViewState(mode: options.mode, severity: options.severity, model: options.model, fullscreen: options.fullscreen)
        let fontPath = try FontLocator.find()

        // Keep the screen awake during a demo (SDL's default too, made explicit).
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        try Self.startVideo()
        SDL_DisableScreenSaver()
        guard TTF_Init() == 0 else { throw .sdl("starting SDL_ttf", String(cString: SDL_GetError())) }

        Self.chooseRenderer()
        let (w, h) = options.windowSize ?? (1280, 720)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let win = SDL_CreateWindow("cvdcam", cvd_SDL_WINDOWPOS_CENTERED(), cvd_SDL_WINDOWPOS_CENTERED(),
                                         Int32(w), Int32(h), flags) else {
            throw .noDisplay(String(cString: SDL_GetError()))
        }
        window = win
        guard let ren = SDL_CreateRenderer(win, -1, 0) else {
            SDL_DestroyWindow(win)
            throw .sdl("creating a renderer", String(cString: SDL_GetError()))
        }
        renderer = ren
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(ren, &info) == 0, let name = info.name {
            rendererName = String(cString: name)
        }
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND)
        text = TextCache(renderer: ren, fontPath: fontPath)
    }

    /// Starts SDL video on a real display. Without `SDL_VIDEODRIVER` set, only real
    /// display drivers are tried (Wayland and X11 when their sockets are named, then
    /// KMS/DRM): SDL would otherwise fall back to its invisible "offscreen" driver and
    /// cvdcam would show a window nobody can see. Set SDL_VIDEODRIVER=offscreen or dummy
    /// to run headless on purpose (tests).
    private static func startVideo() throws(ViewerError) {
        let env = ProcessInfo.processInfo.environment
        let explicit = env["SDL_VIDEODRIVER"].map { !$0.isEmpty } ?? false
        if !explicit {
            var drivers: [String] = []
            if env["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) ?? false { drivers.append("wayland") }
            if env["DISPLAY"].map({ !$0.isEmpty }) ?? false { drivers.append("x11") }
            drivers.append("kmsdrm")
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ","))
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw .noDisplay(String(cString: SDL_GetError())) }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !explicit, driver == "offscreen" || driver == "dummy" {
            SDL_Quit()
            throw .noDisplay("only the \(driver) driver is available")
        }
    }

    /// Without a GPU, SDL's OpenGL renderer runs on Mesa's llvmpipe: measured 15 ms per
    /// 1080p present against 1 ms for SDL's own software renderer. So when the machine
    /// has no DRM render node, ask for the software renderer (SDL_RENDER_DRIVER overrides).
    private static func chooseRenderer() {
        guard ProcessInfo.processInfo.environment["SDL_RENDER_DRIVER"].map({ $0.isEmpty }) ?? true else { return }
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        if !nodes.contains(where: { $0.hasPrefix("renderD") }) {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run() throws(ViewerError) -> Int32 {
        source.start(into: sink)
        defer { shutdown() }
        say("cvdcam: showing \(source.name); \(state.summary)")
        if ProcessInfo.processInfo.environment["CVDCAM_PROFILE"] == "1" { print("cvdcam profile: SDL renderer \(rendererName)") }
        let benchmarkStart = SystemClock.monotonic
        var running = true
        var event = SDL_Event()
        while running {
            while SDL_PollEvent(&event) != 0 {
                if !handle(event) { running = false }
            }
            if let f = sink.takeNew(), !state.frozen || frame == nil {
                frame = f
                pictureDirty = true
                framesTaken += 1
                // Scripted screenshot: save the screen once enough frames were shown, then quit.
                if options.screenshotPath != nil, framesTaken == options.screenshotAfterFrames { screenshotDue = true }
            }
            let status = sink.status
            if status != lastStatus { lastStatus = status; screenDirty = true }
            if let m = message, SystemClock.monotonic > m.until { message = nil; screenDirty = true }
            if pictureDirty {
                let t = SystemClock.monotonic
                simulate(); pictureDirty = false; screenDirty = true
                profile.add(0, SystemClock.monotonic - t)
            }
            if screenDirty {
                let t = SystemClock.monotonic
                let finishing = screenshotDue
                if finishing { snapshotPending = true; screenshotDue = false }
                try render()
                profile.add(1, SystemClock.monotonic - t)
                screenDirty = false
                if finishing { running = false }
                if let f = frame, let n = options.benchmarkFrames {
                    latencies.append(SystemClock.monotonic - f.timestamp)
                    presented += 1
                    if presented >= n { running = false }
                }
            } else if SDL_WaitEventTimeout(&event, 4) != 0 {
                if !handle(event) { running = false }
            }
        }
        if let n = options.benchmarkFrames { reportBenchmark(frames: n, seconds: SystemClock.monotonic - benchmarkStart) }
        return 0
    }

    // MARK: Events

    /// Handles one event; false means quit.
    private func handle(_ e: SDL_Event) -> Bool {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return false
        case SDL_KEYDOWN:
            guard let key = KeyMapping.key(e.key.keysym.sym), let cmd = Command.forKey(key) else { return true }
            return apply(cmd)
        case SDL_MOUSEWHEEL:
            var mx: Int32 = 0, my: Int32 = 0
            SDL_GetMouseState(&mx, &my)
            let factor = e.wheel.y > 0 ? ViewState.zoomStep : 1 / ViewState.zoomStep
            return apply(.zoom(factor: factor, at: pointInPicture(mx, my)))
        case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
            drag = (e.button.x, e.button.y, state.layout == .split && nearDivider(e.button.x))
            if drag?.onDivider == true, let p = pictureRect { return apply(.setDivider((Double(e.button.x) - p.x) / p.w)) }
        case SDL_MOUSEBUTTONUP:
            drag = nil
        case SDL_MOUSEMOTION:
            guard let d = drag, let p = pictureRect else { return true }
            if d.onDivider { return apply(.setDivider((Double(e.motion.x) - p.x) / p.w)) }
            drag = (e.motion.x, e.motion.y, false)
            return apply(.pan(dx: -Double(e.motion.x - d.x) / p.w, dy: -Double(e.motion.y - d.y) / p.h))
        case SDL_WINDOWEVENT:
            screenDirty = true
        default:
            break
        }
        return true
    }

    private func apply(_ cmd: Command) -> Bool {
        let before = state.paneSimulations
        switch state.apply(cmd) {
        case .quit?: return false
        case .snapshot?: snapshotPending = true
        case .fullscreenChanged?:
            SDL_SetWindowFullscreen(window, state.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        case nil: break
        }
        if state.paneSimulations != before || cmd == .cycleLayout { pictureDirty = true }
        screenDirty = true
        if state.summary != lastSummary { say("cvdcam: \(state.summary)") }
        return true
    }

    private func say(_ s: String) {
        lastSummary = state.summary
        SDL_SetWindowTitle(window, "cvdcam — \(state.summary)")
        print(s)
        fflush(nil)
    }

    // MARK: Picture

    /// Simulations per texture: the panes, and for the split layout the original first.
    private var textureSimulations: [Simulation] {
        if state.layout == .split, let normal = try? Simulation(mode: .normal) { return [normal, state.simulation] }
        return state.paneSimulations
    }

    /// Runs the kernels for the current frame into the pane textures.
    private func simulate() {
        guard let f = frame else { return }
        let sims = textureSimulations
        let w = f.layout.width, h = f.layout.height
        if textures.count != sims.count || textureSize != (w, h) {
            for t in textures { SDL_DestroyTexture(t) }
            // XRGB8888 (the usual X11/Wayland window format) and ARGB8888 both hold B, G, R, X/A
            // bytes on little-endian machines, as the kernel writes BGRA: taking the window's
            // own format makes the renderer's blit a plain copy.
            let windowFormat = SDL_GetWindowPixelFormat(window)
            let format = windowFormat == SDL_PIXELFORMAT_RGB888.rawValue ? windowFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
            textures = sims.compactMap { _ in
                SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w), Int32(h))
            }
            textureSize = (w, h)
        }
        for (i, sim) in sims.enumerated() where i < textures.count {
            let k = kernels.kernel(for: sim)
            var strategy = FrameKernel.Strategy.automatic
            if f.layout.format.isYCbCr, k.mayUseTable(.automatic), !k.hasTable(for: f.ycbcr) {
                // Build the exact table in the background; compute meanwhile, never stall.
                kernels.prepareInBackground(k, f.ycbcr)
                strategy = .compute
            }
            // The kernel writes straight into the streaming texture's pixels (wraps
            // SDL_LockTexture): no intermediate buffer, no upload copy.
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(textures[i], nil, &pixels, &pitch) == 0, let base = pixels else { continue }
            let t0 = SystemClock.monotonic
            let dl = FrameLayout(format: .bgra, width: w, height: h, bytesPerRow: Int(pitch))
            f.bytes.withUnsafeBytes { s in
                // The locked area is `pitch` × h bytes, valid until SDL_UnlockTexture; the
                // layouts come from the same frame size, so apply cannot fail.
                try? k.apply(source: s, f.layout, destination: UnsafeMutableRawBufferPointer(start: base, count: Int(pitch) * h),
                             dl, ycbcr: f.ycbcr, strategy: strategy)
            }
            profile.add(3, SystemClock.monotonic - t0)
            SDL_UnlockTexture(textures[i])
        }
    }

    /// The picture's rectangle in the single/split layouts (for mouse mapping).
    private var pictureRect: Rect? {
        guard let f = frame else { return nil }
        let (w, h) = outputSize
        let panes = PaneGeometry.panes(state.layout, width: Double(w), height: Double(h))
        return PaneGeometry.fit(pictureWidth: Double(f.layout.width), pictureHeight: Double(f.layout.height), in: panes[0])
    }

    private func pointInPicture(_ x: Int32, _ y: Int32) -> Point? {
        guard let f = frame else { return nil }
        let (w, h) = outputSize
        for pane in PaneGeometry.panes(state.layout, width: Double(w), height: Double(h)) where pane.contains(Double(x), Double(y)) {
            let p = PaneGeometry.fit(pictureWidth: Double(f.layout.width), pictureHeight: Double(f.layout.height), in: pane)
            return Point(min(max((Double(x) - p.x) / p.w, 0), 1), min(max((Double(y) - p.y) / p.h, 0), 1))
        }
        return nil
    }

    private func nearDivider(_ x: Int32) -> Bool {
        guard let p = pictureRect else { return false }
        return abs(Double(x) - (p.x + state.divider * p.w)) < 24
    }

    private var outputSize: (Int, Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    // MARK: Drawing

    private func render() throws(ViewerError) {
        let (W, H) = outputSize
        // Quad panes are half height: their labels shrink less than the panes (0.7×).
        let labelHeight = state.layout == .quad ? Int(Double(H) * 0.7) : H
        try text.setSize(LabelStyle.fontSize(windowHeight: labelHeight, uiScale: options.uiScale))
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)

        if let f = frame, !textures.isEmpty {
            let fw = Double(f.layout.width), fh = Double(f.layout.height)
            let v = state.visibleRect
            let src = (x: v.x * fw, y: v.y * fh, w: v.w * fw, h: v.h * fh)
            let panes = PaneGeometry.panes(state.layout, width: Double(W), height: Double(H))
            if state.layout == .split, textures.count == 2 {
                let p = PaneGeometry.fit(pictureWidth: fw, pictureHeight: fh, in: panes[0])
                let d = state.divider
                copy(textures[0], src.x, src.y, src.w * d, src.h, to: Rect(p.x, p.y, p.w * d, p.h))
                copy(textures[1], src.x + src.w * d, src.y, src.w * (1 - d), src.h, to: Rect(p.x + p.w * d, p.y, p.w * (1 - d), p.h))
                fill(Rect(p.x + p.w * d - 2, p.y, 4, p.h), RGB8(255, 255, 255), alpha: 230)
                badge(for: textureSimulations[0], at: (p.x, p.y), maxX: p.x + p.w * d)
                badge(for: textureSimulations[1], at: (max(p.x + p.w * d, p.x), p.y), maxX: p.x + p.w, alignRight: true)
            } else {
                for (i, pane) in panes.enumerated() where i < textures.count {
                    let p = PaneGeometry.fit(pictureWidth: fw, pictureHeight: fh, in: pane)
                    copy(textures[i], src.x, src.y, src.w, src.h, to: p)
                    badge(for: state.paneSimulations[i], at: (pane.x, pane.y), maxX: pane.x + pane.w)
                }
            }
        }
        footer(W, H)
        if state.helpVisible { help(W, H) }
        if snapshotPending { snapshotPending = false; saveSnapshot(W, H) }
        let t = SystemClock.monotonic
        SDL_RenderPresent(renderer)
        profile.add(2, SystemClock.monotonic - t)
    }

    private func copy(_ t: OpaquePointer, _ sx: Double, _ sy: Double, _ sw: Double, _ sh: Double, to d: Rect) {
        guard sw >= 0.5, d.w >= 1 else { return }
        var s = SDL_Rect(x: Int32(sx.rounded()), y: Int32(sy.rounded()), w: max(1, Int32(sw.rounded())), h: max(1, Int32(sh.rounded())))
        var r = SDL_Rect(x: Int32(d.x.rounded()), y: Int32(d.y.rounded()), w: Int32(d.w.rounded()), h: Int32(d.h.rounded()))
        SDL_RenderCopy(renderer, t, &s, &r)
    }

    private func fill(_ r: Rect, _ c: RGB8, alpha: UInt8) {
        var rect = SDL_Rect(x: Int32(r.x.rounded()), y: Int32(r.y.rounded()), w: Int32(r.w.rounded()), h: Int32(r.h.rounded()))
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, alpha)
        SDL_RenderFillRect(renderer, &rect)
    }

    private var shimAlpha: UInt8 { UInt8((LabelStyle.shimAlpha * 255).rounded()) }

    /// A pane's label: shim, icon (shape + colour), text.
    private func badge(for sim: Simulation, at origin: (Double, Double), maxX: Double, alignRight: Bool = false) {
        let b = ModeBadge(sim)
        guard let t = text.texture(b.text) else { return }
        let size = Double(text.size), pad = (size * 0.35).rounded()
        let margin = (size * 0.4).rounded()
        let w = pad + size + pad + Double(t.w) + pad, h = max(size, Double(t.h)) + 2 * pad
        let x = alignRight ? max(origin.0 + margin, maxX - margin - w) : origin.0 + margin
        let y = origin.1 + margin
        fill(Rect(x, y, w, h), LabelStyle.shimColour, alpha: shimAlpha)
        let iconY = y + (h - size) / 2
        var vertices: [SDL_Vertex] = []
        for tri in b.triangles(x: x + pad, y: iconY, size: size) {
            for (px, py) in tri {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(px), y: Float(py)),
                                           color: SDL_Color(r: b.colour.r, g: b.colour.g, b: b.colour.b, a: 255),
                                           tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
        var r = SDL_Rect(x: Int32(x + pad + size + pad), y: Int32(y + (h - Double(t.h)) / 2), w: t.w, h: t.h)
        SDL_RenderCopy(renderer, t.texture, nil, &r)
    }

    /// Bottom line: the source, its state, and transient messages.
    private func footer(_ W: Int, _ H: Int) {
        let full = SourceLine.text(source: source.name, status: lastStatus, hasFrame: frame != nil, message: message?.text)
        guard let probe = text.texture(full) else { return }
        let pad = Double(text.size) * 0.3
        let textScale = 0.75, room = Double(W) - 4 * pad
        // Long lines (a camera's error message) wrap rather than shrink out of reading range.
        let charWidth = Double(probe.w) / Double(max(1, full.count)) * textScale
        let lines = SourceLine.wrap(full, maxChars: Int(room / max(1, charWidth)))
        let textures = lines.compactMap { text.texture($0) }
        guard !textures.isEmpty else { return }
        let scale = min(1, room / Double(textures.map(\.w).max()!)) * textScale
        let lineH = Double(textures[0].h) * scale
        let w = Double(textures.map(\.w).max()!) * scale, h = lineH * Double(textures.count)
        let x = pad, y = Double(H) - h - 3 * pad
        fill(Rect(x, y - pad, w + 2 * pad, h + 2 * pad), LabelStyle.shimColour, alpha: shimAlpha)
        for (i, t) in textures.enumerated() {
            var r = SDL_Rect(x: Int32(x + pad), y: Int32(y + Double(i) * lineH), w: Int32(Double(t.w) * scale), h: Int32(lineH))
            SDL_RenderCopy(renderer, t.texture, nil, &r)
        }
    }

    private func help(_ W: Int, _ H: Int) {
        let lines = Command.helpLines.map { "\($0.0)   \($0.1)" }
        let textures = lines.compactMap { text.texture($0) }
        guard !textures.isEmpty else { return }
        let maxW = Double(textures.map(\.w).max()!), lineH = Double(textures[0].h)
        let scale = min(1, Double(W) * 0.9 / maxW, Double(H) * 0.85 / (lineH * Double(lines.count))) * 0.9
        let pad = lineH * scale * 0.6
        let boxW = maxW * scale + 2 * pad, boxH = lineH * scale * Double(lines.count) + 2 * pad
        let bx = (Double(W) - boxW) / 2, by = (Double(H) - boxH) / 2
        fill(Rect(bx, by, boxW, boxH), LabelStyle.shimColour, alpha: 235)
        for (i, t) in textures.enumerated() {
            var r = SDL_Rect(x: Int32(bx + pad), y: Int32(by + pad + Double(i) * lineH * scale),
                             w: Int32(Double(t.w) * scale), h: Int32(Double(t.h) * scale))
            SDL_RenderCopy(renderer, t.texture, nil, &r)
        }
    }

    /// Reads back exactly what was drawn (before present, while the back buffer is
    /// defined) and writes it as PNG.
    private func saveSnapshot(_ W: Int, _ H: Int) {
        var pixels = [UInt8](repeating: 0, count: W * H * 4)
        let ok = pixels.withUnsafeMutableBytes { p in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, p.baseAddress, Int32(W * 4)) == 0
        }
        guard ok else { message = ("snapshot failed: \(String(cString: SDL_GetError()))", SystemClock.monotonic + 4); return }
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                                formatOptions: [.withFullDate, .withTime]).replacingOccurrences(of: ":", with: "")
        var path = options.screenshotPath ?? (options.snapshotDirectory as NSString).appendingPathComponent("cvdcam-\(stamp).png")
        var n = 2
        while options.screenshotPath == nil, FileManager.default.fileExists(atPath: path) {
            path = (options.snapshotDirectory as NSString).appendingPathComponent("cvdcam-\(stamp)-\(n).png")
            n += 1
        }
        do {
            try ImageFile.write(RGBAImage(width: W, height: H, pixels: pixels), to: path)
            print("cvdcam: saved \(path)")
            message = ("saved \(path)", SystemClock.monotonic + 3)
        } catch {
            print("cvdcam: \(error)")
            message = ("\(error)", SystemClock.monotonic + 5)
        }
        fflush(nil)
        screenDirty = true
    }

    private func reportBenchmark(frames: Int, seconds: Double) {
        let sorted = latencies.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let size = frame.map { "\($0.layout.width)x\($0.layout.height)" } ?? "?"
        print(String(format: "cvdcam benchmark: %d frames of %@ in %.2f s: %.1f frames/s, median dequeue→present latency %.2f ms, %d dropped",
                     frames, size, seconds, Double(frames) / seconds, median * 1000, sink.droppedCount))
        fflush(nil)
    }

    /// Stops the source. The window, renderer and X connection are left to the process
    /// exit that follows (`cvdcam` exits right after `run`): destroying the window while the
    /// X server still routes events to it (e.g. the release of the key that quit) raced, and
    /// under load Xlib's default handler turned the resulting BadWindow into exit status 1.
    private func shutdown() {
        source.stop()
        SDL_HideWindow(window)
        fflush(nil)
    }
}

/// Kernels by simulation, the few most recent kept (each may hold a 64 MiB table).
@MainActor
struct KernelCache {
    private var kernels: [(Simulation, FrameKernel)] = []
    private var preparing: Set<ObjectIdentifier> = []
    static let limit = 6

    mutating func kernel(for sim: Simulation) -> FrameKernel {
        if let i = kernels.firstIndex(where: { $0.0 == sim }) {
            let k = kernels.remove(at: i)
            kernels.append(k)
            return k.1
        }
        let k = FrameKernel(sim)
        kernels.append((sim, k))
        if kernels.count > Self.limit { kernels.removeFirst() }
        return k
    }

    mutating func prepareInBackground(_ k: FrameKernel, _ encoding: YCbCrEncoding) {
        guard preparing.insert(ObjectIdentifier(k)).inserted else { return }
        let t = Thread {
            BackgroundPriority.enterForCurrentThread()
            k.prepareTable(for: encoding)
        }
        t.name = "cvdcam table"
        t.start()
    }
}

/// With CVDCAM_PROFILE=1, prints the mean time of each frame stage every 100 frames.
struct StageProfile {
    let names: [String]
    private var sums: [Double]
    private var counts: [Int]
    private let enabled = ProcessInfo.processInfo.environment["CVDCAM_PROFILE"] == "1"

    init(names: [String]) {
        self.names = names
        sums = names.map { _ in 0 }
        counts = names.map { _ in 0 }
    }

    mutating func add(_ i: Int, _ seconds: Double) {
        guard enabled else { return }
        sums[i] += seconds
        counts[i] += 1
        if i == 0, counts[0] % 100 == 0 {
            let parts = names.indices.map { String(format: "%@ %.2f ms", names[$0], counts[$0] > 0 ? sums[$0] / Double(counts[$0]) * 1000 : 0) }
            print("cvdcam profile: " + parts.joined(separator: ", "))
            fflush(nil)
        }
    }
}
