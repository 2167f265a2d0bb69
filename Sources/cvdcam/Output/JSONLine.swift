/// One JSON object per line, keys sorted (what `--json` prints; JSONSerialization is in
/// Foundation, which cvdcam does not link). Values: String, Int, Double, Bool.
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

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
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
