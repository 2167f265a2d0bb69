import Testing

@testable import CVDCore

/// MODELS.md §10's criterion for the assist, checked two ways. CVDCore's `AssistCriterion` must
/// reproduce the research run (assist.py: float64 numpy, the same pair sets, verdicts and numbers;
/// these tables are its output), and a restatement of the criterion here, from `Simulation.simulate`,
/// `CIEDE2000`, `WCAG` and the plate's own colours, sharing nothing with `AssistCriterion` but its
/// pair sets, must agree with `Assist.helps` for every mode and severity.
@Suite struct AssistHelpsTests {
    /// Per mode and severity (default model), strength 0.1 … 1.0: "1" where the assist helps.
    static let expected: [(VisionMode, Double, String)] = [
        (.protanopia, 1.0, "0000000001"),
        (.deuteranopia, 1.0, "0000011111"),
        (.tritanopia, 1.0, "0000000011"),
        (.protanomaly, 0.1, "0000000000"),
        (.protanomaly, 0.2, "0000000000"),
        (.protanomaly, 0.3, "0000000000"),
        (.protanomaly, 0.4, "0000000000"),
        (.protanomaly, 0.5, "0000000000"),
        (.protanomaly, 0.6, "0000000001"),
        (.protanomaly, 0.7, "0000000011"),
        (.protanomaly, 0.8, "0000000011"),
        (.protanomaly, 0.9, "0000000001"),
        (.protanomaly, 1.0, "0000000001"),
        (.deuteranomaly, 0.1, "0000000000"),
        (.deuteranomaly, 0.2, "0000000000"),
        (.deuteranomaly, 0.3, "0000000000"),
        (.deuteranomaly, 0.4, "0000000000"),
        (.deuteranomaly, 0.5, "0000000000"),
        (.deuteranomaly, 0.6, "0000000111"),
        (.deuteranomaly, 0.7, "0000000111"),
        (.deuteranomaly, 0.8, "0000001111"),
        (.deuteranomaly, 0.9, "0000011111"),
        (.deuteranomaly, 1.0, "0000011111"),
        (.tritanomaly, 0.1, "0000000000"),
        (.tritanomaly, 0.2, "0000000000"),
        (.tritanomaly, 0.3, "0000000000"),
        (.tritanomaly, 0.4, "0000000000"),
        (.tritanomaly, 0.5, "0000000000"),
        (.tritanomaly, 0.6, "0000000000"),
        (.tritanomaly, 0.7, "0000000000"),
        (.tritanomaly, 0.8, "0000000000"),
        (.tritanomaly, 0.9, "0000000000"),
        (.tritanomaly, 1.0, "0000000011"),
    ]

    /// At strength 1: median ΔE00 gain on the confusion-line set, its pairs that got worse (of 300),
    /// median gain on the plate, general pairs that fell a verdict (of 2000).
    static let numbers: [(VisionMode, Double, Double, Int, Double, Int)] = [
        (.protanopia, 1.0, 7.369, 0, 10.542, 90),
        (.deuteranopia, 1.0, 8.455, 0, 10.431, 82),
        (.tritanopia, 1.0, 5.702, 0, 2.459, 83),
        (.protanomaly, 0.1, 0.132, 32, 0.138, 0),
        (.protanomaly, 0.2, 1.043, 30, 0.273, 0),
        (.protanomaly, 0.3, 2.425, 20, 0.196, 8),
        (.protanomaly, 0.4, 4.037, 9, 1.097, 22),
        (.protanomaly, 0.5, 5.648, 3, 3.396, 40),
        (.protanomaly, 0.6, 6.977, 3, 5.097, 49),
        (.protanomaly, 0.7, 8.000, 2, 6.872, 74),
        (.protanomaly, 0.8, 7.716, 2, 6.507, 87),
        (.protanomaly, 0.9, 5.930, 1, 5.235, 97),
        (.protanomaly, 1.0, 7.369, 0, 10.542, 90),
        (.deuteranomaly, 0.1, 0.428, 30, 0.324, 0),
        (.deuteranomaly, 0.2, 1.763, 26, 1.214, 7),
        (.deuteranomaly, 0.3, 3.245, 29, 2.768, 23),
        (.deuteranomaly, 0.4, 4.851, 27, 4.974, 44),
        (.deuteranomaly, 0.5, 5.986, 18, 7.015, 62),
        (.deuteranomaly, 0.6, 6.785, 11, 7.338, 74),
        (.deuteranomaly, 0.7, 7.353, 4, 9.837, 90),
        (.deuteranomaly, 0.8, 8.383, 1, 10.817, 96),
        (.deuteranomaly, 0.9, 8.777, 0, 11.145, 96),
        (.deuteranomaly, 1.0, 8.455, 0, 10.431, 82),
        (.tritanomaly, 0.1, -0.006, 130, -0.022, 0),
        (.tritanomaly, 0.2, 0.036, 129, 0.029, 2),
        (.tritanomaly, 0.3, 0.058, 134, 0.085, 5),
        (.tritanomaly, 0.4, 0.250, 124, 0.671, 10),
        (.tritanomaly, 0.5, 0.427, 113, 1.012, 16),
        (.tritanomaly, 0.6, 0.537, 94, 1.386, 27),
        (.tritanomaly, 0.7, 0.949, 83, 1.900, 40),
        (.tritanomaly, 0.8, 1.378, 45, 2.874, 50),
        (.tritanomaly, 0.9, 2.742, 15, 3.495, 65),
        (.tritanomaly, 1.0, 5.702, 0, 2.459, 83),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let mode: VisionMode
        let severity: Double
        let helps: String
        var testDescription: String { "\(mode.rawValue) \(severity)" }
        var simulation: Simulation { try! Simulation(mode: mode, severity: severity) }
    }

