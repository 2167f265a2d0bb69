import Foundation
import Testing

@testable import CVDCheck
@testable import CVDCore

/// Only the listed colours change: each corpus picture is drawn twice, with every colour and
/// with the replaced colours left out (drawn as the paper). A pixel the two agree on holds
/// none of a replaced colour's ink — not even an anti-aliased edge's share — and must keep
/// its bytes in the recoloured picture; the replaced colours' own pixels must change.
/// Text on a recoloured area, and recoloured text on the paper, keeps its contrast (WCAG
/// 4.5:1, or what it had if that was lower).
@Suite struct RecolouringTests {
    static let red = RGB8(0xD6, 0x27, 0x28)
    static let green = RGB8(0x2C, 0xA0, 0x2C)
    static let blue = RGB8(0x1F, 0x77, 0xB4)
    static let white = RGB8(255, 255, 255)

    /// A slide: a title, and white words on a green and on a red box.
    static func slide(_ boxes: [RGB8]) -> RGBAImage {
        var d = Drawing(width: 960, height: 640)
        d.text("banzo vaneo", x: 80, y: 90, xHeight: 22, MarkCorpus.black)
        for (k, c) in boxes.enumerated() {
            let x = 80 + Double(k) * 420
            d.rect(x, 160, 380, 320, c)
            for row in 0..<4 { d.text("zealo lobna", x: x + 30, y: 230 + Double(row) * 60, xHeight: 16, white) }
        }
        return d.image
    }

    /// The corpus: its name, its colours, and how it is drawn in any colours.
    static let charts: [(name: String, colours: [RGB8], draw: @Sendable ([RGB8]) -> RGBAImage)] = [
        ("tab10 bar chart", ReplacementTests.tab10, { CheckCorpus.barChart($0) }),
        ("line chart 2 px", [red, green, blue], { MarkCorpus.lineChart($0, width: 2) }),
        ("worksheet", [green, red], { c in MarkCorpus.worksheet(answers: [c[0], c[1], c[0], c[1], c[1], c[0]]) }),
        ("scatter 8 px", [red, green], { MarkCorpus.scatter($0, diameter: 8) }),
        ("slide", [green, red], { slide($0) }),
    ]

    @Test(arguments: 0..<5) func onlyTheListedColoursChange(_ k: Int) throws {
        let chart = Self.charts[k]
        let img = chart.draw(chart.colours)
        let check = MaterialCheck(img, simulations: ReplacementTests.forms)
        let replacements = Replacement.suggest(for: check)
        #expect(!replacements.isEmpty, "\(chart.name): pairs at risk, so replacements")
        // The drawn colour each replacement stands for: the nearest of the chart's (the
        // check's colour is the ink recovered from the pixels, within a few levels of it).
        var leftOut = Set<RGB8>()
        for r in replacements {
            let found = check.found.regions[r.region].rgb
            let drawn = try #require(
                chart.colours.min { Self.distance($0, found) < Self.distance($1, found) }, "\(chart.name)")
            #expect(
                Self.distance(drawn, found) <= 8, "\(chart.name): \(found.hexString) is none of the chart's colours")
            leftOut.insert(drawn)
        }
        let without = chart.draw(chart.colours.map { leftOut.contains($0) ? Self.white : $0 })
        let recoloured = Recolouring.apply(replacements, in: check.found, to: img)
        var (kept, wrong, changed) = (0, 0, 0)
        var moved: [String] = []
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            let same = (0..<4).allSatisfy { img.pixels[i + $0] == without.pixels[i + $0] }
            let unchanged = (0..<4).allSatisfy { img.pixels[i + $0] == recoloured.pixels[i + $0] }
            if same {
                kept += 1
                guard !unchanged else { continue }
                wrong += 1
                if moved.count < 5 { moved.append("(\(i / 4 % img.width), \(i / 4 / img.width))") }
            } else if !unchanged {
                changed += 1
            }
        }
        #expect(wrong == 0, "\(chart.name): \(wrong) of \(kept) pixels without replaced ink changed, e.g. \(moved)")
        #expect(changed > 0, "\(chart.name): the replaced colours' pixels changed")
    }

    /// Text and lines keep their contrast with what they are drawn on.
    @Test(arguments: [2, 4]) func textKeepsItsContrast(_ k: Int) {
        let chart = Self.charts[k]
        let check = MaterialCheck(chart.draw(chart.colours), simulations: ReplacementTests.forms)
        let regions = check.found.regions
        let replacements = Replacement.suggest(for: check)
        let pairs = Replacement.drawnOn(regions)
        #expect(!pairs.isEmpty, "\(chart.name): text drawn on a colour is seen as such")
        var now = regions.map(\.rgb)
        for r in replacements { now[r.region] = r.colour }
        for (m, g) in pairs where replacements.contains(where: { $0.region == m || $0.region == g }) {
            let had = WCAG.contrastRatio(regions[m].rgb, regions[g].rgb)
            let has = WCAG.contrastRatio(now[m], now[g])
            #expect(
                has >= min(4.5, had) - 0.005,
                "\(chart.name): \(regions[m].rgb.hexString) on \(regions[g].rgb.hexString) \(had) → \(has)")
        }
    }

    /// The same hue made lighter or darker is in sRGB and comes back as itself.
    @Test func labRoundTrip() {
        for c in ReplacementTests.tab10 + ReplacementTests.okabeIto + [Self.white, RGB8(0, 0, 0)] {
            #expect(CIELab(c).rgb == c, "\(c.hexString)")
        }
        #expect(CIELab(l: 50, a: 120, b: -120).rgb == nil, "far outside sRGB")
        #expect(CIELab(l: 50, a: 120, b: -120).nearestInGamut != nil)
    }

    static func distance(_ a: RGB8, _ b: RGB8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
    }
}
