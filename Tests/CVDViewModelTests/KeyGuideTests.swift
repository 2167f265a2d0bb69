import CVDCore
import CVDLocale
import Testing

@testable import CVDViewModel

/// The list people read (`KeyGuide`: help sheet, `cvdcam keys`, README, man page) and the
/// bindings the view acts on (`Command.forKey`) agree both ways.
@Suite struct KeyGuideTests {
    @Test func everyListedKeyIsBound() {
        for entry in KeyGuide.all {
            #expect(!entry.keys.isEmpty, "\(entry.tableKeys) names no key")
            for key in entry.keys {
                let c = Command.forKey(key)
                #expect(c != nil && c != .unbound, "\(entry.tableKeys): \(key) is not bound")
            }
        }
    }

    @Test func everyBoundKeyIsListed() {
        let listed = Set(KeyGuide.all.flatMap(\.keys))
        let letters = "abcdefghijklmnopqrstuvwxyzFUG".map { Key.letter($0) }
        let others: [Key] =
            (0...9).map { .digit($0) } + [
                .leftBracket, .rightBracket, .plus, .minus, .left, .right, .up, .down, .comma, .period, .space, .f1,
                .escape, .delete, .backspace, .tab, .pageUp, .pageDown,
            ]
        for key in letters + others {
            guard let c = Command.forKey(key), c != .unbound else { continue }
            #expect(listed.contains(key), "\(key) does \(c) but KeyGuide does not list it")
        }
    }

    @Test func helpSheetLinesComeFromTheGuide() {
        #expect(Command.helpLines.count == KeyGuide.all.filter { !$0.sheetKeys.isEmpty }.count)
        #expect(Command.helpLines.allSatisfy { !$0.0.isEmpty && !$0.1.isEmpty })
    }

    /// Shift+R picks the part of the screen to show: the help sheet lists it when the source
    /// is the screen (`--screen`), and only then.
    @Test func theSheetListsShiftRForTheScreen() {
        let m = ApproximateMeasure()
        func texts(_ screen: Bool) -> [String] {
            HelpSheet.layout(window: FrameSize(1280, 720), uiScale: 1, screen: screen, measure: m).lines.map(\.text)
        }
        #expect(texts(true).contains("Shift+R"))
        #expect(texts(true).contains { $0.hasPrefix("pick the part of the screen") })
        #expect(!texts(false).contains("Shift+R"))
    }

    /// The `m` key's line names the models the key goes through, from the one list
    /// (`ModelKind.selectable`), in the language's own list: a model added there is named
    /// on the help sheet and in the table with no text to write.
    @Test func theModelKeyNamesEveryModelItCyclesThrough() throws {
        let m = try #require(KeyGuide.all.first { $0.keys == [.letter("m")] })
        #expect(m.sheetLine == "next model: auto, Machado, Brettel, Viénot, iOS matrices")
        #expect(m.table == "next model: auto → Machado 2009 → Brettel 1997 → Viénot 1999 → original iOS matrices")
        #expect(ViewState.modelCycle == ModelKind.selectable)
        let ja = try LabelLayoutTests.catalogue("ja")
        Localization.$catalogue.withValue(ja) {
            #expect(m.sheetLine == "次のモデル: 自動、Machado、Brettel、Viénot、iOS 行列")
        }
        let de = try LabelLayoutTests.catalogue("de")
        Localization.$catalogue.withValue(de) {
            #expect(m.sheetLine == "nächstes Modell: automatisch, Machado, Brettel, Viénot, iOS-Matrizen")
        }
    }
}
