import Testing

@testable import CVDCheck
@testable import CVDCore

/// The material check on bar charts in known palettes (`CheckCorpus`): the colours found are
/// the palette's, and each form's pairs at risk are those the same rule gives for the palette
/// itself (float64, the bars' own width) — except pairs within `margin` of a threshold,
/// where a camera's few levels may tip the verdict either way (stated, not hidden).
@Suite struct MaterialCheckTests {
    static let modes = VisionMode.allCases.filter { $0 != .normal }
    static let sims = modes.map { try! Simulation(mode: $0) }
    /// The share of a threshold on either side of it where a verdict may go either way:
    /// 10 %, 25 % under uneven light (12 % less light on one side moves L* by up to 5).
    static func margin(_ v: CheckCorpus.Variant) -> Double { v == .unevenLight ? 0.25 : 0.1 }
    /// How far (ΔE00) a found colour may lie from its palette colour, per variant.
    static func colourTolerance(_ v: CheckCorpus.Variant) -> Double { v == .unevenLight ? 6 : 3 }

    /// The pairs (indices into `palette`) a form puts at risk, computed from the palette:
    /// (sure, borderline). `widths`: each colour's mark kind and width in picture pixels.
    static func expected(
        _ palette: [RGB8], _ marks: [(MarkKind, Double)], degreesPerPixel: Double, _ sim: Simulation, margin: Double
    ) -> (sure: Set<[Int]>, borderline: Set<[Int]>) {
        var sure = Set<[Int]>()
        var borderline = Set<[Int]>()
        let nds = marks.map { NoticeableDifference($0.0, width: $0.1 * degreesPerPixel) }
        let seen = palette.map { CIELab(sim.simulate($0)) }
        for i in palette.indices {
            for j in palette.indices where j > i {
                let nd = nds[i].harder(nds[j])
                let n = nd.steps(CIELab(palette[i]), CIELab(palette[j]))
                let s = nd.steps(seen[i], seen[j])
                let t = RiskRule.noticed
                let near = { (x: Double, at: Double) in abs(x - at) < margin * at }
                if near(n, t) || near(s, t) || near(s, RiskRule.keptBelow * n) {
                    borderline.insert([i, j])
                } else if RiskRule.atRisk(normal: n, seen: s) {
                    sure.insert([i, j])
                }
            }
        }
        return (sure, borderline)
    }

    /// The pairs a check found, as palette index pairs (through each region's nearest colour).
    static func found(_ check: MaterialCheck, _ result: MaterialCheck.ModeResult, _ match: [Int: Int]) -> Set<[Int]> {
        Set(
            result.pairs.compactMap { p -> [Int]? in
                guard let a = match[p.first], let b = match[p.second] else { return nil }
                return [min(a, b), max(a, b)]
            })
    }

    /// region index → palette index, each palette colour found once within `tolerance`.
    static func matched(_ regions: [ColourRegion], _ palette: [RGB8], tolerance: Double, _ what: String) -> [Int: Int] {
        var match: [Int: Int] = [:]
        for (k, c) in palette.enumerated() {
            let near = regions.indices.min {
                CIEDE2000.difference(regions[$0].rgb, c) < CIEDE2000.difference(regions[$1].rgb, c)
            }
            guard let r = near, CIEDE2000.difference(regions[r].rgb, c) < tolerance else {
                Issue.record("\(what): \(c.hexString) not found among \(regions.map(\.rgb.hexString))")
                continue
            }
            match[r] = k
        }
        return match
    }

