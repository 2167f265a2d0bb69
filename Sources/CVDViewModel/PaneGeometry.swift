/// Where panes go in the window, and where the picture goes in a pane.
public struct Rect: Equatable, Sendable {
    public var x: Double, y: Double, w: Double, h: Double
    public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }
    public func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px < x + w && py >= y && py < y + h }
}

public enum PaneGeometry {
    /// Pane rectangles for a layout in a window (the split layout is one pane). Side-by-side
    /// panes are all the same size — an odd pixel left over widens a gap — so every picture
    /// is drawn at the same scale and the rows and columns line up.
    public static func panes(_ layout: ViewState.Layout, width: Double, height: Double) -> [Rect] {
        switch layout {
        case .single, .split: return [Rect(0, 0, width, height)]
        case .stillLive:
            let g = quadGap(width: width, height: height)
            let w = ((width - g) / 2).rounded(.down)
            return [Rect(0, 0, w, height), Rect(width - w, 0, w, height)]
        case .assist:
            let g = quadGap(width: width, height: height)
            let w = ((width - 2 * g) / 3).rounded(.down)
            return [
                Rect(0, 0, w, height), Rect(((width - w) / 2).rounded(.down), 0, w, height),
                Rect(width - w, 0, w, height),
            ]
        case .quad:
            // A gap between the panes keeps four pictures from reading as one.
            let g = quadGap(width: width, height: height)
            let w = ((width - g) / 2).rounded(.down)
            let h = ((height - g) / 2).rounded(.down)
            return [
                Rect(0, 0, w, h), Rect(width - w, 0, w, h), Rect(0, height - h, w, h),
                Rect(width - w, height - h, w, h),
            ]
        }
    }

    /// The gap between 2×2 panes: about 0.4 % of the window's smaller side, at least 2 px.
    public static func quadGap(width: Double, height: Double) -> Double {
        max(2, (min(width, height) * 0.004).rounded())
    }

    /// The largest rectangle of the picture's aspect ratio centred in `pane` (letterboxed).
    public static func fit(pictureWidth pw: Double, pictureHeight ph: Double, in pane: Rect) -> Rect {
        let s = min(pane.w / pw, pane.h / ph)
        let w = (pw * s).rounded()
        let h = (ph * s).rounded()
        return Rect(pane.x + ((pane.w - w) / 2).rounded(.down), pane.y + ((pane.h - h) / 2).rounded(.down), w, h)
    }
}
