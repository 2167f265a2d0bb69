import FoundationEssentials

extension OverlayPlan {
    /// The check's outlines (`z`), and the rectangle of the screen being picked (Shift+R), as dashes of black (`[0]`) and white (`[1]`) triangles, each
    /// dash `width` thick and four times as long, so it shows on any colour in every mode and
    /// reads as a frame, not a colour. Worked out once per plan, not per frame drawn.
    public static func dashes(_ lines: [[(x: Double, y: Double)]], width: Double) -> [[[(Double, Double)]]] {
        let dash = max(2, 4 * width)
        let half = width / 2
        var tris: [[[(Double, Double)]]] = [[], []]
        for points in lines {
            // Where along the current dash the walk is, and that dash's colour (0 black, 1 white).
            var phase = 0.0
            var colour = 0
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x
                let dy = b.y - a.y
                let d = (dx * dx + dy * dy).squareRoot()
                guard d > 0.001 else { continue }
                let (nx, ny) = (-dy / d * half, dx / d * half)
                var t = 0.0
                while t < d {
                    // Every turn ends the segment or the dash: the walk always moves on.
                    let step = min(d - t, dash - phase)
                    let p = (a.x + dx * t / d, a.y + dy * t / d)
                    let q = (a.x + dx * (t + step) / d, a.y + dy * (t + step) / d)
                    tris[colour] += [
                        [(p.0 + nx, p.1 + ny), (q.0 + nx, q.1 + ny), (q.0 - nx, q.1 - ny)],
                        [(p.0 + nx, p.1 + ny), (q.0 - nx, q.1 - ny), (p.0 - nx, p.1 - ny)],
                    ]
                    t += step
                    phase += step
                    if phase >= dash - 1e-9 {
                        phase = 0
                        colour ^= 1
                    } else {
                        break
                    }
                }
            }
        }
        return tris
    }
}
