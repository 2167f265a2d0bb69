import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// What to use instead: for each pair at risk, a new colour for the one of its two colours
/// with less ink, from palettes made for colour-vision deficiency — Okabe & Ito's (2002)
/// and ColorBrewer's Dark2 (Brewer, colorbrewer2.org). A candidate keeps every colour apart
/// when it is at least `RiskRule.noticed` steps (`NoticeableDifference.steps`, for the
/// marks of the two colours: the check's own measure) from every other colour of the
/// picture, earlier replacements included, in normal vision and in every form counted but
/// achromatopsia (which leaves only lightness, and no such palette is made for: reported,
/// not required) — so the picture recoloured with it, checked again, has none of these pairs
/// at risk. Of the candidates that do, the nearest to the colour it replaces (ΔE00: the
/// least change of meaning); where none does, the one that comes closest, with
/// `keepsApart` false. Never the colour itself (a candidate within 2 ΔE00 of it is
/// skipped); black and grey only for a colour that is nearly grey itself. Ties go to the
/// palettes' order: the same picture gets the same replacements every run.
public struct Replacement: Sendable, Equatable {
    /// The region replaced (an index into `FoundRegions.regions`) and its new colour.
    public let region: Int
    public let colour: RGB8
    /// The candidate's name in its palette, e.g. "Okabe–Ito sky blue".
    public let source: String
    /// The fewest steps to any other colour, in normal vision and the forms required.
    public let worstSteps: Double
    /// The same in achromatopsia, when it was checked.
    public let achromatopsiaSteps: Double?
    /// How far the new colour is from the old, ΔE00: how much the chart changes.
    public let change: Double
    /// The numbers of the pairs (`MaterialCheck.numberedPairs`, from 1) it answers.
    public let pairs: [Int]
    public var keepsApart: Bool { worstSteps >= RiskRule.noticed }

    /// A candidate nearer than this (ΔE00) to the colour it would replace is that colour.
    static let sameColour = 2.0

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
        /// The fewest steps from `c`, in place of region `target`, to every other colour.
        func worst(_ c: RGB8, _ target: Int, _ sims: [Simulation]) -> Double {
            var w = Double.infinity
            for sim in sims {
                let seen = CIELab(sim.simulate(c))
                for (k, other) in colours.enumerated() where k != target {
                    let nd = regions[target].noticeable(against: regions[k])
                    w = min(w, nd.steps(seen, CIELab(sim.simulate(other))))
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
            }.filter { $0.change >= sameColour }
            let apart = scored.filter { $0.worst >= RiskRule.noticed }
            guard
                let best = apart.min(by: { $0.change < $1.change }) ?? scored.max(by: { $0.worst < $1.worst })
            else { continue }
            colours[target.region] = best.colour
            out.append(
                Replacement(
                    region: target.region, colour: best.colour, source: best.name, worstSteps: best.worst,
                    achromatopsiaSteps: nil, change: best.change, pairs: target.pairs))
        }
        // A later replacement that could not keep everything apart may have come close to an
        // earlier one: every figure is measured again against the colours as they end.
        return out.map { r in
            Replacement(
                region: r.region, colour: r.colour, source: r.source, worstSteps: worst(r.colour, r.region, required),
                achromatopsiaSteps: achromatopsia.map { worst(r.colour, r.region, [$0]) }, change: r.change,
                pairs: r.pairs)
        }
    }
}

extension RGB8 {
    /// Black, white or a grey.
    var isNeutral: Bool { r == g && g == b }
}
