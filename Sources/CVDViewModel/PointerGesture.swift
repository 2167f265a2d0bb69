/// Mouse input → commands: a press on the split divider drags it, any other press drags
/// the picture (pan), a click that does not move puts a probe there, the wheel zooms at
/// the pointer.
public struct PointerGesture: Sendable {
    private var drag: (x: Double, y: Double, onDivider: Bool)?
    /// Where the press was, and whether the pointer has since gone further than a click allows.
    private var press: (x: Double, y: Double, moved: Bool)?
    /// How far (pixels) the pointer may move between press and release for a click.
    public static let clickSlop = 4.0

    public init() {}

    /// With the pen on (`b`), a drag draws instead of panning.
    private var drawing = false
    /// The drawing pointer is off the picture (a gap between panes, a letterbox band): the
    /// next point on it starts a new stroke rather than a line across the gap.
    private var penOff = false
    /// Picking a part of the screen (Shift+R): where the rectangle's drag began, and where
    /// the pointer last was on the picture.
    private var region: (from: Point, to: Point)?

    /// Left button down at (x, y). `geometry` is nil while there is no picture yet; with
    /// `pen`, a stroke starts there.
    /// With `region` (Shift+R), a drag spans the rectangle of the screen to show.
    public mutating func press(
        _ x: Double, _ y: Double, _ geometry: ViewGeometry?, pen: Bool = false, region picking: Bool = false
    ) -> Command? {
        if picking {
            guard let p = geometry?.picturePoint(x, y) else { return nil }
            region = (p, p)
            return .regionDrag(from: p, to: p)
        }
        if pen, let g = geometry {
            drawing = true
            let p = g.picturePoint(x, y)
            penOff = p == nil
            return p.map { .pen($0, newStroke: true) }
        }
        let onDivider = geometry?.isOnDivider(x) ?? false
        drag = (x, y, onDivider)
        press = (x, y, false)
        guard onDivider, let g = geometry else { return nil }
        return .setDivider(g.dividerFraction(at: x))
    }

    /// The pointer moved to (x, y): drags what the press grabbed.
    public mutating func move(_ x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command? {
        if let r = region {
            guard let p = geometry?.picturePoint(x, y) else { return nil }
            region = (r.from, p)
            return .regionDrag(from: r.from, to: p)
        }
        if drawing {
            guard let p = geometry?.picturePoint(x, y) else {
                penOff = true
                return nil
            }
            defer { penOff = false }
            return .pen(p, newStroke: penOff)
        }
        if let p = press, abs(x - p.x) > Self.clickSlop || abs(y - p.y) > Self.clickSlop { press?.moved = true }
        guard let d = drag, let g = geometry else { return nil }
        if d.onDivider { return .setDivider(g.dividerFraction(at: x)) }
        drag = (x, y, false)
        let p = g.pictureRect
        return .pan(dx: -(x - d.x) / p.w, dy: -(y - d.y) / p.h)
    }

    /// Left button up at (x, y): a click (no drag, not on the divider) puts a probe there.
    public mutating func release(_ x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command? {
        defer {
            drag = nil
            press = nil
            region = nil
        }
        if let r = region {
            // Let go off the picture: where the pointer last was on it.
            let to = geometry?.picturePoint(x, y) ?? r.to
            return .regionDone(from: r.from, to: to)
        }
        if drawing {
            drawing = false
            return nil
        }
        guard let p = press, !p.moved, drag?.onDivider == false, let point = geometry?.picturePoint(x, y) else {
            return nil
        }
        return .probe(point)
    }

    /// The wheel turned (`up`: away from the user) with the pointer at (x, y).
    public static func wheel(up: Bool, at x: Double, _ y: Double, _ geometry: ViewGeometry?) -> Command {
        .zoom(factor: up ? ViewState.zoomStep : 1 / ViewState.zoomStep, at: geometry?.pointInPicture(x, y))
    }
}
