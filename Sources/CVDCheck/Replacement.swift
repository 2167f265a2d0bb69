import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// What to use instead. The fewest colours are changed that answer every pair at risk: the
/// colour in most pairs first (ties: less ink, then the earlier; the paper — a colour
/// covering a quarter of the picture — only when nothing else answers). Each gets a new
/// colour from the same hue made lighter or darker (the chart stays recognisable) or from
/// palettes made for colour-vision deficiency — Okabe & Ito's (2002) and ColorBrewer's
/// Dark2 (Brewer, colorbrewer2.org). A candidate keeps every colour apart when it is at
/// least `RiskRule.noticed` steps (`NoticeableDifference.steps`, for the marks of the two
/// colours: the check's own measure) from every other colour of the picture, earlier
/// replacements included, in normal vision and in every form counted but achromatopsia
/// (which leaves only lightness, and no such palette is made for: reported, not required)
/// — so the picture recoloured with it, checked again, has none of these pairs at risk.
/// Text and lines drawn on an area keep their contrast with it when either is replaced
/// (WCAG 2.x: 4.5:1, or what they had if it was lower). Of the candidates that do all
/// this, the nearest to the colour it replaces (ΔE00: the least change of meaning); where
/// none keeps everything apart, the one that comes closest, with `keepsApart` false.
/// Never the colour itself (a candidate within 2 ΔE00 of it is skipped); black and grey
/// only for a colour that is nearly grey itself. Ties go to the candidates' order: the
/// same picture gets the same replacements every run.
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

    /// Lightness steps (L*) of the same-hue candidates, nearest first.
    static let shades: [Double] = [6, -6, 12, -12, 18, -18, 24, -24, 30, -30, 36, -36]

    /// The candidates for `colour`: its own hue lighter and darker (chroma lowered where
    /// sRGB needs it), then the palettes.
    static func candidates(for colour: RGB8) -> [(String, RGB8)] {
        let lab = CIELab(colour)
        var out: [(String, RGB8)] = []
        for dl in shades where lab.l + dl > 3 && lab.l + dl < 97 {
            guard let c = CIELab(l: lab.l + dl, a: lab.a, b: lab.b).nearestInGamut, c != colour,
                !out.contains(where: { $0.1 == c })
            else { continue }
            out.append((dl > 0 ? "the same hue, lighter" : "the same hue, darker", c))
        }
        return out + candidates
    }

    /// Which colours answer `check`'s pairs at risk, fewest first: repeatedly the colour in
    /// most unanswered pairs, each with the numbers (from 1) of the pairs it answers, in
    /// the order of their first pair.
    static func targets(_ check: MaterialCheck) -> [(region: Int, pairs: [Int])] {
        let regions = check.found.regions
        var open = Array(check.numberedPairs.enumerated())
        var out: [(region: Int, pairs: [Int])] = []
        while !open.isEmpty {
            var count: [Int: Int] = [:]
            for (_, p) in open {
                count[p.first, default: 0] += 1
                count[p.second, default: 0] += 1
            }
            func key(_ r: Int) -> (Int, Int, Double, Int) {
                (regions[r].share >= 0.25 ? 1 : 0, -count[r]!, regions[r].share, r)
            }
            let t = count.keys.min { key($0) < key($1) }!
            let answered = open.filter { $0.element.first == t || $0.element.second == t }
            out.append((t, answered.map { $0.offset + 1 }))
            open.removeAll { $0.element.first == t || $0.element.second == t }
        }
        return out.sorted { $0.pairs[0] < $1.pairs[0] }
    }

    /// Text or lines drawn on an area: (the text's colour, the area's), as the marks say
    /// it — a text or line mark of the one centred inside a larger area mark of the other
    /// (white letters on a green box, a red series on the paper).
    static func drawnOn(_ regions: [ColourRegion]) -> [(mark: Int, ground: Int)] {
        func boxes(_ r: ColourRegion, _ kinds: Set<MarkKind>) -> [PixelRect] {
            zip(r.marks, r.markKinds).filter { kinds.contains($0.1) }.map(\.0)
        }
        var out: [(mark: Int, ground: Int)] = []
        for (m, thin) in regions.enumerated() {
            let strokes = boxes(thin, [.text, .line])
            guard !strokes.isEmpty else { continue }
            for (g, ground) in regions.enumerated() where g != m {
                let areas = boxes(ground, [.area])
                let on = strokes.contains { t in
                    let c = t.centre
                    return areas.contains { b in
                        b.width * b.height > t.width * t.height && c.x >= b.x && c.x < b.x + b.width && c.y >= b.y
                            && c.y < b.y + b.height
                    }
                }
                if on { out.append((m, g)) }
            }
        }
        return out
    }

    /// The contrast WCAG asks of text, 4.5:1 (AA).
    static let textContrast = WCAG.Level.aa.minimumRatio

    /// The replacements for `check`'s pairs at risk, in the order of the pairs.
    public static func suggest(for check: MaterialCheck) -> [Replacement] {
        let regions = check.found.regions
        var colours = regions.map(\.rgb)
        var required = check.results.map(\.simulation).filter { $0.mode != .achromatopsia }
        if let normal = try? Simulation(mode: .normal) { required.insert(normal, at: 0) }
        let achromatopsia = check.results.map(\.simulation).first { $0.mode == .achromatopsia }
        let onAreas = drawnOn(regions)
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
        /// Whether `c` in place of `target` keeps the contrast of the text and lines on it,
        /// or of it on its ground.
        func readable(_ c: RGB8, _ target: Int) -> Bool {
            onAreas.allSatisfy { (m, g) in
                guard m == target || g == target else { return true }
                let had = WCAG.contrastRatio(regions[m].rgb, regions[g].rgb)
                let other = colours[m == target ? g : m]
                return WCAG.contrastRatio(c, other) >= min(textContrast, had) - 0.005
            }
        }
        var out: [Replacement] = []
        for target in targets(check) {
            let original = regions[target.region]
            let greyish = hypot(original.lab.a, original.lab.b) < 12
            let scored = candidates(for: original.rgb).filter { greyish || !$0.1.isNeutral }.map { (name, c) in
                (
                    name: name, colour: c, worst: worst(c, target.region, required),
                    change: CIEDE2000.difference(c, original.rgb), readable: readable(c, target.region)
                )
            }.filter { $0.change >= sameColour }
            let pool = scored.contains(where: \.readable) ? scored.filter(\.readable) : scored
            let apart = pool.filter { $0.worst >= RiskRule.noticed }
            guard
                let best = apart.min(by: { $0.change < $1.change }) ?? pool.max(by: { $0.worst < $1.worst })
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
