import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// The inks of marks too thin to have a flat pixel of their own (a 1.5-pixel line, a
/// letter's stroke), recovered from their anti-aliased pixels: each such pixel is
/// `background + coverage · (ink − background)`, so the pixels of one ink on one background
/// point the same way from it, and the furthest of them (the ones the mark covers most)
/// show the ink. Pixels are grouped by background and direction; each group's ink lies at
/// the 90th percentile of its pixels' distances along that direction. An ink that points
/// at a flat colour of the picture (a legend's swatch, a thicker part of the same series)
/// is that colour: a series and its swatch are one colour. Each pixel then has the ink and
/// its coverage. All in sRGB levels, where renderers blend and cameras blur.
enum InkColours {
    /// A mixture this close to its background (sRGB levels) is too faint to point at an ink.
    static let faintest: Float = 28
    /// Directions within this angle are one ink (seeds at least this far apart).
    static let seedAngle: Float = 15
    /// A pixel joins the nearest seed within this angle.
    static let joinAngle: Float = 25
    /// How much further than its pixels reach an ink may lie (`colour(for:)`): a 5-pixel
    /// blur leaves a thin mark at half its ink.
    static let beyond: Float = 2.5
    /// An ink and a colour it points at are one within this angle.
    static let pointAngle: Float = 10
    /// A flat colour of fewer pixels (a speck that happened to be flat) takes no ink.
    static let absorbingPixels = 20

    private struct Seed {
        let background: UInt16
        var direction: SIMD3<Float>
        var sum = SIMD3<Float>(0, 0, 0)
        var reaches: [Float] = []
    }

