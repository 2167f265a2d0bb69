import Testing

@testable import CVDCore

@Suite struct CaptionTests {
    @Test func everyModeHasACaptionNamingIt() {
        for mode in VisionMode.allCases {
            let t = Caption.text(for: mode)
            #expect(t.hasPrefix(mode.displayName + " — "), "\(t)")
            #expect(t.hasSuffix("."), "\(t)")
            #expect(t.count < 200, "\(mode): \(t.count) characters")
        }
    }

    @Test func deuteranomalyReadsAsTheIssueExample() {
        #expect(
            Caption.text(for: .deuteranomaly)
                == "Deuteranomaly — the green-sensitive cones respond more like the red ones. "
                + "About 5 in 100 men and 4 in 1,000 women of European descent.")
    }

    @Test func ratiosInWords() {
        #expect(Caption.ratio(4.63).english == "5 in 100")
        #expect(Caption.ratio(1.01).english == "1 in 100")
        #expect(Caption.ratio(0.36).english == "4 in 1,000")
        #expect(Caption.ratio(0.02).english == "2 in 10,000")
        #expect(Caption.ratio(92.01).english == "92 in 100")
    }

    /// The per-type figures add up to the totals the shorthand rounds: 8 % ≈ 1 in 12, 0.4 % ≈ 1 in 200–250.
    @Test func totalsMatchTheShorthand() {
        #expect(abs(Prevalence.redGreenMenPercent - 7.99) < 1e-9)
        #expect(abs(Prevalence.redGreenWomenPercent - 0.42) < 1e-9)
        #expect((11.5...13).contains(100 / Prevalence.redGreenMenPercent))
        #expect(100 / Prevalence.redGreenWomenPercent > 200 && 100 / Prevalence.redGreenWomenPercent < 250)
        #expect(Prevalence.of(.tritanomaly).peoplePercent == nil)
        #expect(Prevalence.of(.deuteranomaly).menPercent == 4.63)
    }
}