    static let cases = expected.map { Case(mode: $0.0, severity: $0.1, helps: $0.2) }

    /// The pair sets are the research script's, pair for pair (SceneRandom is SplitMix64 there too).
    @Test func theSetsAreTheResearchSets() {
        let firsts: [Deficiency: [(Int, Int, Int, Int, Int, Int)]] = [
            .protan: [(96, 173, 87, 201, 161, 86), (9, 49, 66, 106, 30, 66)],
            .deutan: [(201, 187, 182, 63, 220, 179), (172, 23, 125, 104, 98, 123)],
            .tritan: [(99, 133, 80, 132, 101, 220), (6, 103, 52, 99, 34, 226)],
        ]
        func rgb(_ r: Int, _ g: Int, _ b: Int) -> RGB8 { RGB8(UInt8(r), UInt8(g), UInt8(b)) }
        for (d, pairs) in firsts {
            let set = AssistCriterion.confusionSets[d] ?? []
            #expect(set.count == 300, "\(d)")
            for (i, p) in pairs.enumerated() where i < set.count {
                #expect(set[i].a == rgb(p.0, p.1, p.2) && set[i].b == rgb(p.3, p.4, p.5), "\(d) pair \(i): \(set[i])")
            }
        }
        let general = AssistCriterion.generalPairs
        #expect(general.count == 2000)
        let want: [(Int, Int, Int, Int, Int, Int)] = [
            (138, 10, 243, 226, 174, 216), (46, 47, 253, 147, 49, 235), (208, 115, 128, 215, 190, 218),
        ]
        for (i, p) in zip([0, 1, 1999], want) {
            #expect(general[i].a == rgb(p.0, p.1, p.2) && general[i].b == rgb(p.3, p.4, p.5), "general pair \(i)")
        }
    }

    /// At strength 1, every mode and severity: the same numbers as the research run.
    /// Each case's mode and severity (a property, not a closure in `@Test`'s arguments:
    /// Swift 6.0.3's macro expansion crashes on that).
    static var modesAndSeverities: [(VisionMode, Double)] { numbers.map { ($0.0, $0.1) } }

    @Test(arguments: modesAndSeverities) func numbersAtFullStrength(_ mode: VisionMode, _ severity: Double)
        throws
    {
        let want = try #require(Self.numbers.first { $0.0 == mode && $0.1 == severity })
        let r = AssistCriterion.evaluate(try Simulation(mode: mode, severity: severity), strength: 1)
        #expect(abs(r.confusionGain - want.2) < 0.002, "confusion gain \(r.confusionGain), research \(want.2)")
        #expect(r.confusionWorse == want.3, "confusion pairs worse")
        #expect(abs(r.plateGain - want.4) < 0.002, "plate gain \(r.plateGain), research \(want.4)")
        #expect(r.generalBandDrops == want.5, "general pairs that fell a verdict")
    }

    /// Where it helps, by strength: every strength for the three dichromacies and two anomalous
    /// severities (the rest of the table is checked at strength 1 below; the whole sweep is 330
    /// evaluations).
    static var sweptCases: [Case] {
        cases.filter {
            !$0.mode.takesSeverity || ($0.mode == .deuteranomaly && $0.severity == 0.6)
                || ($0.mode == .protanomaly && $0.severity == 0.8)
        }
    }

    @Test(arguments: sweptCases)
    func verdictsAcrossStrengths(_ c: Case) {
        for (i, want) in c.helps.enumerated() {
            let s = Double(i + 1) / 10
            let r = AssistCriterion.evaluate(c.simulation, strength: s)
            #expect(r.helps == (want == "1"), "strength \(s): \(r.failures)")
        }
    }

