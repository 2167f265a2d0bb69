import CSDL2
import CSDL2TTF
import CSDL2X11
import CVDCore
import CVDViewModel
import CWayland

/// The SDL side of the window: video start-up, the window and its renderer, streaming
/// textures, and drawing (copy, fill, shapes, text, read-back). It owns every SDL handle
/// it makes. The window and renderer go with the process: destroying the window while the
/// X server still routes events to it (the release of the key that quit) raced, and under
/// load Xlib's default handler turned the resulting BadWindow into exit status 1.
@MainActor
final class Canvas {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let text: TextCache
    /// SDL's name for the renderer in use ("software", "opengl", …).
    private(set) var rendererName = "?"

    /// Whether the window is minimised or hidden: nothing drawn in it is seen.
    var isMinimized: Bool {
        SDL_GetWindowFlags(window) & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
    }

    /// The display the window was put on (SDL's index, from 0): where full screen goes
    /// without a window manager, which would otherwise not know.
    private(set) var display: Int32

    /// Opens the window on `display` (from 1; nil: the first). Throws `.noDisplay` when
    /// there is no display to open it on, `.noSuchDisplay` when `display` names none.
    /// `fitToDisplay`: shrink `size` (keeping its shape) to the display's usable area, so
    /// that a 1080p camera's window does not reach onto the next monitor.
    init(size: FrameSize, fitToDisplay: Bool, fullscreen: Bool, display: Int?, fontPath: String) throws(ViewerError) {
        // Keep the screen awake during a demo (SDL's default too, made explicit). SDL asks
        // the desktop over D-Bus (org.freedesktop.ScreenSaver.Inhibit, GNOME's and KDE's
        // own screensaver interface) in cvdcam's name and for this reason, and otherwise
        // through X11's screensaver extension or Wayland's idle-inhibit protocol.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
        SDL_SetHint(SDL_HINT_APP_NAME, "cvdcam")
        SDL_SetHint(SDL_HINT_SCREENSAVER_INHIBIT_ACTIVITY_NAME, "showing a colour-vision simulation")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        try DisplayStart.video()
        SDL_DisableScreenSaver()
        guard TTF_Init() == 0 else { throw .sdl("starting SDL_ttf", String(cString: SDL_GetError())) }

        DisplayStart.chooseRenderer()
        if let n = display, !(1...Int(Displays.count)).contains(n) { throw .noSuchDisplay(n, Displays.all) }
        let index = Int32((display ?? 1) - 1)
        self.display = index
        var (w, h) = (Int32(size.width), Int32(size.height))
        // A tiny picture opens a window a whole number of times its size, at least
        // `minimumWindow` (its pixels drawn as squares: `copy`).
        if fitToDisplay, w < Self.minimumWindow.w || h < Self.minimumWindow.h {
            let k = Int32(
                max(Double(Self.minimumWindow.w) / Double(w), Double(Self.minimumWindow.h) / Double(h)).rounded(.up))
            (w, h) = (w * k, h * k)
        }
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(index, &usable) == 0, usable.w > 0, usable.h > 0, w > usable.w || h > usable.h {
            let scale = min(Double(usable.w) / Double(w), Double(usable.h) / Double(h))
            let fitted = (
                max(Self.minimumWindow.w / 2, Int32(Double(w) * scale)),
                max(Self.minimumWindow.h / 2, Int32(Double(h) * scale))
            )
            if !fitToDisplay {
                fitNote = Message(
                    "the window is %s: --window %s is larger than the display's usable area (%s)",
                    .text("\(fitted.0)×\(fitted.1)"), .text("\(w)x\(h)"), .text("\(usable.w)×\(usable.h)"))
            }
            (w, h) = fitted
        }
        // Off X11 (Wayland, KMS/DRM) the window is made full screen from the start: a
        // window shown first at its windowed size can reach onto a second output, and
        // SDL 2.26's Wayland driver then takes the output it entered last for its own.
        let onX11 = SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        if fullscreen, !onX11 { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let at = Displays.centred(on: index)
        guard let win = SDL_CreateWindow("cvdcam", at, at, w, h, flags) else {
            throw .noDisplay(String(cString: SDL_GetError()))
        }
        window = win
        SDL_SetWindowMinimumSize(win, Self.minimumWindow.w / 2, Self.minimumWindow.h / 2)
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
        text = try TextCache(renderer: ren, fontPath: fontPath)
        if fullscreen, onX11 { setFullscreen(true) }
    }

    /// The smallest window cvdcam opens for a picture (a tiny one is enlarged to it).
    static let minimumWindow = (w: Int32(640), h: Int32(480))
    /// Set when the window asked for (`--window`) did not fit the display and was made smaller.
    private(set) var fitNote: Message?

    /// The drawable size in pixels (wraps `SDL_GetRendererOutputSize`).
    var outputSize: FrameSize {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return FrameSize(Int(w), Int(h))
    }

    func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// The window's place before it went full screen without a window manager.
    private var windowed: SDL_Rect?

    /// Full screen on the window's display. With a window manager (or on Wayland/KMS) SDL
    /// asks it (wraps `SDL_SetWindowFullscreen` with `SDL_WINDOW_FULLSCREEN_DESKTOP`).
    /// Without one — a bare X kiosk session — nobody acts on that request and the window
    /// would keep its size while SDL draws for the whole screen, so the window itself is
    /// made borderless and moved and sized to the display's bounds, and put back after.
    func setFullscreen(_ on: Bool) {
        guard cvd_x11_window_manager_running(window) == 0 else {
            SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            return
        }
        if on {
            var r = SDL_Rect()
            SDL_GetWindowPosition(window, &r.x, &r.y)
            SDL_GetWindowSize(window, &r.w, &r.h)
            if windowed == nil { windowed = r }
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(display, &bounds) == 0 else { return }
            SDL_SetWindowBordered(window, SDL_FALSE)
            SDL_SetWindowPosition(window, bounds.x, bounds.y)
            SDL_SetWindowSize(window, bounds.w, bounds.h)
            SDL_RaiseWindow(window)
        } else if let r = windowed {
            SDL_SetWindowBordered(window, SDL_TRUE)
            SDL_SetWindowSize(window, r.w, r.h)
            SDL_SetWindowPosition(window, r.x, r.y)
            windowed = nil
        }
    }

    /// "2 of 2: HDMI-1, 1920×1080 at 1920,0": the display the window is on.
    var displayDescription: String { Displays.describe(display, ofAll: true) }

    /// Full screen on the next display (after the last, the first): leaves full screen,
    /// moves the window there and goes full screen again, as a person would drag it
    /// across (wraps `SDL_SetWindowPosition`). Returns what it did, for the status line.
    func fullscreenOnNextDisplay() -> String {
        setFullscreen(false)
        display = (display + 1) % max(1, Displays.count)
        let at = Displays.centred(on: display)
        SDL_SetWindowPosition(window, at, at)
        // On Wayland, full screen again only once the compositor has answered and a
        // windowed frame is shown: weston 10 ignores a full-screen request that arrives
        // while its last committed state is still full screen, and SDL 2.26 obeys a late
        // "not full screen" answer by leaving full screen.
        if cvd_wayland_sync(window) == 0 {
            SDL_PumpEvents()
            fullscreenAfterPresent = true
        } else {
            setFullscreen(true)
        }
        return Displays.count > 1
            ? "full screen on display \(displayDescription)" : "full screen (there is only one display)"
    }

    /// A streaming texture the colour kernel writes BGRA into (wraps `SDL_CreateTexture`).
    /// XRGB8888 (the usual X11/Wayland window format) and ARGB8888 both hold B, G, R, X/A
    /// bytes on little-endian machines: taking the window's own format makes the
    /// renderer's blit a plain copy.
    func makeStreamingTexture(_ size: FrameSize) -> OpaquePointer? {
        let windowFormat = SDL_GetWindowPixelFormat(window)
        let format = windowFormat == SDL_PIXELFORMAT_RGB888.rawValue ? windowFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        return SDL_CreateTexture(
            renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(size.width), Int32(size.height))
    }

    /// Shows or hides the mouse pointer over the window (wraps `SDL_ShowCursor`).
    func showPointer(_ on: Bool) { SDL_ShowCursor(on ? SDL_ENABLE : SDL_DISABLE) }

    func clear() {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
    }

    /// Draws `source` (texture pixels) of a texture into `destination` (wraps `SDL_RenderCopy`).
    /// The destination is clipped to the window first (`BlitRects`): SDL's software
    /// renderer scales a copy that reaches outside through a temporary surface. `window`:
    /// the output size the caller has already (asking SDL for it per copy is wasted work).
    /// As `copy`, mirrored left–right and/or upside down (wraps `SDL_RenderCopyEx` with
    /// `SDL_FLIP_HORIZONTAL`/`SDL_FLIP_VERTICAL`): a picture turned by 180° or mirrored.
    /// (SDL's software renderer draws a two-triangle mesh that forms a flipped rectangle
    /// offset, so flips go this way; quarter turns and straightened pages use `drawMesh`.)
    func copy(
        _ t: OpaquePointer, _ source: Rect, to destination: Rect, flipX: Bool, flipY: Bool
    ) {
        guard source.w >= 0.5, destination.w >= 1 else { return }
        var s = SDL_Rect(
            x: Int32(source.x.rounded()), y: Int32(source.y.rounded()), w: Int32(source.w.rounded()),
            h: Int32(source.h.rounded()))
        var d = sdlRect(destination)
        let flip = (flipX ? SDL_FLIP_HORIZONTAL.rawValue : 0) | (flipY ? SDL_FLIP_VERTICAL.rawValue : 0)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        SDL_RenderCopyEx(renderer, t, &s, &d, 0, nil, SDL_RendererFlip(rawValue: flip))
    }

    func copy(_ t: OpaquePointer, _ source: Rect, to destination: Rect, in window: FrameSize) {
        guard source.w >= 0.5, destination.w >= 1 else { return }
        guard let r = BlitRects(source: source, destination: destination, width: window.width, height: window.height)
        else { return }
        var s = SDL_Rect(x: Int32(r.source.x), y: Int32(r.source.y), w: Int32(r.source.w), h: Int32(r.source.h))
        var d = SDL_Rect(
            x: Int32(r.destination.x), y: Int32(r.destination.y), w: Int32(r.destination.w), h: Int32(r.destination.h))
        // Enlarged three times or more (a tiny picture, a deep zoom), each pixel is a sharp
        // square; otherwise smoothed.
        let enlarged = d.w >= 3 * s.w && d.h >= 3 * s.h
        SDL_SetTextureScaleMode(t, enlarged ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_RenderCopy(renderer, t, &s, &d)
    }

    /// Draws a whole texture (text) into `r` (wraps `SDL_RenderCopy`).
    func draw(_ t: OpaquePointer, in r: Rect) {
        var d = sdlRect(r)
        SDL_RenderCopy(renderer, t, nil, &d)
    }

    func fill(_ r: Rect, _ c: RGB8, alpha: UInt8) {
        var rect = sdlRect(r)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, alpha)
        SDL_RenderFillRect(renderer, &rect)
    }

    /// Set by `fullscreenOnNextDisplay` on Wayland: full screen after the next present.
    private var fullscreenAfterPresent = false

    func present() {
        SDL_RenderPresent(renderer)
        guard fullscreenAfterPresent else { return }
        fullscreenAfterPresent = false
        _ = cvd_wayland_sync(window)
        setFullscreen(true)
    }

    /// Frees the fonts and text textures and hides the window (see the type's note on why
    /// the window itself stays until the process exits).
    func close() {
        text.close()
        SDL_HideWindow(window)
    }

    /// Window rectangles are whole pixels, rounded.
    private func sdlRect(_ r: Rect) -> SDL_Rect {
        SDL_Rect(x: Int32(r.x.rounded()), y: Int32(r.y.rounded()), w: Int32(r.w.rounded()), h: Int32(r.h.rounded()))
    }
}
