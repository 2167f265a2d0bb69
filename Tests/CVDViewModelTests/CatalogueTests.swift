import CVDLocale
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
}
