/// A line segment clipped to a rectangle (Liang–Barsky): the part of a to b inside `r`, or
/// nil when none of it is; or the parts outside a set of rectangles.
enum SegmentClip {
    static func clip(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), to r: Rect
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
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
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }

    /// The parts of a to b outside every one of `rects`, in order from a; the whole segment
    /// when it crosses none, nothing when one covers it.
    static func outside(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), of rects: [Rect]
    ) -> [((x: Double, y: Double), (x: Double, y: Double))] {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 0 else { return [] }
        // Where along a → b (0…1) each rectangle covers it, then what is left between them.
        let covered = rects.compactMap { r -> (Double, Double)? in
            guard let (p, q) = clip(a, b, to: r) else { return nil }
            let along = { (point: (x: Double, y: Double)) in
                ((point.x - a.x) * (point.x - a.x) + (point.y - a.y) * (point.y - a.y)).squareRoot() / length
            }
            return (along(p), along(q))
        }.sorted { $0.0 < $1.0 }
        var parts: [(Double, Double)] = []
        var from = 0.0
        for (start, end) in covered {
            if start > from { parts.append((from, start)) }
            from = max(from, end)
        }
        if from < 1 { parts.append((from, 1)) }
        let point = { (t: Double) in (x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        return parts.filter { ($0.1 - $0.0) * length >= 1 }.map { (point($0.0), point($0.1)) }
    }
}
