/// A line segment clipped to a rectangle (Liang–Barsky): the part of a to b inside `r`, or
/// nil when none of it is; or the parts outside a set of rectangles.
enum SegmentClip {
    static func clip(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), to r: Rect
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        span(a, b, in: r).map { (point(a, b, $0.0), point(a, b, $0.1)) }
    }

    /// Where along a → b (0…1) the segment is inside `r`; nil when it never is.
    static func span(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), in r: Rect) -> (Double, Double)? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-dx, a.x - r.x), (dx, r.x + r.w - a.x), (-dy, a.y - r.y), (dy, r.y + r.h - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }

    static func point(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ t: Double) -> (x: Double, y: Double) {
        (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }

    /// The parts of a to b outside every one of `rects`, in order from a; the whole segment
    /// when it crosses none, nothing when one covers it.
    static func outside(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), of rects: [Rect]
    ) -> [((x: Double, y: Double), (x: Double, y: Double))] {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 0 else { return [] }
        // Where along a → b each rectangle covers it, then what is left between them.
        var parts: [(Double, Double)] = []
        var from = 0.0
        for (start, end) in rects.compactMap({ span(a, b, in: $0) }).sorted(by: { $0.0 < $1.0 }) {
            if start > from { parts.append((from, start)) }
            from = max(from, end)
        }
        if from < 1 { parts.append((from, 1)) }
        return parts.filter { ($0.1 - $0.0) * length >= 1 }.map { (point(a, b, $0.0), point(a, b, $0.1)) }
    }
}
