import CVDCore
import Testing

@testable import CVDViewModel

/// Japanese and Chinese have no spaces between words: a long notice or help line in them
/// must still wrap to the window, between characters, never starting a line with 。 or 、.
@Suite struct LineBreaksTests {
    /// A measure that counts a CJK character as two columns, like the real fonts.
    struct ColumnMeasure: TextMeasuring {
        func size(of text: String, fontSize: Int) -> FrameSize {
            FrameSize(LineBreaks.columns(text) * fontSize / 2, fontSize)
        }
    }

    static let japanese = "白い紙かグレーの紙を画面の中央いっぱいに持ってから、もう一度wを押してください。カードが暗すぎます。"

    @Test func japaneseWrapsBetweenCharactersInTheStatusLine() {
        let lines = SourceLine.wrap(Self.japanese, maxChars: 20)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { LineBreaks.columns($0) <= 20 }, "\(lines)")
        #expect(lines.joined() == Self.japanese, "nothing is lost or added")
        #expect(lines.allSatisfy { !LineBreaks.closes($0.first!) }, "no line starts with closing punctuation: \(lines)")
    }

    @Test func japaneseWrapsToAMeasuredWidth() {
        let lines = HelpSheet.wrap(Self.japanese, width: 200, font: 20, ColumnMeasure())
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { ColumnMeasure().size(of: $0, fontSize: 20).width <= 200 }, "\(lines)")
        #expect(lines.joined() == Self.japanese)
        #expect(lines.allSatisfy { !LineBreaks.closes($0.first!) }, "\(lines)")
    }

    @Test func spacedTextStillBreaksOnlyAtSpaces() {
        let text = "hold white or grey paper so it fills the middle of the picture, then press w again"
        let lines = HelpSheet.wrap(text, width: 200, font: 20, ColumnMeasure())
        #expect(lines.joined(separator: " ") == text)
        #expect(SourceLine.wrap(text, maxChars: 30).joined(separator: " ") == text)
    }

    @Test func mixedTextKeepsItsSpaces() {
        let text = "キー w を押す: 白 balance"
        #expect(HelpSheet.wrap(text, width: 10_000, font: 20, ColumnMeasure()) == [text])
        #expect(LineBreaks.columns("日本a") == 5)
    }

    /// The keys written as punctuation (", ." set a strength, "[ ]" a severity) are never
    /// split: the German help sheet broke "2×2; , . oder Ziehen" as "2×2; ," / ". oder Ziehen".
    @Test func keysWrittenAsPunctuationStayTogether() {
        let text = "Ansicht: einzeln, geteilt, 2×2; , . oder Ziehen: Trennlinie"
        func together(_ lines: [String]) -> Bool {
            !lines.contains { $0.hasSuffix(" ,") || $0.hasPrefix(".") }
        }
        for width in stride(from: 120, through: 600, by: 10) {
            let lines = HelpSheet.wrap(text, width: Double(width), font: 20, ColumnMeasure())
            #expect(lines.joined(separator: " ") == text)
            #expect(together(lines), "\(width): \(lines)")
        }
        for n in 8...40 {
            let lines = SourceLine.wrap(text, maxChars: n)
            #expect(lines.joined(separator: " ") == text)
            #expect(together(lines), "\(n): \(lines)")
        }
        let bracket = "weak L (red) cones [ ] severity"
        for width in stride(from: 100, through: 400, by: 10) {
            let lines = HelpSheet.wrap(bracket, width: Double(width), font: 20, ColumnMeasure())
            #expect(lines.allSatisfy { !LineBreaks.opens($0.last!) }, "\(width): \(lines)")
            #expect(lines.joined(separator: " ") == bracket)
        }
    }
}
