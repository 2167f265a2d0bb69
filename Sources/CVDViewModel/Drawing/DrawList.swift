import CVDCore

/// What the window shows, in drawing order: the pane pictures as the `ViewGeometry` places
/// them (`pictures`), then the overlays of the `OverlayPlan` (`overlays`) — a plain value
/// each renderer translates (`RenderBackend.draw(_:text:textures:)`, GL and software alike),
/// as mpv's `vo_frame` describes a frame to every video output. It names no renderer and
/// needs no window, so tests read it (`DrawListTests`).
public struct DrawList: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public let x: Double, y: Double
        public init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
    }

    /// A vertex of a picture's mesh: its window position and the texture pixel it shows.
    public struct MeshVertex: Equatable, Sendable {
        public let x: Double, y: Double, u: Double, v: Double
        public init(x: Double, y: Double, u: Double, v: Double) { (self.x, self.y, self.u, self.v) = (x, y, u, v) }
    }

    public enum Item: Equatable, Sendable {
        /// Part `source` (texture pixels) of pane picture `pane` into `destination`,
        /// smoothed; each pixel a sharp square when enlarged three times or more.
        case picture(pane: Int, Rect, to: Rect)
        /// The same mirrored left–right and/or upside down.
        case flippedPicture(pane: Int, Rect, to: Rect, flipX: Bool, flipY: Bool)
        /// Part `source` (texture pixels) of pane picture `pane` turned a quarter into
        /// `destination`, smoothed: the texture's x runs down the window (downwards when
        /// `uDown`, else upwards), its y across (rightwards when `vRight`, else leftwards).
        case turnedPicture(pane: Int, Rect, to: Rect, uDown: Bool, vRight: Bool)
        /// Pane picture `pane` through a mesh of `columns` × rows vertices, row by row.
        case mesh(pane: Int, [MeshVertex], columns: Int)
        /// A rectangle in one colour, blended by `alpha`.
        case fill(Rect, RGB8, alpha: UInt8)
        /// Opaque triangles in one colour: three points each.
        case triangles([Point], RGB8)
        /// A line of white text at `size` pixels, drawn blended into `rect` (whole pixels).
        case text(String, size: Int, in: Rect)
    }

    public internal(set) var items: [Item] = []

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
    /// sheet or the camera panel), only the badges clear of it and the sheet (a badge the
    /// sheet covers in part would show as a label cut through). `penWidth`: the strokes'
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
            for box in plan.badges where !box.shim.intersects(sheet.shim) { list.label(box) }
            list.label(sheet)
        } else {
            for t in plan.checkTags { list.label(t) }
            for l in plan.leaders { list.leader(l) }
            for box in plan.boxes { list.label(box) }
        }
        return list
    }
}
