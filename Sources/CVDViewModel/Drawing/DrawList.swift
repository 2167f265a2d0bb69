import CVDCore

/// What the window shows over its pictures, in drawing order: a plain value the view makes
/// from its `OverlayPlan` and each renderer translates (`RenderBackend.draw(_:text:)`, GL
/// and software alike) — as mpv's `vo_frame` describes a frame to every video output. It
/// names no renderer and needs no window, so tests read it (`DrawListTests`).
public struct DrawList: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let x: Double, y: Double
        public init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
    }

    public enum Item: Equatable, Sendable {
        /// A rectangle in one colour, blended by `alpha`.
        case fill(Rect, RGB8, alpha: UInt8)
        /// Opaque triangles in one colour: three points each.
        case triangles([Point], RGB8)
        /// A line of white text at `size` pixels, drawn blended into `rect` (whole pixels).
        case text(String, size: Int, in: Rect)
    }

    public private(set) var items: [Item] = []

    public init() {}

    public mutating func fill(_ r: Rect, _ c: RGB8, alpha: UInt8) { items.append(.fill(r, c, alpha: alpha)) }

    /// Triangles given as three points each; nothing when there are none.
    public mutating func triangles(_ tris: [[(Double, Double)]], _ c: RGB8) {
        guard !tris.isEmpty else { return }
        items.append(.triangles(tris.flatMap { t in t.map { Point($0.0, $0.1) } }, c))
    }

    public mutating func text(_ s: String, size: Int, in r: Rect) { items.append(.text(s, size: size, in: r)) }
}

extension DrawList {
    /// The overlays of `plan` in the order they cover each other: pen strokes, probe rings,
    /// the check's and the region pick's dashes, the check's tags and the readouts' leaders
    /// (unless a sheet covers the picture), then the labels — or, with `sheet` (the help
    /// sheet or the camera panel), only the badges and the sheet. `penWidth`: the strokes'
    /// (`OverlayPlan.penWidth`).
    public static func overlays(_ plan: OverlayPlan, penWidth: Double, sheet: LabelBox?) -> DrawList {
        var list = DrawList()
        for s in plan.strokes { list.stroke(s, width: penWidth) }
        for m in plan.markers { list.marker(m) }
        list.triangles(plan.checkDashes[0], RGB8(0, 0, 0))
        list.triangles(plan.checkDashes[1], RGB8(255, 255, 255))
        list.triangles(plan.pickDashes[0], RGB8(0, 0, 0))
        list.triangles(plan.pickDashes[1], RGB8(255, 255, 255))
        if let sheet {
            // The sheet covers the picture; the footer and chips would show through it.
            for box in plan.badges { list.label(box) }
            list.label(sheet)
        } else {
            for t in plan.checkTags { list.label(t) }
            for l in plan.leaders { list.leader(l) }
            for box in plan.boxes { list.label(box) }
        }
        return list
    }
}
