import CVDSystem

/// One JSON object per line, keys sorted (what `--json` prints; JSONSerialization is in
/// Foundation, which cvdcam does not link). Values: String, Int, Double, Bool.
///
/// A string the user gave (a file's name) goes in as `PathName.shown` makes it — the same
/// text the terminal shows, so `"caf\\xE9.png"` (a Latin-1 name's byte) and
/// `"caf\\\\xE9.png"` (a name with a backslash in it) differ, and `PathName.unshown` of
/// the decoded value gives back the name's bytes. Any other string is made safe as the
/// terminal's lines are (`PathName.safeLine`: a control but newline and tab, or a byte that
/// is not UTF-8, as `\xNN`), so a line is one line of printable text wherever it is shown.
enum JSONLine {
    static func encode(_ object: [String: Any]) -> String {
        "{" + object.keys.sorted().map { quoted($0) + ":" + value(object[$0]!) }.joined(separator: ",") + "}"
    }

    private static func value(_ v: Any) -> String {
        switch v {
        case let s as String: quoted(s)
        case let b as Bool: b ? "true" : "false"
        case let i as Int: String(i)
        case let d as Double: d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        default: quoted("\(v)")
        }
    }

    static func quoted(_ s: String) -> String {
        // A byte's stand-in that missed `shown` is shown now (never a private-use character).
        let text = PathName.safeLine(s)
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
