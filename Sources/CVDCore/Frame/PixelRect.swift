/// A rectangle in whole pixels: of a frame (what changed in it: `FrameChanges`; a region the
/// check found), of a texture or of the window (`BlitRects`), of the screen (`ScreenRect`).
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The whole of a frame `width` × `height`.
    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    /// Its middle pixel (rounded down).
    public var centre: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    var right: Int { x + width }
    var bottom: Int { y + height }

    /// Where the two overlap (empty when they do not).
    public func intersection(_ o: PixelRect) -> PixelRect {
        let (l, t) = (max(x, o.x), max(y, o.y))
        return PixelRect(x: l, y: t, width: max(0, min(right, o.right) - l), height: max(0, min(bottom, o.bottom) - t))
    }

    /// The smallest rectangle holding both.
    public func union(_ o: PixelRect) -> PixelRect {
        let (l, t) = (min(x, o.x), min(y, o.y))
        return PixelRect(x: l, y: t, width: max(right, o.right) - l, height: max(bottom, o.bottom) - t)
    }

    /// What of this rectangle none of `cuts` covers, as rectangles that do not overlap (up to
    /// four per cut: the bands above and below it, then left and right of it).
    public func subtracting(_ cuts: [PixelRect]) -> [PixelRect] {
        var pieces = isEmpty ? [] : [self]
        for cut in cuts where !cut.isEmpty {
            pieces = pieces.flatMap { p -> [PixelRect] in
                let c = p.intersection(cut)
                guard !c.isEmpty else { return [p] }
                return [
                    PixelRect(x: p.x, y: p.y, width: p.width, height: c.y - p.y),
                    PixelRect(x: p.x, y: c.bottom, width: p.width, height: p.bottom - c.bottom),
                    PixelRect(x: p.x, y: c.y, width: c.x - p.x, height: c.height),
                    PixelRect(x: c.right, y: c.y, width: p.right - c.right, height: c.height),
                ].filter { !$0.isEmpty }
            }
        }
        return pieces
    }

    /// Whether the two overlap or share an edge.
    func touches(_ o: PixelRect) -> Bool { x <= o.right && o.x <= right && y <= o.bottom && o.y <= bottom }

    /// Grown to at least `least` × `least` about its middle, its edges out to multiples of
    /// `grid`, inside `bounds`.
    func floored(_ least: Int, grid: Int, in bounds: PixelRect) -> PixelRect {
        let growX = max(0, least - width)
        let growY = max(0, least - height)
        var r = PixelRect(x: x - growX / 2, y: y - growY / 2, width: width + growX, height: height + growY)
        // Kept inside when grown past an edge: moved back rather than cut.
        r.x = max(bounds.x, min(r.x, bounds.right - r.width))
        r.y = max(bounds.y, min(r.y, bounds.bottom - r.height))
        let left = Self.down(r.x, grid)
        let top = Self.down(r.y, grid)
        let aligned = PixelRect(
            x: left, y: top, width: Self.up(r.right, grid) - left, height: Self.up(r.bottom, grid) - top)
        return aligned.intersection(bounds)
    }

    private static func down(_ v: Int, _ grid: Int) -> Int {
        v >= 0 ? v / grid * grid : -((-v + grid - 1) / grid * grid)
    }
    private static func up(_ v: Int, _ grid: Int) -> Int { -down(-v, grid) }
}

extension PixelRect {
    /// How changed rectangles are merged (`merged(_:within:)`): each grown to `floor` ×
    /// `floor` pixels at least and its edges put on an 8-pixel grid (a pane's picture is
    /// reduced by 2 or 4 in whole blocks: an 8-aligned rectangle is whole blocks at every
    /// reduction), so that a blinking cursor or a typed letter is one rectangle, not many.
    public static let floor = 32
    public static let grid = 8
    /// More rectangles than this are one, their bounding box.
    public static let most = 16
    /// A change of this share of the frame or more is the whole frame.
    public static let wholeShare = 0.6

    /// `rects` (frame pixels, any number, overlapping or not) as few rectangles that hold
    /// them, none overlapping another, sorted top to bottom, left to right: each clipped to
    /// `bounds` and floored (`floor`, `grid`); two that touch, or whose bounding box is
    /// hardly larger than the two (a quarter), are one; more than `most` are their bounding
    /// box; together `wholeShare` of `bounds` or more, `bounds` itself. Empty when nothing
    /// inside `bounds` changed.
    public static func merged(_ rects: [PixelRect], within bounds: PixelRect) -> [PixelRect] {
        var parts = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
            .map { $0.floored(floor, grid: grid, in: bounds) }
        if parts.count > 256 { parts = [parts.dropFirst().reduce(parts[0]) { $0.union($1) }] }
        var joined = true
        while joined {
            joined = false
            search: for i in parts.indices {
                for j in parts.indices where j > i {
                    let u = parts[i].union(parts[j])
                    if parts[i].touches(parts[j]) || u.area * 4 <= (parts[i].area + parts[j].area) * 5 {
                        parts[i] = u
                        parts.remove(at: j)
                        joined = true
                        break search
                    }
                }
            }
        }
        if parts.count > most { parts = [parts.dropFirst().reduce(parts[0]) { $0.union($1) }] }
        let total = parts.reduce(0) { $0 + $1.area }
        if Double(total) >= wholeShare * Double(bounds.area), !parts.isEmpty { return [bounds] }
        return parts.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