    static func resolve(_ mixtures: [PixelColours.Mixture], into p: inout PixelColours) {
        func vector(_ c: RGB8) -> SIMD3<Float> { SIMD3(Float(c.r), Float(c.g), Float(c.b)) }
        func unit(_ v: SIMD3<Float>) -> SIMD3<Float> { v / max(1e-6, (v * v).sum().squareRoot()) }
        // Directions binned per background (17 steps a component), heaviest bins first.
        var bins: [Int: (count: Int, sum: SIMD3<Float>, background: UInt16)] = [:]
        // 20 bytes a mixture (a tuple with a SIMD3 takes 48): there is one for every pixel
        // of text on a page.
        var strong: [(mixture: Int32, ux: Float, uy: Float, uz: Float, m: Float)] = []
        strong.reserveCapacity(mixtures.count)
        for (k, x) in mixtures.enumerated() {
            let d = SIMD3<Float>(Float(x.r), Float(x.g), Float(x.b))
            let m = (d * d).sum().squareRoot()
            guard m >= faintest else { continue }
            let u = d / m
            strong.append((Int32(k), u.x, u.y, u.z, m))
            let q = (u + 1) * 8
            let key = ((Int(x.background) * 17 + Int(q.x)) * 17 + Int(q.y)) * 17 + Int(q.z)
            bins[key, default: (0, SIMD3(0, 0, 0), x.background)].count += 1
            bins[key]!.sum += u
        }
        // Inks on the commonest background first (the paper): an ink seen on another colour
        // (a series crossing a bar, an axis under the bars) is then found as the same ink.
        var perBackground: [UInt16: Int] = [:]
        for b in bins.values { perBackground[b.background, default: 0] += b.count }
        let rank = Dictionary(
            uniqueKeysWithValues: perBackground.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .enumerated().map { ($0.element.key, $0.offset) })
        let ordered = bins.sorted {
            let (a, b) = (rank[$0.value.background]!, rank[$1.value.background]!)
            if a != b { return a < b }
            return $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        var seeds: [Seed] = []
        let seedCos = cosine(seedAngle)
        for (_, bin) in ordered {
            let u = unit(bin.sum)
            let close = seeds.contains { $0.background == bin.background && ($0.direction * u).sum() >= seedCos }
            if !close { seeds.append(Seed(background: bin.background, direction: u)) }
        }
        // Each strong mixture to its nearest seed.
        let joinCos = cosine(joinAngle)
        var member = [Int](repeating: -1, count: strong.count)
        for (k, s) in strong.enumerated() {
            let u = SIMD3(s.ux, s.uy, s.uz)
            let background = mixtures[Int(s.mixture)].background
            var best = -1
            var bestCos = joinCos
            for (j, seed) in seeds.enumerated() where seed.background == background {
                let c = (seed.direction * u).sum()
                if c >= bestCos {
                    bestCos = c
                    best = j
                }
            }
            member[k] = best
            if best >= 0 {
                seeds[best].sum += u * s.m
                seeds[best].reaches.append(s.m * bestCos)
            }
        }
        // Each seed's ink, merged with a flat colour it points at or an ink found before.
        var inkOf = [Int](repeating: -1, count: seeds.count)
        var inkReach = [Float](repeating: 1, count: seeds.count)
        for (j, seed) in seeds.enumerated() where seed.reaches.count >= 3 {
            let direction = unit(seed.sum)
            let sorted = seed.reaches.sorted()
            let bg = vector(p.colours[Int(seed.background)])
            var reach = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
            // Never past the sRGB cube along the direction.
            for axis in 0..<3 where direction[axis] != 0 {
                let room = direction[axis] > 0 ? (255 - bg[axis]) / direction[axis] : -bg[axis] / direction[axis]
                reach = min(reach, room)
            }
            let ink = bg + direction * reach
            let rgb = RGB8(level(ink.x), level(ink.y), level(ink.z))
            inkReach[j] = max(1, reach)
            inkOf[j] = colour(for: rgb, direction: direction, reach: reach, background: bg, in: &p)
        }
        for (k, s) in strong.enumerated() where member[k] >= 0 && inkOf[member[k]] >= 0 {
            let j = member[k]
            let x = mixtures[Int(s.mixture)]
            p.label[x.index] = UInt16(inkOf[j])
            let share = min(1, max(0.02, s.m * (seeds[j].direction * SIMD3(s.ux, s.uy, s.uz)).sum() / inkReach[j]))
            p.coverage[x.index] = UInt8((share * 255).rounded())
        }
    }

    /// The index of `rgb` among the colours: a colour the ink's direction points at (within
    /// `pointAngle`) that is the ink (within 12, CIE76) or lies up to `beyond` times further
    /// (a blurred mark, whose pixels never reach its ink) — a flat colour of at least
    /// `absorbingPixels` or an ink found before; else an ink within 9; else a new one.
    private static func colour(
        for rgb: RGB8, direction: SIMD3<Float>, reach: Float, background bg: SIMD3<Float>, in p: inout PixelColours
    ) -> Int {
        let pointCos = cosine(pointAngle)
        let lab = LabTable.lab(rgb)
        var best = -1
        var bestCos = pointCos
        for k in 0..<p.colours.count where k >= p.flatCount || p.flatPixels[k] >= absorbingPixels {
            let c = p.colours[k]
            let v = SIMD3<Float>(Float(c.r), Float(c.g), Float(c.b)) - bg
            let length = (v * v).sum().squareRoot()
            let same = LabTable.lab(c).distance2(lab) <= 144
            guard same || (length >= reach && length <= beyond * reach) else { continue }
            let cos = (v * direction).sum() / max(1e-6, length)
            if cos >= bestCos {
                bestCos = cos
                best = k
            }
        }
        if best >= 0 { return best }
        for k in p.flatCount..<p.colours.count where LabTable.lab(p.colours[k]).distance2(lab) < 81 {
            return k
        }
        p.colours.append(rgb)
        return p.colours.count - 1
    }

    private static func cosine(_ degrees: Float) -> Float {
        Float(cos(Double(degrees) * .pi / 180))
    }

    private static func level(_ x: Float) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
}
