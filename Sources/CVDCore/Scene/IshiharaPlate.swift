/// The test scene's Ishihara-style plate: a "74" of dots in a field of dots. Figure and
/// field dots come in pairs that differ only along the deuteranope's confusion line in
/// linear light — the direction Viénot 1999's deutan matrix maps to nothing — so a normal
/// eye sees orange on olive green while, simulated as deuteranopia, each pair is one colour
/// and the figure is gone. The field's lightness varies from dot to dot (the same five
/// levels in figure and field), so lightness gives nothing away either.
public enum IshiharaPlate {
    /// Olive-green field dots, five lightnesses.
    public static let field: [RGB8] = [
        RGB8(150, 170, 90), RGB8(128, 160, 96), RGB8(170, 180, 110), RGB8(140, 150, 80),
        RGB8(112, 150, 104),
    ]

    /// How far along the confusion line the figure lies (linear light, red channel units).
    static let offset = 0.35

    /// The figure's dots: each field colour moved along the deutan confusion line.
    public static let figure: [RGB8] = field.map { c in
        let n = confusionLine
        let l = (SRGB.linear(c.r), SRGB.linear(c.g), SRGB.linear(c.b))
        return RGB8(SRGB.level(l.0 + offset * n.0), SRGB.level(l.1 + offset * n.1), SRGB.level(l.2 + offset * n.2))
    }

    /// The direction (linear RGB, red component 1) that Viénot 1999's deuteranopia matrix
    /// sends to zero: the cross product of two of its independent rows.
    static var confusionLine: (Double, Double, Double) {
        let m = Vienot1999.matrices[.deutan]!
        let a = m.row(0)
        let b = m.row(2)
        let n = (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        return (1, n.1 / n.0, n.2 / n.0)
    }

    /// Two 5×7 glyphs, bold strokes.
    static let glyphs: [[String]] = [
        ["11111", "11111", "00011", "00110", "01100", "01100", "01100"],
        ["00110", "01110", "11010", "10010", "11111", "00010", "00010"],
    ]

    /// Whether plate point (u, v) (−1…1 across the plate) lies in the figure.
    static func inFigure(_ u: Double, _ v: Double) -> Bool {
        let cw = 0.13
        let ch = 0.125
        let gx = (u + 5.5 * cw) / cw
        let gy = (v + 3.5 * ch) / ch
        guard gy >= 0, gy < 7, gx >= 0, gx < 11 else { return false }
        let g = Int(gx) / 6
        let col = Int(gx) % 6
        guard col < 5 else { return false }
        return Array(glyphs[g][Int(gy)])[col] == "1"
    }

    static func draw(_ c: inout Painter, cx: Double, cy: Double, r: Double) {
        c.disc(cx, cy, r * 1.02, RGB8(245, 242, 235))
        // A dot belongs to the figure when most of it does (its centre and a ring around it).
        func nearFigure(_ u: Double, _ v: Double) -> Bool {
            let probes = [(0.0, 0.0), (0.02, 0), (-0.02, 0), (0, 0.02), (0, -0.02)]
            return probes.filter { inFigure(u + $0.0, v + $0.1) }.count >= 3
        }
        var rng = SceneRandom(seed: 74)
        let n = 40
        let step = 2 * r / Double(n)
        for j in 0..<n {
            for i in 0..<n {
                let u = -1 + (Double(i) + 0.5 + rng.uniform(-0.3, 0.3)) * 2 / Double(n)
                let v = -1 + (Double(j) + 0.5 + rng.uniform(-0.3, 0.3)) * 2 / Double(n)
                guard u * u + v * v < 0.88 else { continue }
                let k = Int(rng.next() % UInt64(field.count))
                c.disc(cx + u * r, cy + v * r, step * rng.uniform(0.32, 0.48), nearFigure(u, v) ? figure[k] : field[k])
            }
        }
    }
}
