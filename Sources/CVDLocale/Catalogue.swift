/// A translation table held in memory: what a `.po` file says, read without gettext
/// (`Catalogue(po:)`). The layout tests lay out every label in every language with it
/// (`Localization.$catalogue.withValue`), each test in its own task, the others English.
public struct Catalogue: Sendable {
    /// msgid → its forms (one, or the plural forms in the language's order).
    public internal(set) var entries: [String: [String]] = [:]
    /// Which form a count takes (from a `.mo` file's header; a `.po` read here keeps
    /// English's, and labels use the longest form: `translateLongest`).
    public internal(set) var plural = PluralRule.oneOther

    init() {}

    /// The form of `singular` for `n`, nil where the catalogue has none.
    public func translate(_ singular: String, count n: Int) -> String? {
        guard let forms = entries[singular], !forms.isEmpty else { return nil }
        let k = min(plural.form(n), forms.count - 1)
        return forms[k].isEmpty ? nil : forms[k]
    }

    /// The translation of `text`, nil where the catalogue has none.
    public func translate(_ text: String) -> String? {
        entries[text].flatMap(\.first).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// For a count: the longest of the language's plural forms (the one a label must fit),
    /// nil where the catalogue has none.
    public func translateLongest(_ singular: String) -> String? {
        entries[singular]?.filter { !$0.isEmpty }.max { $0.count < $1.count }
    }

    /// Reads a `.po` file's text: msgid, msgid_plural, msgstr and msgstr[N], each a run of
    /// quoted strings with C escapes; comments, fuzzy entries and the header are left out.
    public init(po text: String) throws(CatalogueError) {
        var msgid: String?
        var forms: [Int: String] = [:]
        var fuzzy = false
        var current: (field: String, index: Int)?
        var lineNumber = 0
        func finish() {
            if let id = msgid, !id.isEmpty, !fuzzy, !forms.isEmpty {
                entries[id] = forms.keys.sorted().map { forms[$0] ?? "" }
            }
            msgid = nil
            forms = [:]
            fuzzy = false
            current = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("#") {
                if line.hasPrefix("#,"), line.contains("fuzzy") { fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let c = current else { throw CatalogueError(line: lineNumber) }
                let s = try Self.unquote(line, lineNumber)
                if c.field == "msgid" {
                    msgid = (msgid ?? "") + s
                } else if c.field == "msgstr" {
                    forms[c.index, default: ""] += s
                }
                continue
            }
            guard let space = line.firstIndex(of: " ") else { throw CatalogueError(line: lineNumber) }
            let keyword = String(line[..<space])
            let value = try Self.unquote(line[line.index(after: space)...], lineNumber)
            switch keyword {
            case "msgid":
                if msgid != nil, !forms.isEmpty { finish() }
                msgid = value
                current = ("msgid", 0)
            case "msgid_plural":
                current = ("plural", 0)
            case "msgstr":
                forms[0] = value
                current = ("msgstr", 0)
            case "msgctxt":
                current = ("context", 0)
            default:
                guard keyword.hasPrefix("msgstr["), let n = Int(keyword.dropFirst(7).dropLast()) else {
                    throw CatalogueError(line: lineNumber)
                }
                forms[n] = value
                current = ("msgstr", n)
            }
        }
        finish()
    }

    static func unquote(_ s: Substring, _ line: Int) throws(CatalogueError) -> String {
        let t = s.trimmingPrefix(while: { $0 == " " })
        guard t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2 else { throw CatalogueError(line: line) }
        var out = ""
        var escaped = false
        for c in t.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c) // \" and \\
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}

/// A `.po` line cvdcam cannot read, or a `.mo` file that is not one.
public struct CatalogueError: Error, CustomStringConvertible {
    public let line: Int
    /// What is wrong with a `.mo` file (nil for a `.po` line).
    public var what: String?

    public init(line: Int, what: String? = nil) {
        (self.line, self.what) = (line, what)
    }

    public var description: String { what ?? "line \(line) of the catalogue is not a .po line" }
}
