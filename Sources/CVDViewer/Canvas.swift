import CSDL2
import CSDL2TTF
import CVDCore
import CVDViewModel

/// The window: video start-up, the window itself (size, full screen, displays, pointer,
/// title), its renderer (`RenderBackend`: OpenGL, or SDL's software renderer) and the
/// label font's text cache. The window and renderer go with the process: destroying the
/// window while the X server still routes events to it (the release of the key that quit)
/// raced, and under load Xlib's default handler turned the resulting BadWindow into exit
/// status 1.
@MainActor
final class Canvas {
    private(set) var window: OpaquePointer
    private(set) var backend: any RenderBackend
    private(set) var text: TextCache
    private let fontPaths: [String]
    /// Each text printed the first time it is drawn (`ViewerDiagnostics.printTexts`).
    private let printTexts: Bool
    /// Says a character no font has (`TextCache`), once.
    private let fontNote: (String) -> Void
    /// Why the software renderer runs where OpenGL was asked for or tried; nil otherwise.
    private(set) var rendererNote: String?

    /// The display the window was put on (SDL's index, from 0): where full screen goes
    /// without a window manager, which would otherwise not know.
    var display: Int32
    /// The window's place before it went full screen without a window manager.
    var windowed: SDL_Rect?
    /// Set by `fullscreenOnNextDisplay` on Wayland: full screen after the next present.
    var fullscreenAfterPresent = false
    /// Where the window was put instead of the display's usable area (its frame included):
    /// the screen source's place for it, off what it reads (`Canvas+Shape`).
    var area: SDL_Rect?

    /// Opens the window on `display` (from 1; nil: the first) with the renderer `choice`
    /// asks for (`RendererChoice`). Throws `.noDisplay` when there is no display to open it
    /// on, `.noSuchDisplay` when `display` names none.
    /// `fitToDisplay`: shrink `size` (keeping its shape) to the display's usable area, so
    /// that a 1080p camera's window does not reach onto the next monitor.
    init(
        size: FrameSize, fitToDisplay: Bool, fullscreen: Bool, display: Int?, fontPaths: [String],
        fontNote: @escaping (String) -> Void,
        renderer choice: RendererChoice = .auto, area: SDL_Rect? = nil,
        diagnostics: ViewerDiagnostics = ViewerDiagnostics()
    ) throws(ViewerError) {
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
        if let n = display, !(1...Int(Displays.count)).contains(n) { throw .noSuchDisplay(n, Displays.all) }
        self.display = Int32((display ?? 1) - 1)
        self.fontPaths = fontPaths
        self.fontNote = fontNote
        self.printTexts = diagnostics.printTexts
        self.area = area
        let place = WindowPlacement(size: size, fitToDisplay: fitToDisplay, display: self.display, area: area)
        fitNote = place.note
        // Off X11 (Wayland, KMS/DRM) the window is made full screen from the start: a
        // window shown first at its windowed size can reach onto a second output, and
        // SDL 2.26's Wayland driver then takes the output it entered last for its own.
        let onX11 = SDL_GetCurrentVideoDriver().map { String(cString: $0) } == "x11"
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        if fullscreen, !onX11 { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let tryGL = choice == .gl || (choice == .auto && DisplayStart.hasRenderNode)
        var made: (window: OpaquePointer, backend: (any RenderBackend)?)?
        if tryGL {
            let gl = GLStart.open(place: place, flags: flags, forced: choice == .gl, settings: diagnostics.gl)
            rendererNote = gl.note
            if let w = gl.window { made = (w, gl.backend) }
        } else if choice == .auto {
            rendererNote = "no GPU render node in /dev/dri"
        }
        if made == nil {
            guard let w = place.open(flags) else { throw .noDisplay(String(cString: SDL_GetError())) }
            made = (w, nil)
        }
        window = made!.window
        SDL_SetWindowMinimumSize(window, Self.minimumWindow.w / 2, Self.minimumWindow.h / 2)
        var b = made!.backend
        if b == nil { b = try Self.software(on: &window, place: place, flags: flags) }
        backend = b!
        text = try TextCache(backend: b!, fontPaths: fontPaths, note: fontNote, printTexts: printTexts)
        if fullscreen, onX11 { setFullscreen(true) }
    }

    /// SDL's software renderer on `window`; where SDL cannot make one on it (a GL window on
    /// Wayland has no framebuffer of its own), on a new window in its place (the old one
    /// hidden, not destroyed: see the type's note).
    private static func software(
        on window: inout OpaquePointer, place: WindowPlacement, flags: UInt32
    ) throws(ViewerError) -> SoftwareBackend {
        if let b = try? SoftwareBackend(window: window) { return b }
        var r = SDL_Rect()
        SDL_GetWindowPosition(window, &r.x, &r.y)
        SDL_GetWindowSize(window, &r.w, &r.h)
        guard
            let w = SDL_CreateWindow(
                "cvdcam", r.x, r.y, r.w, r.h,
                flags | (SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue))
        else {
            throw .noDisplay(String(cString: SDL_GetError()))
        }
        SDL_HideWindow(window)
        window = w
        return try SoftwareBackend(window: w)
    }

    /// After the GL renderer failed mid-run: frees it and goes on in the software renderer
    /// on the same window (or a new one in its place); the text cache starts again.
    func fallBackToSoftware(_ fault: RenderFault) throws(ViewerError) {
        text.close()
        backend.close()
        rendererNote = fault.description
        let b = try Self.software(
            on: &window, place: WindowPlacement(size: outputSize, fitToDisplay: false, display: display),
            flags: SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue)
        backend = b
        text = try TextCache(backend: b, fontPaths: fontPaths, note: fontNote, printTexts: printTexts)
    }

    /// The smallest window cvdcam opens for a picture (a tiny one is enlarged to it).
    static let minimumWindow = (w: Int32(640), h: Int32(480))
    /// Set when the window asked for (`--window`) did not fit the display and was made smaller.
    private(set) var fitNote: Message?

    /// The drawable size in pixels.
    var outputSize: FrameSize { backend.outputSize }

    /// Whether the window is minimised or hidden: nothing drawn in it is seen.
    var isMinimized: Bool {
        SDL_GetWindowFlags(window) & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
    }

    func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Shows or hides the mouse pointer over the window (wraps `SDL_ShowCursor`).
    func showPointer(_ on: Bool) { SDL_ShowCursor(on ? SDL_ENABLE : SDL_DISABLE) }

    /// Shows what was drawn; on Wayland, after a move to the next display, full screen again.
    func present() throws(RenderFault) {
        try backend.present()
        guard fullscreenAfterPresent else { return }
        fullscreenAfterPresent = false
        finishFullscreenMove()
    }

    /// Frees the fonts, text textures and the renderer's own objects, and hides the window
    /// (see the type's note on why the window itself stays until the process exits).
    func close() {
        text.close()
        backend.close()
        SDL_HideWindow(window)
    }
}
