import CSDL2
import CVDSources

/// Where the window is, for a source that reads the screen (`OwnWindowWatcher`): it leaves
/// the window out of what it reads, so the view never shows itself inside itself.
extension Viewer {
    /// Tells the source the window's outer rectangle (its frame included) when it changed;
    /// called every tick (two SDL calls that ask no server).
    func followOwnWindow() {
        guard let watcher = source as? OwnWindowWatcher else { return }
        let r = canvas.clientRect
        let b = canvas.borders
        let hidden =
            SDL_GetWindowFlags(canvas.window) & (SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_MINIMIZED.rawValue) != 0
        let outer =
            hidden
            ? nil : SDL_Rect(x: r.x - b.left, y: r.y - b.top, w: r.w + b.left + b.right, h: r.h + b.top + b.bottom)
        guard
            outer.map({ [$0.x, $0.y, $0.w, $0.h] }) != lastOwnWindow.map({ [$0.x, $0.y, $0.w, $0.h] }) || !ownWindowSent
        else { return }
        lastOwnWindow = outer
        ownWindowSent = true
        if let o = outer {
            watcher.ownWindowMoved(x: Int(o.x), y: Int(o.y), width: Int(o.w), height: Int(o.h))
        } else {
            watcher.ownWindowHidden()
        }
    }
}
