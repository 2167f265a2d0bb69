import Testing

@testable import CVDCheck
@testable import CVDCore

/// Colours that normal vision does not tell apart as they are drawn are one colour
/// (`FoundRegions.mergingTwins`), and colours a designer chose stay apart. The JPEG figures
/// (matplotlib's own line charts; `scripts/check-agreement --jpeg`) are in docs/science.md.
@Suite struct TwinColourTests {
    /// A chart 640 pixels across, as matplotlib saves one by default.
    static let degreesPerPixel = NoticeableDifference.degreesPerPixel(width: 640, height: 480)

    static func found(_ colour: RGB8, _ kind: MarkKind, width: Double, mass: Float, at x: Int)
        -> (region: ColourRegion, mass: Float, first: Int)
    {
        let nd = NoticeableDifference(kind, width: width * degreesPerPixel)
        let k = ColourRegion.Kind(kind: kind, width: width, share: 1, noticeable: nd)
        let box = PixelRect(x: x, y: 40, width: 30, height: 8)
        let region = ColourRegion(
            rgb: colour, lab: CIELab(colour), name: ColourName(base: ""), share: Double(mass) / 300_000, box: box,
            marks: [box], markKinds: [kind], kinds: [k], noticeable: nd, hardest: k)
        return (region, mass, x)
    }

    /// matplotlib's #FF0000 and #00AA00 lines, 2 pixels wide, in its own JPEG of quality 75:
    /// the red was found as #B52B34 and #AE3B40 (9.9 CIE76 apart), the green as #358C38 and
    /// #38943E (3.3): four colours and four pairs at risk in deuteranopia where there is one.
    @Test func aLinesVariantsInAJPEGAreOneColour() throws {
        let merged = FoundRegions.mergingTwins([
            Self.found(RGB8(0xB5, 0x2B, 0x34), .line, width: 2.5, mass: 900, at: 10),
            Self.found(RGB8(0x35, 0x8C, 0x38), .line, width: 2, mass: 800, at: 50),
            Self.found(RGB8(0xAE, 0x3B, 0x40), .line, width: 1.5, mass: 300, at: 90),
            Self.found(RGB8(0x38, 0x94, 0x3E), .line, width: 2, mass: 200, at: 130),
        ])
        try #require(merged.count == 2, "\(merged.map(\.region.rgb.hexString))")
        let (red, green) = (merged[0], merged[1])
        // Each keeps the colour with more ink, takes the other's ink and its marks.
        #expect(red.region.rgb == RGB8(0xB5, 0x2B, 0x34) && green.region.rgb == RGB8(0x35, 0x8C, 0x38))
        #expect(red.mass == 1200 && green.mass == 1000)
        #expect(abs(red.region.share - 1200.0 / 300_000) < 1e-12)
        #expect(red.region.marks.map(\.x) == [10, 90] && red.region.markKinds == [.line, .line])
        #expect(green.region.marks.map(\.x) == [50, 130])
        let pairs = MaterialCheck.riskyPairs(merged.map(\.region), under: try Simulation(mode: .deuteranopia))
        #expect(pairs.count == 1)
    }

    /// What a designer tells apart stays apart: ColorBrewer's Reds (9) as bars, its two
    /// palest 6.4 CIE76 apart; Okabe–Ito's orange and vermillion as 1-pixel lines; black text
    /// and a dark grey axis 20 CIE76 apart. And nothing chains: a colour joins the one it is
    /// near, not a colour near that one.
    @Test func coloursADesignerChoseStayApart() throws {
        let reds = ["FFF5F0", "FEE0D2", "FCBBA1", "FC9272", "FB6A4A", "EF3B2C", "CB181D", "A50F15", "67000D"]
        let bars = reds.enumerated().map { k, hex in
            let v = Int(hex, radix: 16)!
            return Self.found(
                RGB8(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)), .area, width: 50, mass: Float(900 - k),
                at: k * 60)
        }
        #expect(FoundRegions.mergingTwins(bars).count == 9)
        let lines = [
            Self.found(RGB8(0xE6, 0x9F, 0x00), .line, width: 1, mass: 500, at: 0),
            Self.found(RGB8(0xD5, 0x5E, 0x00), .line, width: 1, mass: 400, at: 40),
            Self.found(RGB8(0, 0, 0), .text, width: 1, mass: 300, at: 80),
            Self.found(RGB8(0x40, 0x40, 0x40), .line, width: 1.5, mass: 200, at: 120),
        ]
        #expect(FoundRegions.mergingTwins(lines).count == 4)
        // Three greys as bars, each less than a step from the next, the first and the last
        // more than one apart: the last stays a colour of its own.
        let greys = [110, 121, 132].map { v in
            Self.found(RGB8(UInt8(v), UInt8(v), UInt8(v)), .area, width: 50, mass: Float(1000 - v), at: v)
        }
        let nd = NoticeableDifference(.area, width: 50 * Self.degreesPerPixel)
        let lab = greys.map(\.region.lab)
        try #require(nd.steps(lab[0], lab[1]) < 1 && nd.steps(lab[1], lab[2]) < 1 && nd.steps(lab[0], lab[2]) >= 1)
        #expect(FoundRegions.mergingTwins(greys).map(\.region.rgb) == [RGB8(110, 110, 110), RGB8(132, 132, 132)])
    }
}
