import Testing

@testable import CVDCore

/// The material check against the palettes it was drawn with (`CheckCorpus`): the regions
/// found are the palette's colours, and each mode's pairs at risk are those computed in
/// float64 from the palette itself — except pairs within `margin` ΔE00 of a threshold,
/// where a camera's few levels may tip the verdict either way (stated, not hidden).
@Suite struct MaterialCheckTests {
    static let modes = VisionMode.allCases.filter { $0 != .normal }
    static let sims = modes.map { try! Simulation(mode: $0) }
    /// ΔE00 on either side of the thresholds where a verdict may go either way: 2, and 4
    /// under uneven light (12 % less light on one side moves L* by up to 5).
    static func margin(_ v: CheckCorpus.Variant) -> Double { v == .unevenLight ? 4 : 2 }
    /// How far (ΔE00) a found region's colour may lie from its palette colour, per variant:
    /// noise and blur move a region's mean by a level or two; uneven light by up to 12 %.
    static func colourTolerance(_ v: CheckCorpus.Variant) -> Double { v == .unevenLight ? 6 : 3 }

    /// Pairs as index pairs into the palette, per mode: (sure, borderline).
    static func expected(_ palette: [RGB8], _ sim: Simulation, margin: Double) -> (
        sure: Set<[Int]>, borderline: Set<[Int]>
    ) {
        var sure = Set<[Int]>()
        var borderline = Set<[Int]>()
        let seen = palette.map { sim.simulate($0) }
        for i in palette.indices {
            for j in palette.indices where j > i {
                let n = CIEDE2000.difference(palette[i], palette[j])
                let d = CIEDE2000.difference(seen[i], seen[j])
                let risky = n >= 10 && d < 10
                if abs(n - 10) < margin || abs(d - 10) < margin {
                    borderline.insert([i, j])
                } else if risky {
                    sure.insert([i, j])
                }
            }
        }
        return (sure, borderline)
    }

