import CSDL2
import CVDCore

/// The window's shape and place: following the picture's shape (turned, straightened)
/// while the teacher has not sized the window, and its frame — the window manager's
/// borders and title bar — kept inside the display's usable area.
extension Canvas {
    /// The window manager's frame around the client area (wraps `SDL_GetWindowBordersSize`):
    /// zero without a window manager, or before it has said.
    var borders: (top: Int32, left: Int32, bottom: Int32, right: Int32) {
        var b: (top: Int32, left: Int32, bottom: Int32, right: Int32) = (0, 0, 0, 0)
        guard SDL_GetWindowBordersSize(window, &b.top, &b.left, &b.bottom, &b.right) == 0 else { return (0, 0, 0, 0) }
        return b
    }

    /// The client area's place and size (wraps `SDL_GetWindowPosition`, `SDL_GetWindowSize`).
    var clientRect: SDL_Rect {
        var r = SDL_Rect()
        SDL_GetWindowPosition(window, &r.x, &r.y)
        SDL_GetWindowSize(window, &r.w, &r.h)
        return r
    }

    /// Whether the window is full screen (SDL's flag, or cvdcam's own without a window manager).
    var isFullscreen: Bool {
        windowed != nil || SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// Resizes the window to the size a picture of `size` opens at (`WindowPlacement`:
    /// shrunk, keeping its shape, until the window and its frame fit the display's usable
    /// area), keeping its centre where it was as far as the display allows. Returns the
    /// client size asked for.
    func reshape(toPicture size: FrameSize) -> FrameSize {
        let b = borders
        let place = WindowPlacement(
            size: size, fitToDisplay: true, display: display, frame: (b.left + b.right, b.top + b.bottom),
            area: areaHere)
        let r = clientRect
        put(x: r.x + r.w / 2 - place.width / 2, y: r.y + r.h / 2 - place.height / 2, w: place.width, h: place.height)
        return FrameSize(Int(place.width), Int(place.height))
    }

    /// Shrinks (keeping its shape) and moves the window so that its frame lies inside the
    /// display's usable area — a window sized to the display's usable area may otherwise
    /// reach off it by its borders. Returns the client size asked for, nil when it fits.
    func fitFrame() -> FrameSize? {
        guard !isFullscreen, let u = usableBounds else { return nil }
        let b = borders
        let r = clientRect
        let inside =
            r.x - b.left >= u.x && r.y - b.top >= u.y && r.x + r.w + b.right <= u.x + u.w
            && r.y + r.h + b.bottom <= u.y + u.h
        guard !inside else { return nil }
        let room = (w: u.w - b.left - b.right, h: u.h - b.top - b.bottom)
        let scale = min(1, Double(room.w) / Double(r.w), Double(room.h) / Double(r.h))
        let (w, h) = (Int32(Double(r.w) * scale), Int32(Double(r.h) * scale))
        put(x: r.x, y: r.y, w: w, h: h)
        return FrameSize(Int(w), Int(h))
    }

    /// The display's usable area (wraps `SDL_GetDisplayUsableBounds`): without the panels;
    /// the part of it the window was put in (`area`) while the window's middle lies there.
    var usableBounds: SDL_Rect? {
        var u = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(display, &u) == 0, u.w > 0, u.h > 0 else { return nil }
        guard let a = areaHere else { return u }
        let (x0, y0) = (max(a.x, u.x), max(a.y, u.y))
        let (x1, y1) = (min(a.x + a.w, u.x + u.w), min(a.y + a.h, u.y + u.h))
        return x1 > x0 && y1 > y0 ? SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : u
    }

    /// The area the window was put in (`area`), while the window's middle lies there.
    var areaHere: SDL_Rect? {
        let r = clientRect
        let (mx, my) = (r.x + r.w / 2, r.y + r.h / 2)
        guard let a = area, mx >= a.x, mx < a.x + a.w, my >= a.y, my < a.y + a.h else { return nil }
        return a
    }

    /// Puts the window in `a` (screen pixels, its frame included), as large as a picture of
    /// `size` fits there: the screen source's place for it, off the part it reads. Nil (and
    /// nothing moved) while full screen: the teacher chose that.
    func place(in a: SDL_Rect, picture size: FrameSize) -> FrameSize? {
        guard !isFullscreen else { return nil }
        area = a
        let b = borders
        let fit = WindowPlacement(
            size: size, fitToDisplay: true, display: display, frame: (b.left + b.right, b.top + b.bottom), area: a)
        put(
            x: a.x + b.left + (a.w - b.left - b.right - fit.width) / 2,
            y: a.y + b.top + (a.h - b.top - b.bottom - fit.height) / 2, w: fit.width, h: fit.height)
        return FrameSize(Int(fit.width), Int(fit.height))
    }

    /// Sizes the client area to `w`×`h` and places it at (`x`, `y`), moved as little as
    /// needed to keep its frame inside the usable area (wraps `SDL_SetWindowSize`,
    /// `SDL_SetWindowPosition`).
    private func put(x: Int32, y: Int32, w: Int32, h: Int32) {
        var (x, y) = (x, y)
        if let u = usableBounds {
            let b = borders
            x = max(u.x + b.left, min(x, u.x + u.w - b.right - w))
            y = max(u.y + b.top, min(y, u.y + u.h - b.bottom - h))
        }
        SDL_SetWindowSize(window, w, h)
        SDL_SetWindowPosition(window, x, y)
    }
}
