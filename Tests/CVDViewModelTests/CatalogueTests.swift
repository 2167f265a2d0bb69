import CVDLocale
import Foundation
import Testing

/// `Catalogue` reads a .po file as msgfmt would for what the layout tests need.
@Suite struct CatalogueTests {
    static let po = #"""
        # a comment
        msgid ""
        msgstr ""
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 1);\n"

        #. translators: a note
        msgid "Deuteranopia"
        msgstr "Deuteranopie"

        msgid ""
        "a long "
        "line with \"quotes\""
        msgstr ""
        "eine lange "
        "Zeile mit \"Anführungszeichen\"\n"

        #, fuzzy
        msgid "Frozen"
        msgstr "Gefroren"

        msgid "%s probe"
        msgid_plural "%s probes"
        msgstr[0] "%s точка"
        msgstr[1] "%s точки"
        msgstr[2] "%s точок у кадрі"

        msgid "Untranslated"
        msgstr ""
        """#

    @Test func readsEntriesContinuationsAndPlurals() throws {
        let c = try Catalogue(po: Self.po)
        #expect(c.translate("Deuteranopia") == "Deuteranopie")
        #expect(c.translate("a long line with \"quotes\"") == "eine lange Zeile mit \"Anführungszeichen\"\n")
        #expect(c.translate("Frozen") == nil, "a fuzzy entry is not a translation")
        #expect(c.translate("Untranslated") == nil)
        #expect(c.translate("") == nil, "the header is not a message")
        #expect(c.translateLongest("%s probe") == "%s точок у кадрі", "the longest plural form")
    }

    @Test func aTaskWithACatalogueSpeaksItsLanguageAndOthersEnglish() throws {
        let c = try Catalogue(po: Self.po)
        Localization.$catalogue.withValue(c) {
            #expect(tr("Deuteranopia") == "Deuteranopie")
            #expect(tr("Untranslated") == "Untranslated", "a missing string in English")
        }
        #expect(tr("Deuteranopia") == "Deuteranopia")
    }

    @Test func aLineThatIsNotPoIsAnError() {
        #expect(throws: CatalogueError.self) { try Catalogue(po: "msgid \"x\"\nnonsense here\n") }
    }

    /// Every catalogue in po/ compiled by msgfmt and read back as cvdcam reads it at run
    /// time (`Catalogue(mo:)`): the same translations as the .po says, entry for entry, and
    /// the language's plural rule from the header.
    @Test(arguments: ["de", "es", "fr", "it", "ja", "pt_BR", "uk"]) func compiledCataloguesReadAsTheirSource(
        language: String
    ) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let po = root.appendingPathComponent("po/\(language).po").path
        let mo = FileManager.default.temporaryDirectory.appendingPathComponent("cvdcam-\(UUID().uuidString).mo").path
        defer { try? FileManager.default.removeItem(atPath: mo) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        p.arguments = ["-o", mo, po]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "msgfmt (gettext, which scripts/test installs) compiles \(po)")
        let compiled = try Catalogue(mo: [UInt8](try Data(contentsOf: URL(fileURLWithPath: mo))))
        let source = try Catalogue(po: String(contentsOfFile: po, encoding: .utf8))
        #expect(compiled.entries.count == source.entries.count && compiled.entries.count > 200)
        for (id, forms) in source.entries {
            #expect(compiled.entries[id] == forms, "\(language): \(id)")
        }
        // The counts each language's grammar treats differently.
        let expected: [String: [Int: Int]] = [
            "de": [0: 1, 1: 0, 2: 1], "fr": [0: 0, 1: 0, 2: 1], "pt_BR": [0: 0, 1: 0, 2: 1], "ja": [1: 0, 5: 0],
            "uk": [1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 112: 2], "es": [1: 0, 2: 1], "it": [1: 0, 0: 1],
        ]
        for (n, form) in expected[language] ?? [:] {
            #expect(compiled.plural.form(n) == form, "\(language): \(n) takes form \(form)")
        }
    }

    @Test func pluralRulesParseAsCDoes() throws {
        let polish = try #require(
            PluralRule(
                header: " nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        #expect([1, 2, 4, 5, 12, 22, 25, 0].map(polish.form) == [0, 1, 1, 2, 2, 1, 2, 2])
        let french = try #require(PluralRule(header: "nplurals=2; plural=(n > 1);"))
        #expect([0, 1, 2].map(french.form) == [0, 0, 1])
        let arithmetic = try #require(PluralRule(header: "nplurals=4; plural=!(n-1) ? 0 : n*2/4%3;"))
        #expect([1, 2, 4, 6].map(arithmetic.form) == [0, 1, 2, 0])
        #expect(PluralRule(header: "nplurals=2; plural=(n >;") == nil, "a rule that does not parse")
    }

    @Test func aFileThatIsNotACatalogueIsAnError() {
        #expect(throws: CatalogueError.self) { try Catalogue(mo: Array("not a catalogue at all".utf8)) }
        // The right magic and a table pointing past the end.
        let header: [UInt8] = [
            0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 36, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ]
        #expect(throws: CatalogueError.self) { try Catalogue(mo: header + [200, 0, 0, 0, 0, 0, 0, 0]) }
    }
}
