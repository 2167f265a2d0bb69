/// The one way cvdcam shows a string it did not write itself — a path, a monitor's, a
/// camera's or a device's name — in every line: on the terminal, in the lines for scripts,
/// in `--json` and in the window. Such a string may hold anything its bytes can: an escape
/// sequence that would recolour or clear the terminal, a newline that would forge a second
/// line, C1 controls (U+0080–U+009F: U+009B is a terminal's CSI), bytes that are not UTF-8.
///
/// The rule, as `ls --quoting-style=escape` has it: a backslash is shown doubled (`\\`),
/// and every byte of what is not safe to show is shown as `\xNN` — a byte that is not part
/// of valid UTF-8 (a Latin-1 `é` is `\xE9`), and the UTF-8 bytes of C0 controls (newline,
/// tab, ESC), DEL, C1 controls (U+009B is `\xC2\x9B`), the line and paragraph separators
/// (U+2028, U+2029) and the bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069, which reorder what follows them on screen). Everything else is shown as
/// itself (`café.png`, `写真.png`). So the shown text is one line of printable characters,
/// and it gives back the string's bytes exactly (`unshown`): a file literally named
/// `caf\xE9.png` is shown `caf\\xE9.png`, never like the Latin-1 `café.png`.
extension PathName {
    /// `text` as people and scripts see it (see above).
    public static func shown(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            if s.value >= byteBase, s.value <= byteBase + 0xFF {
                out += "\\x" + hex(UInt8(s.value - byteBase))
            } else if s == "\\" {
                out += "\\\\"
            } else if isUnsafe(s) {
                for b in String(s).utf8 { out += "\\x" + hex(b) }
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// The bytes a `shown` text stands for (`shown`'s inverse); nil when it is not one (a
    /// lone backslash, `\x` without two hex digits).
    public static func unshown(_ shown: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Substring(shown).utf8[...]
        while let b = rest.first {
            rest = rest.dropFirst()
            guard b == UInt8(ascii: "\\") else {
                bytes.append(b)
                continue
            }
            switch rest.first {
            case UInt8(ascii: "\\"):
                bytes.append(b)
                rest = rest.dropFirst()
            case UInt8(ascii: "x"):
                guard rest.count >= 3,
                    let v = UInt8(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(v)
                rest = rest.dropFirst(3)
            default: return nil
            }
        }
        return bytes
    }

    /// A line cvdcam assembled, made safe at the last moment before it is written (the
    /// terminal's and the lines for scripts' writers call it): every control but the
    /// newlines that end lines and the tabs that lay out tables, and every byte stand-in,
    /// shown as in `shown` — backslashes are left as they are, since the parts the user gave
    /// were shown already. Only a string that missed `shown` has anything to escape here.
    public static func safeLine(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { needsEscapeInLine($0) }) else { return line }
        var out = ""
        for s in line.unicodeScalars {
            guard needsEscapeInLine(s) else {
                out.unicodeScalars.append(s)
                continue
            }
            if s.value >= byteBase {
                out += "\\x" + hex(UInt8(s.value - byteBase))
            } else {
                for b in String(s).utf8 { out += "\\x" + hex(b) }
            }
        }
        return out
    }

    private static func needsEscapeInLine(_ s: Unicode.Scalar) -> Bool {
        s != "\n" && s != "\t" && (isUnsafe(s) || (s.value >= byteBase && s.value <= byteBase + 0xFF))
    }

    /// C0 controls, DEL, C1 controls, the line and paragraph separators, the bidirectional
    /// embeddings, overrides and isolates.
    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}
