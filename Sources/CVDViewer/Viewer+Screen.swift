import CSDL2
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The screen as the source: where the window is (`OwnWindowWatcher`: the source leaves the
/// window out of what it reads, so the view never shows itself inside itself), and the part
/// of the monitor shown, picked with Shift+R (`RegionPickingSource`).
extension Viewer {
    /// Tells the source the window's outer rectangle (its frame included) when it changed;
    /// called every tick (two SDL calls that ask no server).
    func followOwnWindow() {
        guard let watcher = take.ownWindowWatcher else { return }
        hideForSource(watcher)
        // The display it is on (SDL_GetWindowDisplayIndex, SDL_GetDisplayBounds) and the
        // window's outer rectangle, nil while hidden or minimised.
        var d = SDL_Rect()
        let index = SDL_GetWindowDisplayIndex(canvas.window)
        let display =
            index >= 0 && SDL_GetDisplayBounds(index, &d) == 0
            ? PixelRect(x: Int(d.x), y: Int(d.y), width: Int(d.w), height: Int(d.h)) : nil
        let r = canvas.clientRect
        let b = canvas.borders
        let hidden =
            SDL_GetWindowFlags(canvas.window) & (SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_MINIMIZED.rawValue) != 0
        let outer =
            hidden
            ? nil
            : PixelRect(
                x: Int(r.x - b.left), y: Int(r.y - b.top), width: Int(r.w + b.left + b.right),
                height: Int(r.h + b.top + b.bottom))
        for news in layout.ownWindow.news(display: display, window: outer) {
            switch news {
            case .display(let p): watcher.ownWindowDisplay(p)
            case .moved(let p): watcher.ownWindowMoved(p)
            case .hidden: watcher.ownWindowHidden()
            }
        }
    }

    /// The screen source's place for the window (off what it reads), if it has one.
    static func windowPlace(_ watcher: (any OwnWindowWatcher)?) -> SDL_Rect? {
        watcher?.takeWindowPlace().map {
            SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height))
        }
    }

    /// Hides the window while the source takes a picture without it (one monitor), shows it
    /// again after, where it was; puts it where the source asks (aside from a part picked
    /// under it).
    func hideForSource(_ watcher: OwnWindowWatcher) {
        let c = canvas.clientRect
        let (hide, showAt) = layout.screenWindow.follow(
            wantsHidden: watcher.wantsWindowHidden,
            place: PixelRect(x: Int(c.x), y: Int(c.y), width: Int(c.w), height: Int(c.h)))
        if hide {
            SDL_HideWindow(canvas.window)
        } else if let r = showAt {
            SDL_ShowWindow(canvas.window)
            // A window manager may place a window shown again anew: back where it was.
            if Int(canvas.clientRect.x) != r.x || Int(canvas.clientRect.y) != r.y {
                SDL_SetWindowPosition(canvas.window, Int32(r.x), Int32(r.y))
            }
            SDL_RaiseWindow(canvas.window)
            drawing.pending.screen = true
        }
        guard layout.screenWindow.hiddenAt == nil, let f = take.frame, let area = Self.windowPlace(watcher) else {
            return
        }
        guard let asked = canvas.place(in: area, picture: f.size) else { return }
        layout.windowShape.asked = asked
        layout.windowShape.settleUntil = SystemClock.monotonic + 1
        drawing.pending.screen = true
    }

    /// Shift+R's effects: the whole monitor shown and frozen once it comes; picking
    /// stopped; a part chosen (a click, not a drag: the whole monitor).
    func pickScreenRegion(_ effect: ViewState.Effect) {
        guard let s = take.source as? RegionPickingSource else { return }
        switch effect {
        case .screenRegionPicking:
            s.showWhole()
            // Already the whole (no part chosen yet): frozen now, as a still desktop sends
            // nothing new — unless the whole is taken again, without the window on it.
            if take.frame?.size == s.wholeSize, (s as? OwnWindowWatcher)?.wantsWindowHidden != true {
                state.frozen = true
            } else {
                layout.screenWindow.awaitWhole()
            }
        case .screenRegionCancelled:
            layout.screenWindow.stopAwaiting()
            s.keepRegion()
        case .screenRegionChosen(let a, let b):
            layout.screenWindow.stopAwaiting()
            let w = s.wholeSize
            let click = abs(a.x - b.x) * Double(w.width) < 8 && abs(a.y - b.y) * Double(w.height) < 8
            let part = s.choose(click ? nil : (a.x, a.y, b.x, b.y))
            say(Message("showing %s of the screen (Shift+R: another part)", .text(part)))
        default:
            break
        }
        drawing.pending.picture = true
    }

    /// A frame taken while the whole monitor is awaited for picking: frozen once it is the whole's.
    func noteScreenFrame(_ f: Frame) {
        guard let s = take.source as? RegionPickingSource, layout.screenWindow.frameTaken(f.size, whole: s.wholeSize)
        else {
            return
        }
        state.frozen = true
    }
}
