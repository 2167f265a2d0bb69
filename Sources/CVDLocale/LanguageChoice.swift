/// What `--language` takes: a language with a catalogue (`available`, as po/LINGUAS lists
/// them), a language and country (`de_AT` → German), the Portuguese cvdcam has (`pt`, `pt_PT`
/// → Brazilian Portuguese), a country code people type for the language where it is not
/// ambiguous (`ua` → Ukrainian, `jp` → Japanese), or English (`en`, `C`). Anything else is
/// English with a line naming the languages there are.
public enum LanguageChoice {
    /// The catalogues cvdcam ships (po/LINGUAS; `LanguageChoiceTests` compares).
    public static let available = ["de", "es", "fr", "it", "ja", "pt_BR", "uk"]

    /// Country codes people give for a language, where the country has one language cvdcam speaks.
    static let countries = ["ua": "uk", "jp": "ja", "at": "de"]

    /// The catalogue to use for `code` (nil: English) and a note for stderr when the choice
    /// was not taken as given.
    public static func resolve(_ code: String) -> (language: String?, note: String?) {
        let c = code.replacing("-", with: "_")
        let lower = c.lowercased()
        if ["en", "c", "posix"].contains(lower) || lower.hasPrefix("en_") { return (nil, nil) }
        if let exact = available.first(where: { $0.lowercased() == lower }) { return (exact, nil) }
        let base = String(lower.prefix { $0 != "_" })
        if base == "pt" {
            return ("pt_BR", lower == "pt" ? nil : "cvdcam speaks Portuguese as in Brazil (pt_BR)")
        }
        if let lang = available.first(where: { $0 == base }) { return (lang, nil) }
        if let lang = countries[lower] {
            return (lang, "'\(code)' is a country's code; taken as its language, \(lang)")
        }
        return (
            nil,
            "no translation for '\(code)': the window speaks English (there are \(available.joined(separator: ", ")))"
        )
    }
}
