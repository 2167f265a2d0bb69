import CVDCore
import Testing

@testable import CVDViewModel

/// The footer and the legend (`OverlayPlan.wrapped`) wrap to the room they go in, but not
/// into a band so narrow that a short message stands a character a line: seen at 1024×768
/// with `--ui-scale 2` in Japanese, where "説明: オン" (caption: on) stood in a column of
/// single characters in the 170 px band beside a split picture.
@Suite struct WrappedLabelTests {
    static let window = Rect(0, 0, 1024, 768)
    static let picture = Rect(170, 188, 684, 384)
    static let narrow = Rect(854, 0, 170, 768)

    static func place(_ text: String, fontSize: Int, rooms: [Rect]) -> LabelBox? {
        OverlayPlan.wrapped(
            text, swatch: nil, fontSize: fontSize, rooms: rooms, alignRight: false,
            space: FreeSpace(window: window, pictures: [picture]), measure: ApproximateMeasure())
    }

    @Test func aShortMessageIsNotStackedACharacterALine() throws {
        let box = try #require(Self.place("説明: オン", fontSize: 52, rooms: [Self.narrow]))
        #expect(box.lines.count == 1, "\(box.lines.map(\.text))")
        #expect(!Self.narrow.contains(box.shim), "not in the 170 px band")
    }

    /// A band of half a dozen characters or more still takes a long line, wrapped.
    @Test func aBandOfHalfADozenCharactersTakesALongLineWrapped() throws {
        let band = Rect(854, 0, 170, 768)
        let box = try #require(Self.place("Source: image favourite-fruit-class-5b.png", fontSize: 26, rooms: [band]))
        #expect(band.contains(box.shim), "in the band")
        #expect(box.lines.count > 1)
    }
}

/// The `i` panel beside a tall picture: seen at 1024×768, `--ui-scale 2`, a page turned
/// upright, in German — its lines, wider than the 650 px band to the picture's right, went
/// over the picture. Broken at their " · ", they fit the band.
@Suite struct StatsPanelTests {
    @Test func linesWiderThanTheBandAreBrokenBeforeTheyGoOverThePicture() throws {
        let window = Rect(0, 0, 1024, 768)
        let picture = Rect(0, 53, 372, 661)
        let lines = [
            "151 Bilder gezeigt · 30,0 fps · CPU 15,1 %",
            "verworfen: 0 von cvdcam, 0 von der Kamera · beschädigt: 0",
            "Latenz (Median) 5,2 ms · Speicher 52 MiB, Spitze 52 MiB", "Renderer: Software",
        ]
        // The badge in the band, as cvdcam draws it there; the labels' size at --ui-scale 2.
        var space = FreeSpace(window: window, pictures: [picture])
        space.take(Rect(420, 95, 500, 70))
        let box = try #require(
            StatsPanel.place(lines, fontSize: 52, reach: .upperBands, space: space, measure: ApproximateMeasure()))
        #expect(!box.shim.intersects(picture), "beside the picture, not over it: \(box.shim)")
        #expect(!box.shim.intersects(Rect(420, 95, 500, 70)), "nor over the badge")
        #expect(box.lines.count > lines.count)
        #expect(
            box.lines.map(\.text).joined(separator: " · ") == lines.joined(separator: " · "), "every word, in order")
        // Where the band holds the lines whole, they stay whole.
        let wide = try #require(
            StatsPanel.place(
                lines, fontSize: 12, reach: .upperBands, space: FreeSpace(window: window, pictures: [picture]),
                measure: ApproximateMeasure()))
        #expect(wide.lines.count == lines.count && !wide.shim.intersects(picture))
    }
}

/// A Japanese footer is wrapped by the width it has, not by its characters counted as
/// Latin ones: "フレーム数の表示: オン" (frame counter: on) stood in two lines, "ン" alone,
/// in a 1024 px band that holds it in one.
@Suite struct JapaneseFooterTests {
    @Test func aJapaneseMessageThatFitsStaysOnOneLine() throws {
        let box = try #require(
            OverlayPlan.footer(
                "フレーム数の表示: オン", fontSize: 52, room: Rect(0, 572, 1024, 196), maxHeight: 196,
                measure: ApproximateMeasure()))
        #expect(box.lines.map(\.text) == ["フレーム数の表示: オン"])
        #expect(box.lines[0].fontSize == 52)
    }
}

/// The check's list beside a page turned upright: seen at 1024×768 (German, `z` and `c`),
/// where the page leaves no band above or below it but a 460 px band to its right, the list
/// went over a quarter of the page. Now in that band, its lines sixteen characters or more.
@Suite struct CheckBandBesideThePageTests {
    @Test(arguments: [19, 38]) func theListGoesInTheBandBesideThePage(_ fontSize: Int) throws {
        let window = Rect(0, 0, 1024, 768)
        let picture = Rect(132, 0, 432, 768)
        let right = Rect(564, 0, 460, 768)
        var space = FreeSpace(window: window, pictures: [picture])
        space.take(Rect(578, 14, 341, 65)) // the badge
        let rooms = [Rect(0, 768, 1024, 0), Rect(0, 0, 1024, 0), right, Rect(0, 0, 132, 768)]
        let input = OverlayPlan.CheckInput(shown: CheckOverlayTests.shown, recoloured: false)
        let band = try #require(
            OverlayPlan.checkBand(input, fontSize: fontSize, rooms: rooms, space: space, measure: ApproximateMeasure())
                .box)
        #expect(right.contains(band.shim), "in the band beside the page: \(band.shim)")
        #expect(!band.shim.intersects(picture))
        let size = try #require(band.lines.first?.fontSize)
        #expect(right.w / Double(size) >= 16, "lines of sixteen characters or more at \(size) px")
    }
}
