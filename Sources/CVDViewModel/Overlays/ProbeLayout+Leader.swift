import CVDCore
import CVDLocale

extension ProbeLayout {
    /// From a readout's probe row to its ring, stopping at the ring's edge; nil when the
    /// readout sits next to the ring anyway.
    static func leader(from a: (x: Double, y: Double), box: Rect, to ring: (x: Double, y: Double), radius: Double)
        -> Leader?
    {
        // From the side of the box facing the ring, level with the probe's row; from the top
        // or bottom edge when the ring is straight above or below it.
        let level = min(max(a.y, box.y), box.maxY)
        let (sx, sy) =
            ring.x < box.x
            ? (box.x, level)
            : ring.x > box.maxX ? (box.maxX, level) : (ring.x, ring.y < box.y ? box.y : box.maxY)
        let dx = ring.x - sx
        let dy = ring.y - sy
        let d = distance(dx, dy)
        guard d > radius * 2.5 else { return nil }
        let stop = radius * 1.3
        return Leader(x0: sx, y0: sy, x1: ring.x - dx / d * stop, y1: ring.y - dy / d * stop)
    }

    /// `leaders` with a gap wherever one would cross `rects` (the check's tags, with a
    /// margin of `gap`): no line is drawn over a label.
    static func broken(_ leaders: [Leader], around rects: [Rect], gap: Double) -> [Leader] {
        guard !rects.isEmpty else { return leaders }
        let kept = rects.map { Rect($0.x - gap, $0.y - gap, $0.w + 2 * gap, $0.h + 2 * gap) }
        return leaders.flatMap { l in
            SegmentClip.outside((l.x0, l.y0), (l.x1, l.y1), of: kept).map {
                Leader(x0: $0.0.x, y0: $0.0.y, x1: $0.1.x, y1: $0.1.y)
            }
        }
    }
}
