import CVDSystem
import Testing

/// The one escaping (`PathName.shown`): every unsafe character shown as its bytes, a
/// backslash doubled, and the bytes given back exactly (`unshown`).
@Suite struct ShownTests {
    /// A name's bytes as cvdcam holds them (`PathName.decoded`: bytes that are not UTF-8 kept).
    static func name(_ bytes: [UInt8]) -> String { bytes.withUnsafeBufferPointer { PathName.decoded($0) } }

    @Test func everyUnsafeCharacterIsShownAsItsBytes() {
        let cases: [(String, String)] = [
            ("\u{1B}[31mred\u{1B}[0m.png", "\\x1B[31mred\\x1B[0m.png"),
            ("two\nlines\r.png", "two\\x0Alines\\x0D.png"),
            ("tab\there\u{7F}", "tab\\x09here\\x7F"),
            ("csi\u{9B}31m", "csi\\xC2\\x9B31m"),
            ("c1 \u{80} \u{9F}", "c1 \\xC2\\x80 \\xC2\\x9F"),
            ("line\u{2028}sep\u{2029}", "line\\xE2\\x80\\xA8sep\\xE2\\x80\\xA9"),
            ("gnp.\u{202E}exe", "gnp.\\xE2\\x80\\xAEexe"),
            ("isolate\u{2066}x\u{2069}", "isolate\\xE2\\x81\\xA6x\\xE2\\x81\\xA9"),
            ("back\\slash", "back\\\\slash"),
            ("café 写真 ΔE.png", "café 写真 ΔE.png"),
            (Self.name(Array("caf".utf8) + [0xE9] + Array(".png".utf8)), "caf\\xE9.png"),
            ("caf\\xE9.png", "caf\\\\xE9.png"),
        ]
        for (raw, shown) in cases {
            #expect(PathName.shown(raw) == shown, "\(Array(raw.utf8))")
            #expect(PathName.unshown(shown) == PathName.bytes(raw), "\(shown) gives back the bytes")
            #expect(
                !PathName.shown(raw).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func aLatin1NameAndItsLiteralLookAlikeNever() {
        let latin1 = Self.name(Array("caf".utf8) + [0xE9] + Array(".png".utf8))
        #expect(PathName.shown(latin1) != PathName.shown("caf\\xE9.png"))
    }

    @Test func unshownRefusesWhatNoShownTextIs() {
        #expect(PathName.unshown("a\\") == nil)
        #expect(PathName.unshown("a\\q") == nil)
        #expect(PathName.unshown("a\\xZ1") == nil)
        #expect(PathName.unshown("a\\x4") == nil)
    }

    @Test func safeLineEscapesControlsButKeepsLinesAndShownText() {
        #expect(PathName.safeLine("wrote a.png\n") == "wrote a.png\n")
        #expect(PathName.safeLine("a\tb") == "a\tb")
        #expect(PathName.safeLine("x\u{1B}]0;title\u{7}") == "x\\x1B]0;title\\x07")
        #expect(PathName.safeLine("csi\u{9B}") == "csi\\xC2\\x9B")
        #expect(PathName.safeLine("caf\\xE9.png") == "caf\\xE9.png", "shown text is left as it is")
        #expect(PathName.safeLine(Self.name([0x61, 0xFF])) == "a\\xFF")
    }
}
