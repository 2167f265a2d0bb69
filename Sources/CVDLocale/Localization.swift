import CIntl
import CVDCore
import CVDSystem
import Glibc

/// GNU gettext for what cvdcam shows people: the desktop's language (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`) or `--language`, English for any string a catalogue lacks.
///
/// Catalogues (`cvdcam.mo`) are looked for next to the binary first (`locale/LL/LC_MESSAGES`,
/// where scripts/run and scripts/test compile them: a build folder speaks the language too),
/// then where the Debian package installs them (`/usr/share/locale`). Only messages follow
/// the locale: numbers keep the C library's "." (`LC_NUMERIC` stays C), so every line on
/// stdout is the same in every language; what the window shows writes numbers with the
/// language's own separator (`decimal`).
public enum Localization {
    public static let domain = "cvdcam"

    /// Whether `start` has run (before it, and in tests, every string is English).
    nonisolated(unsafe) private static var started = false

    /// Chooses the language and binds the catalogues. `language` ("de", "pt_BR") overrides the
    /// environment for this run. Returns the folder the catalogues were found in, if any.
    @discardableResult
    public static func start(language: String? = nil, executable: String = CommandLine.arguments[0]) -> String? {
        if let language { setenv("LANGUAGE", language, 1) }
        // The C locale ignores LANGUAGE: messages need a locale that is not plain C.
        let all = setlocale(LC_ALL, "").map { String(cString: $0) }
        // A desktop's LANG=de_DE.UTF-8 whose locale is not installed (a minimal system):
        // setlocale refuses it, but its language still chooses the catalogue.
        let variables: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let values: [String] = variables.compactMap { name in getenv(name).map { String(cString: $0) } }
        if all == nil, language == nil, getenv("LANGUAGE").map({ String(cString: $0).isEmpty }) ?? true,
            let wanted = values.first(where: { !$0.isEmpty })
        {
            let code = wanted.prefix { $0 != "." && $0 != "@" }
            if code != "C", code != "POSIX" { setenv("LANGUAGE", String(code), 1) }
        }
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if all == nil || messages == "C" || messages == "POSIX" || language != nil {
            if setlocale(LC_MESSAGES, "C.UTF-8") == nil { _ = setlocale(LC_MESSAGES, "C.utf8") }
        }
        // Numbers as C writes them everywhere in this process (stdout lines are parsed).
        _ = setlocale(LC_NUMERIC, "C")
        let here = directory(of: executable)
        let folder = [here + "/locale", "/usr/share/locale"].first { isCatalogueFolder($0) }
        if let folder { _ = bindtextdomain(domain, folder) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        _ = textdomain(domain)
        started = true
        return folder
    }

    /// From now on English (a language whose letters no font here can draw: `FontLocator`).
    public static func useEnglish() { started = false }

    /// A catalogue in memory that wins over gettext for this task and the ones it starts
    /// (the layout tests: each language in its own task while others run in English).
    @TaskLocal public static var catalogue: Catalogue?

    /// `text` in the chosen language (`text` itself when no catalogue has it).
    public static func translate(_ text: String) -> String {
        if let catalogue { return catalogue.translate(text) ?? text }
        guard started, !text.isEmpty else { return text }
        // dgettext returns its own argument when the catalogue lacks `text`: that pointer is
        // only valid inside withCString, so the answer is copied there (or `text` kept).
        return text.withCString { t in
            guard let r = dgettext(domain, t), r != t else { return text }
            return String(cString: r)
        }
    }

    /// The singular or plural form for `n`, as the language counts.
    public static func translate(_ singular: String, _ plural: String, _ n: Int) -> String {
        if let catalogue { return catalogue.translateLongest(singular) ?? (n == 1 ? singular : plural) }
        guard started else { return n == 1 ? singular : plural }
        // As in `translate(_:)`: the answer may be one of the arguments' own pointers.
        return singular.withCString { s in
            plural.withCString { p in
                guard let r = dngettext(domain, s, p, UInt(max(0, n))) else { return n == 1 ? singular : plural }
                if r == s { return singular }
                if r == p { return plural }
                return String(cString: r)
            }
        }
    }

    /// The language in use, as its catalogue names itself ("de", "ja"; "en" without one).
    public static var language: String {
        // translators: your language's code, as the catalogue's file name has it (de, fr, pt_BR, ja, …)
        let code = translate(N_("en"))
        return code.isEmpty ? "en" : code
    }

    /// `x` with `places` decimals and the language's decimal separator ("0,6" in German).
    public static func decimal(_ x: Double, places: Int) -> String {
        var s = String(cFormat: "%.\(places)f", x)
        // translators: the decimal separator: "," where 0,6 is written with a comma, else "."
        let separator = translate(N_("."))
        if separator != "." { s = s.replacing(".", with: separator) }
        return s
    }

    static func directory(of path: String) -> String {
        var p = path
        if !p.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if n > 0 { p = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        return String(p[..<slash])
    }

    static func isCatalogueFolder(_ folder: String) -> Bool {
        guard let d = opendir(folder) else { return false }
        defer { closedir(d) }
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != "..", access("\(folder)/\(name)/LC_MESSAGES/\(domain).mo", R_OK) == 0 {
                return true
            }
        }
        return false
    }
}

/// `text` in the chosen language, its `%s` (or `%1$s`, `%2$s` for translations that
/// reorder) filled with `arguments` in order.
public func tr(_ text: String, _ arguments: String...) -> String {
    Message.fill(Localization.translate(text), arguments)
}

/// The singular or plural of `text` for `n`, filled as `tr` does.
public func trn(_ singular: String, _ plural: String, _ n: Int, _ arguments: String...) -> String {
    Message.fill(Localization.translate(singular, plural, n), arguments)
}

extension Message {
    /// In the window's language.
    public var localized: String {
        Self.fill(
            Localization.translate(format),
            arguments.map { a in
                switch a {
                case .text(let t): t
                case .term(let t): Localization.translate(t)
                case .number(let x, let places): Localization.decimal(x, places: places)
                case .message(let m): m.localized
                }
            })
    }
}