    @Test(arguments: CheckCorpus.Variant.allCases)
    func chartsGetThePalettesVerdicts(variant: CheckCorpus.Variant) {
        for (name, bars) in CheckCorpus.palettes {
            let picture = variant.apply(CheckCorpus.barChart(bars))
            let palette = bars + [RGB8(255, 255, 255)] // and the paper
            let check = MaterialCheck(picture, simulations: Self.sims)
            let regions = check.found.regions
            // Every bar's colour is found once, and the paper; nothing else of any size.
            var match: [Int: Int] = [:] // palette index → region index
            for (k, c) in palette.enumerated() {
                let near = regions.indices.min {
                    CIEDE2000.difference(regions[$0].rgb, c) < CIEDE2000.difference(regions[$1].rgb, c)
                }
                guard let r = near, CIEDE2000.difference(regions[r].rgb, c) < Self.colourTolerance(variant) else {
                    Issue.record("\(name) \(variant): \(c.hexString) not found among \(regions.map(\.rgb.hexString))")
                    continue
                }
                match[k] = r
            }
            #expect(Set(match.values).count == palette.count, "\(name) \(variant): one region per colour")
            #expect(
                regions.count == palette.count,
                "\(name) \(variant): the bars and the paper: \(regions.map(\.rgb.hexString))")
            guard match.count == palette.count else { continue }
            let regionToPalette = Dictionary(uniqueKeysWithValues: match.map { ($0.value, $0.key) })
            for result in check.results {
                let (sure, borderline) = Self.expected(palette, result.simulation, margin: Self.margin(variant))
                let got = Set(
                    result.pairs.compactMap { p -> [Int]? in
                        guard let a = regionToPalette[p.first], let b = regionToPalette[p.second] else { return nil }
                        return [min(a, b), max(a, b)]
                    })
                let missed = sure.subtracting(got)
                let extra = got.subtracting(sure).subtracting(borderline)
                #expect(
                    missed.isEmpty && extra.isEmpty,
                    "\(name) \(variant) \(result.simulation.mode): missed \(missed), extra \(extra)")
            }
        }
    }

    @Test func theClassicPairsAreFound() {
        let check = MaterialCheck(CheckCorpus.barChart(CheckCorpus.palettes[0].colours), simulations: Self.sims)
        let deutan = check.results.first { $0.simulation.mode == .deuteranopia }!
        let names = deutan.pairs.map { Set([check.found.regions[$0.first].name, check.found.regions[$0.second].name]) }
        #expect(names.contains(["red", "green"]), "red ↔ green in deuteranopia: \(names)")
        #expect(!check.isSafe)
        let okabeIto = MaterialCheck(
            CheckCorpus.barChart(CheckCorpus.palettes[4].colours),
            simulations: [.protanopia, .deuteranopia].map { try! Simulation(mode: $0) })
        #expect(okabeIto.isSafe, "Okabe–Ito is made for protans and deutans: \(okabeIto.results.map(\.pairs))")
    }

    @Test func aGradientOrAPhotographDoesNotExplode() {
        for (what, picture) in [("gradient", CheckCorpus.gradient()), ("photograph", CheckCorpus.photograph())] {
            let check = MaterialCheck(picture, simulations: Self.sims)
            #expect(check.numberedPairs.count <= 3, "\(what): \(check.numberedPairs.count) pairs")
            #expect(check.found.regions.count <= 4, "\(what): \(check.found.regions.map(\.rgb.hexString))")
        }
        #expect(RegionFinder.regions(in: CheckCorpus.gradient()).gradientShare > 0.8)
    }

    @Test func replacementsKeepEveryColourApart() {
        for (name, palette) in CheckCorpus.palettes {
            let check = MaterialCheck(CheckCorpus.barChart(palette), simulations: Self.sims)
            let suggestions = Replacement.suggest(for: check)
            var colours = check.found.regions.map(\.rgb)
            for s in suggestions { colours[s.region] = s.colour }
            // Each pair at risk has a replacement for one of its two regions.
            for (n, pair) in check.numberedPairs.enumerated() {
                #expect(
                    suggestions.contains { $0.pairs.contains(n + 1) && [pair.first, pair.second].contains($0.region) })
            }
            // Where a replacement says it keeps everything apart, it does (float64, every
            // mode but achromatopsia, and normal vision).
            for s in suggestions where s.keepsApart {
                for sim in Self.sims.filter({ $0.mode != .achromatopsia }) + [try! Simulation(mode: .normal)] {
                    for (k, other) in colours.enumerated() where k != s.region {
                        let d = CIEDE2000.difference(sim.simulate(s.colour), sim.simulate(other))
                        #expect(d >= 10, "\(name): \(s.colour.hexString) vs \(other.hexString) in \(sim.mode): \(d)")
                    }
                }
            }
        }
        // The red–green chart is fixed in deuteranopia.
        let check = MaterialCheck(CheckCorpus.barChart(CheckCorpus.palettes[0].colours), simulations: Self.sims)
        let fixes = Replacement.suggest(for: check)
        #expect(fixes.allSatisfy { $0.keepsApart })
    }

    @Test func marksOutlineAndNumberThePairs() {
        let picture = CheckCorpus.barChart(CheckCorpus.palettes[0].colours)
        let check = MaterialCheck(picture, simulations: Self.sims)
        let marked = CheckMarks.draw(check, on: picture)
        for region in Set(check.numberedPairs.flatMap { [$0.first, $0.second] }) {
            let box = check.found.regions[region].box
            // The frame: black and white dashes just outside the region's box.
            let row = (box.x..<(box.x + box.width)).map { marked[$0, box.y + box.height] }
            #expect(row.contains(RGB8(0, 0, 0)) && row.contains(RGB8(255, 255, 255)), "region \(region)'s frame")
        }
        let untouched = zip(marked.pixels, picture.pixels).filter { $0 != $1 }.count
        #expect(untouched > 0 && untouched < picture.pixels.count / 10, "marks, not a repaint: \(untouched)")
    }

    /// The fix seen to work: the chart recoloured with the replacements is safe where the
    /// original was at risk, its paper and its other bars untouched, its edges blended.
    @Test(arguments: [0, 1, 6]) // red-green, traffic lights, Set1
    func theRecolouredChartIsSafe(palette: Int) {
        let (name, bars) = CheckCorpus.palettes[palette]
        let picture = CheckCorpus.Variant.noise.apply(CheckCorpus.barChart(bars))
        let required = Self.sims.filter { $0.mode != .achromatopsia }
        let check = MaterialCheck(picture, simulations: required)
        let fixes = Replacement.suggest(for: check)
        #expect(!check.isSafe && !fixes.isEmpty, "\(name): at risk to begin with")
        let fixed = Recolouring.apply(fixes, in: check.found, to: picture)
        let again = MaterialCheck(fixed, simulations: required)
        if fixes.allSatisfy(\.keepsApart) {
            #expect(
                again.isSafe, "\(name): recoloured, still \(again.results.map { ($0.simulation.mode, $0.pairs.count) })"
            )
        }
        // Each replaced region now has its new colour (noise and all: within 3 ΔE00).
        for f in fixes {
            let found = again.found.regions.map { CIEDE2000.difference($0.rgb, f.colour) }.min() ?? .infinity
            #expect(found < 3, "\(name): \(f.colour.hexString) in the recoloured chart (nearest \(found))")
        }
        #expect(fixed[5, 5] == picture[5, 5], "\(name): the paper is untouched")
    }
}