    /// The criterion restated from CVDCore's primitives, for every mode and severity at strength 1,
    /// agrees with `Assist.helps` and with the research run.
    @Test(arguments: cases) func criterionRestated(_ c: Case) throws {
        let sim = c.simulation
        let d = try #require(c.mode.deficiency)
        let assist = Assist.transform(for: sim)
        func seen(_ x: RGB8) -> RGB8 { sim.simulate(x) }
        func assisted(_ x: RGB8) -> RGB8 { sim.simulate(assist.apply(x)) }
        func before(_ x: RGB8, _ y: RGB8) -> Double { CIEDE2000.difference(seen(x), seen(y)) }
        func after(_ x: RGB8, _ y: RGB8) -> Double { CIEDE2000.difference(assisted(x), assisted(y)) }
        func median(_ xs: [Double]) -> Double {
            let s = xs.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }

        // 1. Confusion lines: median gain ≥ 5, at most 5 % worse.
        let conf = try #require(AssistCriterion.confusionSets[d]).map { after($0.a, $0.b) - before($0.a, $0.b) }
        let confusion = median(conf) >= 5 && conf.filter { $0 < -0.05 }.count * 20 <= conf.count
        // 2. The plate, from IshiharaPlate itself.
        let plate = zip(IshiharaPlate.figure, IshiharaPlate.field).map { after($0, $1) - before($0, $1) }
        let plateOK =
            d == .tritan ? plate.allSatisfy { $0 >= -1 } : median(plate) >= 5 && plate.allSatisfy { $0 >= -0.05 }
        // 3. Classroom pairs: none comes to look the same or loses half; red/green no worse (protan, deutan).
        var classroom = true
        for p in AssistCriterion.classroom {
            let (b, a) = (before(p.a, p.b), after(p.a, p.b))
            if (b >= 3 && a < 3 && a < b - 1) || a < b / 2 { classroom = false }
        }
        if d != .tritan {
            let rg = AssistCriterion.classroom[0]
            let contrastBefore = WCAG.contrastRatio(seen(rg.a), seen(rg.b))
            let contrastAfter = WCAG.contrastRatio(assisted(rg.a), assisted(rg.b))
            if after(rg.a, rg.b) < before(rg.a, rg.b) - 0.05 || contrastAfter < contrastBefore - 0.005 {
                classroom = false
            }
        }
        // 4. General pairs: at most 5 % fall a verdict (by more than 1).
        func verdict(_ e: Double) -> Int { e < 3 ? 0 : (e < 10 ? 1 : 2) }
        let falls = AssistCriterion.generalPairs.filter {
            let (b, a) = (before($0.a, $0.b), after($0.a, $0.b))
            return verdict(a) < verdict(b) && a < b - 1
        }.count
        let general = falls * 20 <= AssistCriterion.generalPairs.count

        let helps = confusion && plateOK && classroom && general
        #expect(helps == (c.helps.last == "1"), "research run: \(c.helps.last == "1")")
        #expect(helps == Assist.helps(for: sim), "Assist.helps")
    }

    /// Issue 27.10: under deuteranomaly 0.6 the old assist took the probed red/green pair's
    /// contrast down (1.49:1 → 1.16:1 for #C81E28 / #3CA046). Now both numbers go up, in every protan
    /// and deutan mode and severity (at 0.6: ΔE00 21.8 → 29.0, contrast 1.49:1 → 1.62:1).
    @Test func theRedGreenPairLineNeverGetsWorse() throws {
        let (r, g) = (RGB8(0xC8, 0x1E, 0x28), RGB8(0x3C, 0xA0, 0x46))
        for mode in [VisionMode.protanopia, .deuteranopia, .protanomaly, .deuteranomaly] {
            for tenth in mode.takesSeverity ? Array(1...10) : [10] {
                let sim = try Simulation(mode: mode, severity: Double(tenth) / 10)
                let a = Assist.transform(for: sim)
                let plain = PairComparison(r, g, under: sim)
                let assisted = PairComparison(
                    original: (r, g), seen: (sim.simulate(a.apply(r)), sim.simulate(a.apply(g))))
                let numbers = "\(sim): \(plain.numbersText) vs \(assisted.numbersText)"
                #expect(assisted.deltaESeen > plain.deltaESeen, "\(numbers)")
                #expect(assisted.contrastSeen > plain.contrastSeen, "\(numbers)")
            }
        }
        let sim = try Simulation(mode: .deuteranomaly, severity: 0.6)
        let a = Assist.transform(for: sim)
        let plain = PairComparison(r, g, under: sim)
        let assisted = PairComparison(original: (r, g), seen: (sim.simulate(a.apply(r)), sim.simulate(a.apply(g))))
        #expect(assisted.deltaESeen > plain.deltaESeen + 5)
    }

    @Test func noAssistNoHelp() throws {
        #expect(!Assist.helps(for: try Simulation(mode: .normal)))
        #expect(!Assist.helps(for: try Simulation(mode: .achromatopsia)))
        #expect(!Assist.helps(for: try Simulation(mode: .deuteranopia), strength: 0))
    }
}
