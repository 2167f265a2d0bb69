import CVDCore

/// Polylines over the pictures: the pen's strokes and the check's outlines (`OverlayPlan`).
extension OverlayPlan {
    /// Each stroke in each piece (or in `pieces`), cut where it leaves what the piece shows.
    static func strokes(_ strokes: [[Point]], _ g: ViewGeometry, pieces: [ViewGeometry.Piece]? = nil)
        -> [[(x: Double, y: Double)]]
    {
        var out: [[(x: Double, y: Double)]] = []
        for piece in pieces ?? g.pieces {
            for stroke in strokes {
                // Each segment clipped to the piece (a stroke across the split divider is
                // drawn on both sides up to it, with no gap however far apart its points are).
                let points = stroke.map { g.unclippedPoint($0, in: piece) }
                var run: [(x: Double, y: Double)] = []
                func close() {
                    if run.count >= 2 { out.append(run) }
                    run = []
                }
                if points.count == 1, let w = points[0], piece.destination.contains(w.x, w.y) { out.append([w, w]) }
                for (a, b) in zip(points, points.dropFirst()) {
                    guard let a, let b, let (p, q) = SegmentClip.clip(a, b, to: piece.destination) else {
                        close()
                        continue
                    }
                    if let last = run.last, abs(last.x - p.x) > 1e-6 || abs(last.y - p.y) > 1e-6 { close() }
                    if run.isEmpty { run.append(p) }
                    run.append(q)
                }
                close()
            }
        }
        return out
    }
}