    @Test(arguments: CheckCorpus.Variant.allCases)
    func chartsGetThePalettesVerdicts(variant: CheckCorpus.Variant) {
        for (name, bars) in CheckCorpus.palettes {
            let picture = variant.apply(CheckCorpus.barChart(bars))
            let palette = bars + [RGB8(255, 255, 255)] // and the paper
            // Chroma at half resolution is what a JPEG keeps: checked as a JPEG's picture.
            let check = MaterialCheck(picture, simulations: Self.sims, blendedBorders: variant == .halvedChroma)
            let regions = check.found.regions
            let match = Self.matched(regions, palette, tolerance: Self.colourTolerance(variant), "\(name) \(variant)")
            // The bars, the paper and the chart's black (axis and text); nothing else of any size —
            // but a 5×5 blur mixes each bar's foot with the axis into a short line of its own,
            // wider than a border (`PixelColours.absorbBorders`), and chroma at half resolution
            // leaves a few edges no blend of the colours beside them
            // (`aJPEGsBordersAreNoColours`).
            let extra = variant == .blur || variant == .halvedChroma ? bars.count : 0
            #expect(
                regions.count >= palette.count + 1 && regions.count <= palette.count + 1 + extra,
                "\(name) \(variant): the bars, the paper and black: \(regions.map(\.rgb.hexString))")
            guard match.count == palette.count else { continue }
            let barWidth = CheckCorpus.barWidth(bars.count)
            let marks = bars.map { _ in (MarkKind.area, barWidth) } + [(MarkKind.area, 960.0)]
            for result in check.results {
                let (sure, borderline) = Self.expected(
                    palette, marks, degreesPerPixel: check.found.degreesPerPixel, result.simulation,
                    margin: Self.margin(variant))
                let got = Self.found(check, result, match)
                let missed = sure.subtracting(got)
                let extra = got.subtracting(sure).subtracting(borderline)
                #expect(
                    missed.isEmpty && extra.isEmpty,
                    "\(name) \(variant) \(result.simulation.mode): missed \(missed), extra \(extra)")
            }
        }
    }

    /// Chroma at half resolution (JPEG's 4:2:0) makes the pixels along every edge a colour
    /// no flat colour around explains: checked as a JPEG's picture, borders are taken for
    /// what they are. Measured on the seven palettes' charts: 47 colours more than the
    /// chart's when they are not (3 to 13 a chart), 14 when they are (at most 5).
    @Test func aJPEGsBordersAreNoColours() {
        var extra = (asJPEG: 0, asPNG: 0)
        for (_, bars) in CheckCorpus.palettes {
            let picture = CheckCorpus.Variant.halvedChroma.apply(CheckCorpus.barChart(bars))
            let drawn = bars.count + 2 // the bars, the paper, the black of the axis and the text
            extra.asJPEG += RegionFinder.regions(in: picture, blendedBorders: true).regions.count - drawn
            extra.asPNG += RegionFinder.regions(in: picture, blendedBorders: false).regions.count - drawn
        }
        #expect(extra.asJPEG * 3 <= extra.asPNG, "extra colours: \(extra)")
    }

    /// A camera's frame of a chart (its lens's blur, its sensor's noise, its chroma at half
    /// the resolution), kept losslessly — a frame in the live view, a snapshot's PNG — is
    /// told by its noise for a photographed picture, and its borders are taken for what they
    /// are, as a JPEG's: drawn pictures (the chart, its chroma halved as a JPEG of it keeps
    /// it, its blur alone) are not. Measured on the seven palettes' charts: pairs at risk
    /// with a colour nobody drew (more than 3 ΔE00 from every bar and the paper; the axis
    /// and text, black made grey by the blur, among them) 385 when the frame is taken for a
    /// drawn picture, 140 when it is not.
    @Test func aCameraFramesBordersAreNoColours() {
        var pairs = (photographed: 0, drawn: 0)
        for (name, bars) in CheckCorpus.palettes {
            let chart = CheckCorpus.barChart(bars)
            for drawn in [chart, CheckCorpus.Variant.halvedChroma.apply(chart), CheckCorpus.Variant.blur.apply(chart)] {
                #expect(!WorkingPicture(drawn).isPhotographed, "\(name): a drawn picture")
            }
            let frame = CheckCorpus.Variant.halvedChroma.apply(
                CheckCorpus.Variant.noise.apply(CheckCorpus.Variant.blur.apply(chart)))
            let w = WorkingPicture(frame)
            #expect(w.isPhotographed, "\(name): a camera's frame (noise \(w.noise))")
            let palette = bars + [RGB8(255, 255, 255)]
            func undrawn(_ blendedBorders: Bool) -> Int {
                let check = MaterialCheck(
                    RegionFinder.regions(w, unjudged: [], blendedBorders: blendedBorders), simulations: Self.sims)
                let regions = check.found.regions
                let drawn = regions.map { r in palette.contains { CIEDE2000.difference(r.rgb, $0) < 3 } }
                return check.results.map { $0.pairs.filter { !drawn[$0.first] || !drawn[$0.second] }.count }
                    .reduce(0, +)
            }
            pairs.photographed += undrawn(true)
            pairs.drawn += undrawn(false)
            #expect(
                RegionFinder.regions(in: frame).regions.map(\.rgb)
                    == RegionFinder.regions(w, unjudged: [], blendedBorders: true).regions.map(\.rgb),
                "\(name): a camera's frame is found as a JPEG's picture is")
        }
        #expect(pairs.photographed * 2 <= pairs.drawn, "pairs with a colour nobody drew: \(pairs)")
    }

    @Test func theClassicPairsAreFound() {
        let check = MaterialCheck(CheckCorpus.barChart(CheckCorpus.palettes[0].colours), simulations: Self.sims)
        let deutan = check.results.first { $0.simulation.mode == .deuteranopia }!
        let names = deutan.pairs.map {
            Set([check.found.regions[$0.first].name.base, check.found.regions[$0.second].name.base])
        }
        #expect(names.contains(["red", "green"]), "red ↔ green in deuteranopia: \(names)")
        #expect(check.verdict == .atRisk)
        // Okabe & Ito's palette is made for the forms a class has: safe in all of them.
        let classForms = MaterialCheck.classForms.map { try! Simulation(mode: $0) }
        let okabeIto = MaterialCheck(CheckCorpus.barChart(CheckCorpus.palettes[4].colours), simulations: classForms)
        #expect(okabeIto.verdict == .safe, "Okabe–Ito: \(okabeIto.results.map { ($0.simulation.mode, $0.pairs) })")
    }

    /// A grouped bar chart as matplotlib draws one (`bar(x + i·w, h, width: w)` for each
    /// series: each group's bars touching, their edges snapped to whole pixels as its
    /// renderer snaps rectangles) in the axes' 1-pixel frame, with a legend, in
    /// Okabe & Ito's five colours: five bars and the paper were six colours in a block of
    /// `TextureBlocks`, and the whole plot was "fine texture, not judged" — "not fully
    /// checked" for a palette made for colour-blind readers. Each bar colour holds much of
    /// a block: a drawn area, not a speck.
    @Test func aGroupedBarChartIsJudged() {
        let okabeIto = [
            RGB8(0xE6, 0x9F, 0x00), RGB8(0x56, 0xB4, 0xE9), RGB8(0x00, 0x9E, 0x73), RGB8(0xF0, 0xE4, 0x42),
            RGB8(0x00, 0x72, 0xB2),
        ]
        var d = Drawing(width: 640, height: 480)
        var rng = SceneRandom(seed: 3)
        for g in 0..<12 {
            for (i, c) in okabeIto.enumerated() {
                // The last groups' bars reach up behind the legend.
                let height = g >= 9 ? rng.uniform(290, 340) : rng.uniform(120, 330)
                d.rect(Double(90 + g * 40 + i * 6), (420 - height).rounded(), 6, height.rounded(), c)
            }
        }
        for (x0, y0, x1, y1) in [(80.5, 60.5, 80.5, 420.5), (80.5, 420.5, 580.5, 420.5), (580.5, 60.5, 580.5, 420.5)] {
            d.line(x0, y0, x1, y1, width: 1, MarkCorpus.black)
        }
        d.line(80.5, 60.5, 580.5, 60.5, width: 1, MarkCorpus.black)
        // The legend, top right over the bars (its frame white at 80 %: the bars show
        // through, pale): a swatch and a name a series, stacked.
        d.veil(470, 66, 106, 5 * 14 + 20, RGB8(255, 255, 255), alpha: 0.8)
        for (k, c) in okabeIto.enumerated() {
            d.rect(476, Double(72 + k * 14), 20, 7, c)
            d.text("so", x: 504, y: Double(79 + k * 14), xHeight: 6, MarkCorpus.black)
        }
        // The forms the palette is rated for, as scripts/check-agreement checks them (at 6
        // pixels its blue and bluish green are close in tritanopia).
        let redGreen: [VisionMode] = [.protanopia, .deuteranopia, .protanomaly, .deuteranomaly]
        let check = MaterialCheck(d.image, simulations: redGreen.map { try! Simulation(mode: $0) })
        let found = check.found.regions.map(\.rgb.hexString)
        #expect(check.coverage == .all, "not judged: \(check.found.unchecked)")
        for c in okabeIto {
            #expect(check.found.regions.contains { CIEDE2000.difference($0.rgb, c) < 3 }, "\(c.hexString) in \(found)")
        }
        #expect(check.verdict == .safe, "\(check.results.map { ($0.simulation.mode, $0.pairs.count) }) in \(found)")
    }

    @Test func shadingIsNeverCalledSafe() {
        for (what, picture) in [("gradient", CheckCorpus.gradient()), ("photograph", CheckCorpus.photograph())] {
            let check = MaterialCheck(picture, simulations: Self.sims)
            #expect(check.coverage != .all && check.verdict != .safe, "\(what): \(check.coverage) \(check.verdict)")
            #expect(
                check.coverage == .none && check.numberedPairs.isEmpty, "\(what): \(check.numberedPairs.count) pairs")
        }
        let tiny = MaterialCheck(RGBAImage(width: 4, height: 4, fill: RGB8(200, 30, 30)), simulations: Self.sims)
        #expect(tiny.coverage == .none && tiny.verdict == .notFullyChecked)
        let blank = MaterialCheck(RGBAImage(width: 600, height: 400, fill: RGB8(255, 255, 255)), simulations: Self.sims)
        #expect(blank.coverage == .all && blank.verdict == .safe)
    }

    @Test func aChartBesideAPhotographIsPartlyChecked() {
        var picture = CheckCorpus.barChart(CheckCorpus.palettes[4].colours)
        let photo = CheckCorpus.photograph(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 { picture[600 + x, 20 + y] = photo[x, y] } }
        let check = MaterialCheck(picture, simulations: MaterialCheck.classForms.map { try! Simulation(mode: $0) })
        #expect(check.coverage == .partly, "\(check.found.uncheckedShare)")
        let box = check.found.unchecked.first
        #expect(box.map { $0.x >= 580 && $0.x <= 620 && $0.y <= 40 } == true, "where: \(check.found.unchecked)")
    }

    @Test func aDamagedPartIsNeverJudged() {
        // A red/green chart whose lower half is missing (grey fill): the missing half is not judged.
        var picture = CheckCorpus.barChart(CheckCorpus.palettes[0].colours)
        for y in 320..<picture.height { for x in 0..<picture.width { picture[x, y] = RGB8(128, 128, 128) } }
        let missing = PixelRect(x: 0, y: 320, width: picture.width, height: picture.height - 320)
        let check = MaterialCheck(picture, simulations: Self.sims, unjudged: [missing])
        #expect(check.coverage == .partly)
        #expect(
            !check.found.regions.contains { CIEDE2000.difference($0.rgb, RGB8(128, 128, 128)) < 3 }, "the grey fill")
    }

    @Test func theSamePictureGivesTheSameAnswer() {
        for picture in [
            CheckCorpus.barChart(CheckCorpus.palettes[6].colours),
            MarkCorpus.worksheet(answers: [MarkCorpus.red, MarkCorpus.green]),
            CheckCorpus.Variant.noise.apply(CheckCorpus.barChart(CheckCorpus.palettes[2].colours)),
        ] {
            let a = MaterialCheck(picture, simulations: Self.sims)
            let b = MaterialCheck(picture, simulations: Self.sims)
            #expect(a.found.regions == b.found.regions)
            #expect(a.results.map(\.pairs) == b.results.map(\.pairs))
        }
    }
}
