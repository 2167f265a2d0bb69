import CVDLocale

/// Every key of the live view, written once: the help sheet (`h`), `cvdcam keys`, the
/// README's keys table and the man page's KEYS section are all made from this list
/// (`KeyGuideTests` checks that each key it names is bound, and the README's table is
/// `cvdcam keys --markdown`, checked by `KeysTableTests`).
public struct KeyGuide: Sendable {
    /// The help sheet's sections.
    public enum Group: Sendable, CaseIterable {
        /// Modes, zoom, layouts, the window.
        case looking
        /// Probes, the confusion map, captions, the assist, the virtual camera.
        case teaching
        /// Colour balance, which camera.
        case camera
        /// The document camera: turn, mirror, straighten the page.
        case document
    }

    public let group: Group
    /// The keys as the help sheet shows them: "1 – 8", "f  Shift+F"; empty for a key the
    /// sheet names on another one's line (Shift+F with f, 0 with the arrows).
    public let sheetKeys: String
    /// What they do, in the few words the help sheet has room for (untranslated; a `%s`
    /// stands for `listing`).
    public let sheet: String
    /// Terms listed in the sheet's `%s`, each an English msgid (`N_`) translated when shown
    /// (`sheetLine`): the `m` key's models, from `ModelKind.selectable`, so a new model is
    /// named without a new string.
    public let listing: [String]
    /// The keys as the table (Markdown) writes them: "`1` … `8` (top row or keypad)".
    public let tableKeys: String
    /// What they do, in full (Markdown): the README's and the man page's words.
    public let table: String
    /// The keys that do it, for the check that each is bound (`Command.forKey`).
    public let keys: [Key]

    init(
        _ group: Group, _ sheetKeys: String, _ sheet: String, listing: [String] = [], table tableKeys: String,
        _ table: String, keys: [Key]
    ) {
        self.group = group
        self.sheetKeys = sheetKeys
        self.sheet = sheet
        self.listing = listing
        self.tableKeys = tableKeys
        self.table = table
        self.keys = keys
    }

    /// What the keys do as the help sheet says it, in the window's language.
    public var sheetLine: String {
        listing.isEmpty ? tr(sheet) : tr(sheet, Localization.list(listing.map { tr($0) }))
    }

    /// The help sheet's lines of one group, in the window's language: keys, what they do.
    public static func sheetLines(_ group: Group) -> [(String, String)] {
        all.filter { $0.group == group && !$0.sheetKeys.isEmpty }.map { (tr($0.sheetKeys), $0.sheetLine) }
    }

    /// The keys table in Markdown, as the README has it between its `keys:begin` and
    /// `keys:end` markers.
    public static var markdownTable: String {
        (["| key | does |", "|---|---|"]
            + all.map { "| \($0.tableKeys) | \($0.table.replacing("|", with: "\\|")) |" })
            .joined(separator: "\n")
    }

    /// The keys as plain text, one per line: what `cvdcam keys` prints.
    public static var plainText: String {
        Group.allCases.map { g in
            all.filter { $0.group == g }.map { e in
                let keys = e.tableKeys.replacing("`", with: "")
                let does = e.table.replacing("`", with: "").replacing("**", with: "")
                return keys + "\n    " + does
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
