/// Where panes go in the window, and where the picture goes in a pane.
public struct Rect: Equatable, Sendable {
    public var x: Double, y: Double, w: Double, h: Double
    public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { self.x = x; self.y = y; self.w = w; self.h = h }
    public func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px < x + w && py >= y && py < y + h }
}

public enum PaneGeometry {
    /// Pane rectangles for a layout in a window (the split layout is one pane).
    public static func panes(_ layout: ViewState.Layout, width: Double, height: Double) -> [Rect] {
        switch layout {
        case .single, .split: return [Rect(0, 0, width, height)]
        case .quad:
            let w = (width / 2).rounded(.down), h = (height / 2).rounded(.down)
            return [Rect(0, 0, w, h), Rect(w, 0, width - w, h), Rect(0, h, w, height - h), Rect(w, h, width - w, height - h)]
        }
    }

    /// The largest rectangle of the picture's aspect ratio centred in `pane` (letterboxed).
    public static func fit(pictureWidth pw: Double, pictureHeight ph: Double, in pane: Rect) -> Rect {
        let s = min(pane.w / pw, pane.h / ph)
        let w = (pw * s).rounded(), h = (ph * s).rounded()
        return Rect(pane.x + ((pane.w - w) / 2).rounded(.down), pane.y + ((pane.h - h) / 2).rounded(.down), w, h)
    }
}
