import CVDCore
import CVDSystem
import Glibc

/// The window's language: the desktop's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as
/// GNU gettext chooses) or `--language`, English for any string its catalogue lacks.
///
/// Catalogues (`cvdcam.mo`, compiled by msgfmt) are looked for next to the binary first
/// (`locale/LL/LC_MESSAGES`, where scripts/run and scripts/test compile them: a build folder
/// speaks the language too), then where the Debian package installs them
/// (`/usr/share/locale`), and read here (`Catalogue(mo:)`), not through glibc's gettext:
/// glibc 2.41 (Debian 13) ignores `LANGUAGE` under the C.UTF-8 locale a minimal system
/// falls back to. Only messages follow the language: numbers keep the C library's "."
/// (`LC_NUMERIC` stays C), so every line on stdout is the same in every language; what the
/// window shows writes numbers with the language's own separator (`decimal`).
public enum Localization {
    public static let domain = "cvdcam"

    /// Whether `start` has run (before it, and in tests, every string is English).
    nonisolated(unsafe) private static var started = false
    /// The catalogue `start` chose; set once, before any other thread runs.
    nonisolated(unsafe) private static var loaded: Catalogue?

    /// Chooses the language and reads its catalogue. `language` ("de", "pt_BR") overrides
    /// the environment for this run. Returns the folder the catalogue was read from, if any.
    @discardableResult
    public static func start(language: String? = nil, executable: String = CommandLine.arguments[0]) -> String? {
        if let language { setenv("LANGUAGE", language, 1) }
        _ = setlocale(LC_ALL, "")
        // Numbers as C writes them everywhere in this process (stdout lines are parsed).
        _ = setlocale(LC_NUMERIC, "C")
        started = true
        loaded = nil
        let here = directory(of: executable)
        guard let folder = [here + "/locale", "/usr/share/locale"].first(where: { isCatalogueFolder($0) }) else {
            return nil
        }
        for code in wanted(language) {
            // English is cvdcam's own: a list that reaches it before a catalogue stops there.
            if code == "en" || code.hasPrefix("en_") || code == "C" || code == "POSIX" { return nil }
            for variant in [code, String(code.prefix { $0 != "_" })] {
                let path = "\(folder)/\(variant)/LC_MESSAGES/\(domain).mo"
                guard access(path, R_OK) == 0, let bytes = try? FileBytes.read(path, limit: 16 << 20),
                    let catalogue = try? Catalogue(mo: bytes)
                else { continue }
                loaded = catalogue
                return folder
            }
        }
        return nil
    }

    /// The languages asked for, in order, as gettext takes them: `language`; else
    /// `LANGUAGE`'s list, then the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set
    /// (without its ".UTF-8" and "@modifier").
    static func wanted(_ language: String?) -> [String] {
        if let language { return [language] }
        func variable(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var codes = variable("LANGUAGE").map { $0.split(separator: ":").map(String.init) } ?? []
        if let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(variable).first {
            codes.append(String(locale.prefix { $0 != "." && $0 != "@" }))
        }
        return codes.filter { !$0.isEmpty }
    }

    /// From now on English (a language whose letters no font here can draw: `FontLocator`).
    public static func useEnglish() { started = false }

    /// A catalogue in memory that wins over the chosen one for this task and the ones it
    /// starts (the layout tests: each language in its own task while others run in English).
    @TaskLocal public static var catalogue: Catalogue?

    /// `text` in the chosen language (`text` itself when no catalogue has it).
    public static func translate(_ text: String) -> String {
        if let catalogue { return catalogue.translate(text) ?? text }
        guard started, !text.isEmpty, let loaded else { return text }
        return loaded.translate(text) ?? text
    }

    /// The singular or plural form for `n`, as the language counts.
    public static func translate(_ singular: String, _ plural: String, _ n: Int) -> String {
        if let catalogue { return catalogue.translateLongest(singular) ?? (n == 1 ? singular : plural) }
        guard started, let loaded else { return n == 1 ? singular : plural }
        return loaded.translate(singular, count: max(0, n)) ?? (n == 1 ? singular : plural)
    }

    /// The language in use, as its catalogue names itself ("de", "ja"; "en" without one).
    public static var language: String {
        // translators: your language's code, as the catalogue's file name has it (de, fr, pt_BR, ja, …)
        let code = translate(N_("en"))
        return code.isEmpty ? "en" : code
    }

    /// `items` in a list, with the language's separator ("auto, Machado" in English,
    /// "自動、Machado" in Japanese).
    public static func list(_ items: [String]) -> String {
        // translators: what separates the items of a list: ", " (Japanese: "、")
        items.joined(separator: translate(N_(", ")))
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
