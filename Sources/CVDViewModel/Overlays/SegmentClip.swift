/// A line segment clipped to a rectangle (Liang–Barsky): the part of a to b inside `r`, or
/// nil when none of it is.
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
}
