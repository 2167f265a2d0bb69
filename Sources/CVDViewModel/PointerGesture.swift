/// Mouse input → commands: a press on the split divider drags it, any other press drags
/// the picture (pan), the wheel zooms at the pointer.
public struct PointerGesture: Sendable {
    private var drag: (x: Double, y: Double, onDivider: Bool)?

    public init() {}

    /// Left button down at (x, y). `geometry` is nil while there is no picture yet.
    public mutating func press(_ x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command? {
        let onDivider = geometry?.isOnDivider(x) ?? false
        drag = (x, y, onDivider)
        guard onDivider, let g = geometry else { return nil }
        return .setDivider(g.dividerFraction(at: x))
    }

    /// The pointer moved to (x, y): drags what the press grabbed.
    public mutating func move(_ x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command? {
        guard let d = drag, let g = geometry else { return nil }
        if d.onDivider { return .setDivider(g.dividerFraction(at: x)) }
        drag = (x, y, false)
        let p = g.pictureRect
        return .pan(dx: -(x - d.x) / p.w, dy: -(y - d.y) / p.h)
    }

    public mutating func release() { drag = nil }

    /// The wheel turned (`up`: away from the user) with the pointer at (x, y).
    public static func wheel(up: Bool, at x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command {
        .zoom(factor: up ? ViewState.zoomStep : 1 / ViewState.zoomStep, at: geometry?.pointInPicture(x, y))
    }
}
