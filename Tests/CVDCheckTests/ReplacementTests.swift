import Foundation
import Testing

@testable import CVDCheck
@testable import CVDCore

/// The check's replacements work: the picture recoloured with them and checked again with
/// the same forms has no pair at risk — or a replacement says it could not keep everything
/// apart. A colour is never "replaced" by itself, and the same picture gets the same
/// replacements every run.
@Suite struct ReplacementTests {
    static let forms = MaterialCheck.classForms.map { try! Simulation(mode: $0, severity: 0.6) }
    static let tab10 = [
        RGB8(0x1F, 0x77, 0xB4), RGB8(0xFF, 0x7F, 0x0E), RGB8(0x2C, 0xA0, 0x2C), RGB8(0xD6, 0x27, 0x28),
        RGB8(0x94, 0x67, 0xBD), RGB8(0x8C, 0x56, 0x4B), RGB8(0xE3, 0x77, 0xC2), RGB8(0x7F, 0x7F, 0x7F),
        RGB8(0xBC, 0xBD, 0x22), RGB8(0x17, 0xBE, 0xCF),
    ]
    static let okabeIto = [
        RGB8(0xE6, 0x9F, 0x00), RGB8(0x56, 0xB4, 0xE9), RGB8(0x00, 0x9E, 0x73), RGB8(0xF0, 0xE4, 0x42),
        RGB8(0x00, 0x72, 0xB2), RGB8(0xD5, 0x5E, 0x00), RGB8(0xCC, 0x79, 0xA7),
    ]
    static let charts: [(String, [RGB8])] = [
        ("red, green, blue", [RGB8(0xD6, 0x27, 0x28), RGB8(0x2C, 0xA0, 0x2C), RGB8(0x1F, 0x77, 0xB4)]),
        ("traffic lights", [RGB8(0xE0, 0x20, 0x20), RGB8(0xF0, 0xC0, 0x00), RGB8(0x20, 0xA0, 0x30)]),
        ("tab10's first five", Array(tab10.prefix(5))),
        ("tab10", tab10),
        ("Okabe–Ito", okabeIto),
    ]

    @Test(arguments: 0..<5) func theRecolouredChartIsSafeOrTheReplacementSaysSo(_ k: Int) {
        let (name, colours) = Self.charts[k]
        let img = CheckCorpus.barChart(colours)
        let check = MaterialCheck(img, simulations: Self.forms)
        let replacements = Replacement.suggest(for: check)
        #expect(replacements.isEmpty == check.isSafe, "\(name): a replacement for each colour at risk")
        for r in replacements {
            #expect(r.change >= Replacement.sameColour, "\(name): \(r.colour.hexString) replaced by itself")
            #expect(r.colour != check.found.regions[r.region].rgb, "\(name)")
        }
        let again = MaterialCheck(
            Recolouring.apply(replacements, in: check.found, to: img), simulations: Self.forms)
        if replacements.allSatisfy(\.keepsApart) {
            #expect(again.isSafe, "\(name): every replacement keeps apart, yet \(again.numberedPairs.count) pairs")
        } else {
            #expect(!again.isSafe || replacements.isEmpty, "\(name): 'some pairs stay at risk' and none does")
        }
        // The same picture, the same replacements.
        #expect(Replacement.suggest(for: MaterialCheck(img, simulations: Self.forms)) == replacements)
    }
}

/// The same picture, the same answer: every corpus picture checked twice gives the same
/// colours, kinds, pairs, numbers and replacements, and the same marked and recoloured
/// pictures, byte for byte.
@Suite struct SameAnswerTests {
    static let red = RGB8(0xD6, 0x27, 0x28)
    static let green = RGB8(0x2C, 0xA0, 0x2C)
    static let pictures: [(String, RGBAImage)] = [
        ("bar chart", CheckCorpus.barChart(ReplacementTests.tab10)),
        ("line chart", MarkCorpus.lineChart([red, green, RGB8(0x1F, 0x77, 0xB4)], width: 2)),
        ("worksheet", MarkCorpus.worksheet(answers: [green, red, green, red, red, green])),
        ("scatter", MarkCorpus.scatter([red, green], diameter: 8)),
    ]

    @Test(arguments: 0..<4) func everyCorpusPictureTwice(_ k: Int) {
        let (name, img) = Self.pictures[k]
        func once() -> (MaterialCheck, [Replacement], RGBAImage, RGBAImage) {
            let c = MaterialCheck(img, simulations: ReplacementTests.forms)
            let s = Replacement.suggest(for: c)
            return (c, s, CheckMarks.draw(c, on: img), Recolouring.apply(s, in: c.found, to: img))
        }
        let (a, b) = (once(), once())
        #expect(a.0.found.regions == b.0.found.regions, "\(name): the colours")
        #expect(a.0.numberedPairs.map { [$0.first, $0.second] } == b.0.numberedPairs.map { [$0.first, $0.second] })
        #expect(a.0.verdict == b.0.verdict && a.1 == b.1, "\(name): the verdict and the replacements")
        #expect(a.2.pixels == b.2.pixels && a.3.pixels == b.3.pixels, "\(name): the pictures")
    }
}
