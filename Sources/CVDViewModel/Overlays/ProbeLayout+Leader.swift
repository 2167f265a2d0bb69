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
}
