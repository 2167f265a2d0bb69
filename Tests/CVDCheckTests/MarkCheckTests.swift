import Testing

@testable import CVDCheck
@testable import CVDCore

/// Every kind of mark is checked (`MarkCorpus`): thin lines, text, dots — their ink found
/// from their anti-aliased pixels, their kind and width known, and the classic red/green
/// pair at risk in deuteranopia however it is drawn, while the same colours far apart in
/// lightness stay safe.
@Suite struct MarkCheckTests {
    static let sims = MaterialCheck.classForms.map { try! Simulation(mode: $0) }

    /// The region nearest `c` (ΔE00), with its distance.
    static func nearest(_ check: MaterialCheck, _ c: RGB8) -> (index: Int, distance: Double) {
        let d = check.found.regions.map { CIEDE2000.difference($0.rgb, c) }
        let i = d.indices.min { d[$0] < d[$1] } ?? 0
        return (i, d.isEmpty ? .infinity : d[i])
    }

    static func atRisk(_ check: MaterialCheck, _ a: Int, _ b: Int, in mode: VisionMode) -> Bool {
        check.results.first { $0.simulation.mode == mode }?.pairs.contains {
            Set([$0.first, $0.second]) == Set([a, b])
        } ?? false
    }

    /// Each drawing: the colours in it with their kind and width, and the ink's tolerance (ΔE00).
    static let cases: [(name: String, picture: RGBAImage, kind: MarkKind, width: Double, tolerance: Double)] = [
        (
            "lines 4 px", MarkCorpus.lineChart([MarkCorpus.red, MarkCorpus.green, MarkCorpus.blue], width: 4), .line, 4,
            3
        ),
        (
            "lines 2 px", MarkCorpus.lineChart([MarkCorpus.red, MarkCorpus.green, MarkCorpus.blue], width: 2), .line, 2,
            4
        ),
        ("lines 1.5 px", MarkCorpus.lineChart([MarkCorpus.red, MarkCorpus.green], width: 1.5), .line, 1.5, 6),
        ("text, x-height 10 px", MarkCorpus.worksheet(answers: [MarkCorpus.red, MarkCorpus.green]), .text, 1.4, 6),
        ("dots 7 px", MarkCorpus.scatter([MarkCorpus.red, MarkCorpus.green], diameter: 7), .dot, 7, 3),
    ]

    @Test(arguments: 0..<5)
    func redAndGreenAreAtRiskHoweverTheyAreDrawn(_ k: Int) {
        let c = Self.cases[k]
        let check = MaterialCheck(c.picture, simulations: Self.sims)
        let red = Self.nearest(check, MarkCorpus.red)
        let green = Self.nearest(check, MarkCorpus.green)
        #expect(
            red.distance < c.tolerance && green.distance < c.tolerance,
            "\(c.name): inks \(check.found.regions.map(\.rgb.hexString))")
        for found in [red, green] {
            let region = check.found.regions[found.index]
            #expect(region.kinds.first?.kind == c.kind, "\(c.name): \(region.name) is \(region.kindWords)")
            let width = region.kinds.first { $0.kind == c.kind }?.width ?? 0
            #expect(abs(width - c.width) <= max(0.5, c.width * 0.15), "\(c.name): width \(width)")
        }
        #expect(Self.atRisk(check, red.index, green.index, in: .deuteranopia), "\(c.name): red ↔ green in deuteranopia")
        #expect(check.verdict == .atRisk)
    }

    @Test func theLegendSwatchAndItsSeriesAreOneColour() {
        var d = Drawing(width: 800, height: 500)
        d.polyline([(60, 300), (200, 200), (400, 260), (700, 120)], width: 2, MarkCorpus.blue)
        d.rect(600, 400, 40, 20, MarkCorpus.blue)
        d.text("blue", x: 650, y: 416, xHeight: 10, MarkCorpus.black)
        let check = MaterialCheck(d.image, simulations: Self.sims)
        let blues = check.found.regions.filter { CIEDE2000.difference($0.rgb, MarkCorpus.blue) < 8 }
        #expect(blues.count == 1, "\(check.found.regions.map { "\($0.rgb.hexString) \($0.kindWords)" })")
        #expect(Set(blues.first?.kinds.map(\.kind) ?? []) == [.line, .area], "\(blues.first?.kindWords ?? "")")
    }

    /// Two series that cross: each is one colour however the crossings cut it up (a few
    /// flat pixels of a short piece and the ink of the rest were two colours of the same
    /// hex: "lighter red ↔ darker red", four pairs where there is one).
    @Test(arguments: [(RGB8(255, 0, 0), RGB8(0, 128, 0)), (MarkCorpus.red, MarkCorpus.green)])
    func aSeriesCrossedByAnotherIsOneColour(_ inks: (RGB8, RGB8)) {
        var d = Drawing(width: 640, height: 480)
        var zigzag: [(Double, Double)] = []
        var wave: [(Double, Double)] = []
        for k in 0..<9 {
            let x = 70 + Double(k) * 60
            zigzag.append((x, k % 2 == 0 ? 120 : 360))
            wave.append((x, k % 2 == 0 ? 330 : 150))
        }
        d.polyline(zigzag, width: 2, inks.0)
        d.polyline(wave, width: 2, inks.1)
        let check = MaterialCheck(d.image, simulations: Self.sims)
        let hexes = check.found.regions.map(\.rgb.hexString)
        for ink in [inks.0, inks.1] {
            let same = check.found.regions.filter { CIEDE2000.difference($0.rgb, ink) < 8 }
            #expect(same.count == 1, "\(ink.hexString): \(hexes)")
        }
        #expect(Set(hexes).count == hexes.count, "no two colours of one hex: \(hexes)")
        let deutan = check.results.first { $0.simulation.mode == .deuteranopia }
        #expect(deutan?.pairs.count == 1, "one pair: \(deutan?.pairs.count ?? -1) in \(hexes)")
    }

    @Test func redAndGreenFarApartInLightnessAreSafe() {
        // Dark red and light green lines: a deuteranope tells them apart by lightness.
        let picture = MarkCorpus.lineChart([RGB8(0x8B, 0x00, 0x00), RGB8(0x90, 0xEE, 0x90)], width: 3)
        let check = MaterialCheck(picture, simulations: [try! Simulation(mode: .deuteranopia)])
        let red = Self.nearest(check, RGB8(0x8B, 0x00, 0x00))
        let green = Self.nearest(check, RGB8(0x90, 0xEE, 0x90))
        #expect(!Self.atRisk(check, red.index, green.index, in: .deuteranopia))
    }

    @Test func thinnerMarksNeedLargerDifferences() {
        let wide = NoticeableDifference(.line, width: 0.3)
        let thin = NoticeableDifference(.line, width: 0.06)
        #expect(thin.l > wide.l && thin.a > wide.a && thin.b > wide.b)
        let bar = NoticeableDifference(.area, width: 2)
        #expect(bar.l < wide.l && bar.b < wide.b)
        // Thinner than any mark the models were fitted on: the thinnest tested (never a pole).
        #expect(NoticeableDifference(.line, width: 0.001) == NoticeableDifference(.line, width: 0.05))
        #expect(NoticeableDifference(.dot, width: 0.01) == NoticeableDifference(.dot, width: 0.25))
    }
}
