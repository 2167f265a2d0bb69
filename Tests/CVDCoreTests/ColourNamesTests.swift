import Testing

@testable import CVDCore

/// Colour names, pair verdicts and the pair line's numbers.
@Suite struct ColourNamesTests {
    @Test func paletteColoursNameThemselves() {
        #expect(
            Set(ColourNames.palette.map(\.rgb.hexString)).count == ColourNames.palette.count, "entries are distinct")
        #expect(Set(ColourNames.palette.map(\.name)).count == 25)
        for e in ColourNames.palette { #expect(ColourNames.name(of: e.rgb) == e.name, "\(e.name) \(e.rgb)") }
    }

    @Test func obviousColoursGetObviousNames() {
        let cases: [(RGB8, String)] = [
            (RGB8(250, 10, 10), "red"), (RGB8(0, 255, 0), "green"), (RGB8(10, 10, 240), "blue"),
            (RGB8(255, 250, 20), "yellow"), (RGB8(255, 130, 10), "orange"), (RGB8(120, 60, 20), "brown"),
            (RGB8(0, 90, 0), "dark green"), (RGB8(20, 20, 110), "navy"), (RGB8(140, 20, 140), "purple"),
            (RGB8(255, 160, 190), "pink"), (RGB8(250, 250, 250), "white"), (RGB8(5, 5, 5), "black"),
            (RGB8(130, 200, 240), "light blue"), (RGB8(0, 120, 120), "teal"), (RGB8(0, 0, 255), "blue"),
            // A chart's blues: matplotlib's, Okabe–Ito's.
            (RGB8(31, 119, 180), "blue"), (RGB8(0, 114, 178), "blue"),
            // ColorChecker patches (the test scene's chart)
            (RGB8(175, 54, 60), "red"), (RGB8(70, 148, 73), "green"), (RGB8(231, 199, 31), "yellow"),
        ]
        for (c, name) in cases { #expect(ColourNames.name(of: c) == name, "\(c) named \(ColourNames.name(of: c))") }
    }

    @Test func greysMapToGreys() {
        let greys: Set = ["white", "light grey", "grey", "dark grey", "black"]
        for v in 0...255 {
            let n = ColourNames.name(of: RGB8(UInt8(v), UInt8(v), UInt8(v)))
            #expect(greys.contains(n), "grey \(v) named \(n)")
            // A camera's slightly tinted grey too.
            let t = ColourNames.name(of: RGB8(UInt8(v), UInt8(max(v - 3, 0)), UInt8(min(v + 3, 255))))
            #expect(greys.contains(t), "near-grey \(v) named \(t)")
        }
        #expect(ColourNames.name(of: RGB8(128, 128, 128)) == "grey")
        #expect(ColourNames.name(of: RGB8(30, 30, 30)) == "black")
        #expect(ColourNames.name(of: RGB8(230, 230, 230)) == "white")
    }

    @Test func hexString() {
        #expect(RGB8(0, 127, 255).hexString == "#007FFF")
        #expect(RGB8(171, 205, 239).hexString == "#ABCDEF")
    }

    @Test func verdictThresholds() {
        #expect(PairVerdict(deltaE00: 0) == .lookTheSame)
        #expect(PairVerdict(deltaE00: 2.99) == .lookTheSame)
        #expect(PairVerdict(deltaE00: 3) == .hardToTellApart)
        #expect(PairVerdict(deltaE00: 9.99) == .hardToTellApart)
        #expect(PairVerdict(deltaE00: 10) == .easyToTellApart)
        #expect(PairVerdict.lookTheSame.text == "look the same")
    }

    /// The plate's figure and field: clearly different in normal vision, the same to a deuteranope.
    @Test func plateFigureAndFieldPair() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let p = PairComparison(IshiharaPlate.figure[0], IshiharaPlate.field[0], under: sim)
        #expect(p.verdictNormal == .easyToTellApart)
        #expect(p.verdictSeen == .lookTheSame)
        #expect(abs(p.contrastNormal - WCAG.contrastRatio(IshiharaPlate.figure[0], IshiharaPlate.field[0])) < 1e-12)
        #expect(p.numbersText.hasPrefix("contrast "))
    }

    @Test func numbersText() {
        let p = PairComparison(original: (RGB8(0, 0, 0), RGB8(255, 255, 255)), seen: (RGB8(0, 0, 0), RGB8(0, 0, 0)))
        #expect(p.numbersText == "contrast 21.00:1 → 1.00:1, ΔE00 100.0 → 0.0")
        #expect(PairComparison.fixed(4.535, 2) == "4.54")
        #expect(PairComparison.fixed(0.05, 1) == "0.1")
        #expect(PairComparison.fixed(12.04, 1) == "12.0")
    }
}
