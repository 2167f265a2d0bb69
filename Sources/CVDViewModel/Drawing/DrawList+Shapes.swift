import CVDCore
import FoundationEssentials
import Glibc

/// The overlays' shapes as fills, triangles and text: probe rings, pen strokes, leaders and
/// the view model's `LabelBox`es — badges, chips, the footer and the help sheet all come
/// through here, so every label follows the same rules (shim ≥ 7:1, icon with shape and
/// colour, white text).
extension DrawList {
    /// A probe's ring: black outside, white inside, so it shows on any colour and in
    /// every mode; the middle stays clear to show the colour probed.
    public mutating func marker(_ m: ProbeLayout.Marker) {
        func ring(_ outer: Double, _ inner: Double) -> [[(Double, Double)]] {
            let n = 32
            let pts = (0...n).map { k -> ((Double, Double), (Double, Double)) in
                let a = Double(k) * 2 * Double.pi / Double(n)
                return ((m.x + outer * cos(a), m.y + outer * sin(a)), (m.x + inner * cos(a), m.y + inner * sin(a)))
            }
            return (0..<n).flatMap { k in
                [[pts[k].0, pts[k + 1].0, pts[k].1], [pts[k].1, pts[k + 1].0, pts[k + 1].1]]
            }
        }
        let t = max(2, m.radius * 0.22)
        triangles(ring(m.radius + t, m.radius), RGB8(0, 0, 0))
        triangles(ring(m.radius, m.radius - t), RGB8(255, 255, 255))
    }

    /// A pen stroke: a black core with a white edge, round at its joins and ends, so it
    /// shows on any picture under every mode (never a colour alone).
    public mutating func stroke(_ points: [(x: Double, y: Double)], width: Double) {
        func pass(_ half: Double) -> [[(Double, Double)]] {
            var tris: [[(Double, Double)]] = []
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x
                let dy = b.y - a.y
                let d = max(0.001, (dx * dx + dy * dy).squareRoot())
                let nx = -dy / d * half
                let ny = dx / d * half
                tris.append([(a.x + nx, a.y + ny), (b.x + nx, b.y + ny), (b.x - nx, b.y - ny)])
                tris.append([(a.x + nx, a.y + ny), (b.x - nx, b.y - ny), (a.x - nx, a.y - ny)])
            }
            // Round joins and ends.
            for p in points {
                let n = 12
                for k in 0..<n {
                    let a0 = Double(k) * 2 * Double.pi / Double(n)
                    let a1 = Double(k + 1) * 2 * Double.pi / Double(n)
                    tris.append([
                        (p.x, p.y), (p.x + half * cos(a0), p.y + half * sin(a0)),
                        (p.x + half * cos(a1), p.y + half * sin(a1)),
                    ])
                }
            }
            return tris
        }
        triangles(pass(width), RGB8(255, 255, 255))
        triangles(pass(width * 0.55), RGB8(0, 0, 0))
    }

    /// A readout's line to its probe: white with a black edge, so it shows on any picture.
    public mutating func leader(_ l: ProbeLayout.Leader) {
        func band(_ half: Double) -> [[(Double, Double)]] {
            let dx = l.x1 - l.x0
            let dy = l.y1 - l.y0
            let d = max(0.001, (dx * dx + dy * dy).squareRoot())
            let nx = -dy / d * half
            let ny = dx / d * half
            let a = (l.x0 + nx, l.y0 + ny)
            let b = (l.x1 + nx, l.y1 + ny)
            let c = (l.x1 - nx, l.y1 - ny)
            let e = (l.x0 - nx, l.y0 - ny)
            return [[a, b, c], [a, c, e]]
        }
        triangles(band(2.5), RGB8(0, 0, 0))
        triangles(band(1), RGB8(255, 255, 255))
    }

    public mutating func label(_ box: LabelBox) {
        fill(box.shim, LabelStyle.shimColour, alpha: UInt8((box.shimAlpha * 255).rounded()))
        if let (badge, r) = box.icon {
            triangles(badge.triangles(x: r.x, y: r.y, size: r.w), badge.colour)
        }
        for s in box.swatches {
            fill(Rect(s.rect.x - 1, s.rect.y - 1, s.rect.w + 2, s.rect.h + 2), RGB8(255, 255, 255), alpha: 255)
            fill(s.rect, s.colour, alpha: 255)
        }
        for line in box.lines { text(line.text, size: line.fontSize, in: line.rect) }
    }
}
