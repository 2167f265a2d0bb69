import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// What to use instead: for each region in a pair at risk (the smaller of the two), a colour
/// from palettes made for colour-vision deficiency — Okabe & Ito's (2002) and ColorBrewer's
/// Dark2 (Brewer, colorbrewer2.org) — that stays apart (ΔE00 ≥ 10) from every other colour
/// of the picture, earlier replacements included, in normal vision and in every dichromat
/// and anomalous mode checked; of those, the one nearest the colour it replaces (the
/// least change of meaning: a red stays reddish). Achromatopsia, which no such palette is
/// made for (only lightness is left), is reported, not required. Where no candidate keeps
/// every colour apart, the one that comes closest is given with `keepsApart` false. Black
/// and grey are offered only for a colour that is nearly grey itself.
public struct Replacement: Sendable, Equatable {
    /// The region replaced (an index into `FoundRegions.regions`) and its new colour.
    public let region: Int
    public let colour: RGB8
    /// The candidate's name in its palette, e.g. "Okabe–Ito sky blue".
    public let source: String
    /// The smallest ΔE00 to any other colour in normal vision and the modes required.
    public let worstDeltaE: Double
    /// The same in achromatopsia, when it was checked.
    public let achromatopsiaDeltaE: Double?
    /// The numbers of the pairs (`MaterialCheck.numberedPairs`, from 1) it answers.
    public let pairs: [Int]
    public var keepsApart: Bool { worstDeltaE >= PairVerdict.hardBelow }

    static let candidates: [(String, RGB8)] = [
        ("Okabe–Ito orange", RGB8(0xE6, 0x9F, 0x00)), ("Okabe–Ito sky blue", RGB8(0x56, 0xB4, 0xE9)),
        ("Okabe–Ito bluish green", RGB8(0x00, 0x9E, 0x73)), ("Okabe–Ito yellow", RGB8(0xF0, 0xE4, 0x42)),
        ("Okabe–Ito blue", RGB8(0x00, 0x72, 0xB2)), ("Okabe–Ito vermillion", RGB8(0xD5, 0x5E, 0x00)),
        ("Okabe–Ito reddish purple", RGB8(0xCC, 0x79, 0xA7)), ("Okabe–Ito black", RGB8(0, 0, 0)),
        ("Dark2 teal", RGB8(0x1B, 0x9E, 0x77)), ("Dark2 orange", RGB8(0xD9, 0x5F, 0x02)),
        ("Dark2 purple", RGB8(0x75, 0x70, 0xB3)), ("Dark2 pink", RGB8(0xE7, 0x29, 0x8A)),
        ("Dark2 green", RGB8(0x66, 0xA6, 0x1E)), ("Dark2 mustard", RGB8(0xE6, 0xAB, 0x02)),
        ("Dark2 brown", RGB8(0xA6, 0x76, 0x1D)), ("Dark2 grey", RGB8(0x66, 0x66, 0x66)),
    ]

    /// The replacements for `check`'s pairs at risk, in the order of the pairs.
    public static func suggest(for check: MaterialCheck) -> [Replacement] {
        let regions = check.found.regions
        var colours = regions.map(\.rgb)
        var required = check.results.map(\.simulation).filter { $0.mode != .achromatopsia }
        if let normal = try? Simulation(mode: .normal) { required.insert(normal, at: 0) }
        let achromatopsia = check.results.map(\.simulation).first { $0.mode == .achromatopsia }
        var targets: [(region: Int, pairs: [Int])] = []
        for (n, pair) in check.numberedPairs.enumerated() {
            let t = regions[pair.first].share <= regions[pair.second].share ? pair.first : pair.second
            if let k = targets.firstIndex(where: { $0.region == t }) {
                targets[k].pairs.append(n + 1)
            } else {
                targets.append((t, [n + 1]))
            }
        }
        /// The smallest ΔE00 from `c`, in place of region `target`, to every other colour.
        func worst(_ c: RGB8, _ target: Int, _ sims: [Simulation]) -> Double {
            var w = Double.infinity
            for sim in sims {
                let seen = sim.simulate(c)
                for (k, other) in colours.enumerated() where k != target {
                    w = min(w, CIEDE2000.difference(seen, sim.simulate(other)))
                }
            }
            return w
        }
        var out: [Replacement] = []
        for target in targets {
            let original = regions[target.region]
            let greyish = hypot(original.lab.a, original.lab.b) < 12
            let scored = candidates.filter { greyish || !$0.1.isNeutral }.map { (name, c) in
                (
                    name: name, colour: c, worst: worst(c, target.region, required),
                    change: CIEDE2000.difference(c, original.rgb)
                )
            }
            let apart = scored.filter { $0.worst >= PairVerdict.hardBelow }
            guard
                let best = apart.min(by: { $0.change < $1.change }) ?? scored.max(by: { $0.worst < $1.worst })
            else { continue }
            colours[target.region] = best.colour
            out.append(
                Replacement(
                    region: target.region, colour: best.colour, source: best.name, worstDeltaE: best.worst,
                    achromatopsiaDeltaE: nil, pairs: target.pairs))
        }
        // A later replacement that could not keep everything apart may have come close to an
        // earlier one: every figure is measured again against the colours as they end.
        return out.map { r in
            Replacement(
                region: r.region, colour: r.colour, source: r.source, worstDeltaE: worst(r.colour, r.region, required),
                achromatopsiaDeltaE: achromatopsia.map { worst(r.colour, r.region, [$0]) }, pairs: r.pairs)
        }

    }
}

extension RGB8 {
    /// Black, white or a grey.
    var isNeutral: Bool { r == g && g == b }
}
