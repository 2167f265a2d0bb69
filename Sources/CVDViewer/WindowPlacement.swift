import CSDL2
import CVDCore

/// Where and how large the window opens: `size` on display `display` (SDL's index),
/// a tiny picture enlarged a whole number of times to at least `Canvas.minimumWindow`, and
/// shrunk (keeping its shape) to the display's usable area — said in `note` when the size
/// was asked for (`--window`), done quietly for a picture's own size (`fitToDisplay`).
@MainActor
struct WindowPlacement {
    let width: Int32
    let height: Int32
    let display: Int32
    let note: Message?
    /// Where to open instead of the display's usable area (its frame included): the screen
    /// source's place for it, off what it reads.
    let area: SDL_Rect?

    /// `frame`: the window manager's borders and title bar (width, height), when known.
    init(
        size: FrameSize, fitToDisplay: Bool, display: Int32, frame: (w: Int32, h: Int32) = (0, 0),
        area: SDL_Rect? = nil
    ) {
        self.display = display
        self.area = area
        var (w, h) = (Int32(size.width), Int32(size.height))
        let minimum = Canvas.minimumWindow
        if fitToDisplay, w < minimum.w || h < minimum.h {
            let k = Int32(max(Double(minimum.w) / Double(w), Double(minimum.h) / Double(h)).rounded(.up))
            (w, h) = (w * k, h * k)
        }
        var note: Message?
        var usable = SDL_Rect()
        if let area { usable = area } else { _ = SDL_GetDisplayUsableBounds(display, &usable) }
        if usable.w > frame.w, usable.h > frame.h {
            (usable.w, usable.h) = (usable.w - frame.w, usable.h - frame.h)
        }
        if usable.w > 0, usable.h > 0, w > usable.w || h > usable.h {
            let scale = min(Double(usable.w) / Double(w), Double(usable.h) / Double(h))
            let fitted = (max(minimum.w / 2, Int32(Double(w) * scale)), max(minimum.h / 2, Int32(Double(h) * scale)))
            if !fitToDisplay {
                note = Message(
                    "the window is %s: --window %s is larger than the display's usable area (%s)",
                    .text("\(fitted.0)×\(fitted.1)"), .text("\(w)x\(h)"), .text("\(usable.w)×\(usable.h)"))
            }
            (w, h) = fitted
        }
        (width, height, self.note) = (w, h, note)
    }

    /// Opens the window centred on the display (or the area) with `flags` (wraps
    /// `SDL_CreateWindow`); nil on failure.
    func open(_ flags: UInt32) -> OpaquePointer? {
        if let a = area {
            let at = (x: a.x + (a.w - width) / 2, y: a.y + (a.h - height) / 2)
            return SDL_CreateWindow("cvdcam", at.x, at.y, width, height, flags)
        }
        let at = Displays.centred(on: display)
        return SDL_CreateWindow("cvdcam", at, at, width, height, flags)
    }
}
