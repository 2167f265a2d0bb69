import CSDL2
import CSDL2X11
import CWayland

/// Full screen, on this display or the next (the projector).
extension Canvas {
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

    /// The second half of a move to the next display on Wayland, once a windowed frame
    /// was presented there.
    func finishFullscreenMove() {
        _ = cvd_wayland_sync(window)
        setFullscreen(true)
    }
}
