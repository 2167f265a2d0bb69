import CVDLocale
import Foundation
import Testing

/// `--language`: the catalogues there are (as po/LINGUAS lists them), `pt` as Brazilian
/// Portuguese, a country code as its language where that is unambiguous, and anything else
/// English with a line naming the languages.
@Suite struct LanguageChoiceTests {
    @Test func theCataloguesArePoLINGUAS() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po/LINGUAS")
        let listed = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(listed.sorted() == LanguageChoice.available.sorted())
    }

    @Test func choices() {
        #expect(LanguageChoice.resolve("de") == ("de", nil))
        #expect(LanguageChoice.resolve("de_AT").language == "de")
        #expect(LanguageChoice.resolve("fr-CA").language == "fr")
        #expect(LanguageChoice.resolve("pt") == ("pt_BR", nil))
        let ptPT = LanguageChoice.resolve("pt_PT")
        #expect(ptPT.language == "pt_BR" && ptPT.note?.contains("Brazil") == true)
        let ua = LanguageChoice.resolve("ua")
        #expect(ua.language == "uk" && ua.note?.contains("country") == true)
        #expect(LanguageChoice.resolve("jp").language == "ja")
        #expect(LanguageChoice.resolve("en") == (nil, nil))
        let xx = LanguageChoice.resolve("xx")
        #expect(xx.language == nil && xx.note?.contains("de, es, fr, it, ja, pt_BR, uk") == true, "\(xx)")
    }
}
