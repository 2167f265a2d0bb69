/// A compiled catalogue (`cvdcam.mo`, what msgfmt writes) read without gettext: glibc 2.41
/// (Debian 13) no longer takes `LANGUAGE` under the C.UTF-8 locale a minimal system or a
/// kiosk falls back to, so the window would stay English there; reading the file here
/// does not depend on the C library's locale rules.
extension Catalogue {
    /// The file's bytes: a header (magic 0x950412de in either byte order, revision 0, the
    /// count N, and the offsets of two tables of N (length, offset) pairs: the msgids and
    /// their translations), each string NUL-terminated; a plural msgid is "one\0other", its
    /// translation the forms joined by NULs. The header entry (msgid "") gives the plural rule.
    public init(mo bytes: [UInt8]) throws(CatalogueError) {
        self.init()
        func fail(_ what: String) -> CatalogueError {
            CatalogueError(line: 0, what: "not a gettext catalogue: \(what)")
        }
        guard bytes.count >= 20 else { throw fail("shorter than its header") }
        func word(_ at: Int, _ bigEndian: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for k in 0..<4 {
                let byte = UInt32(bytes[at + (bigEndian ? k : 3 - k)])
                value = value << 8 | byte
            }
            return Int(value)
        }
        let big: Bool
        switch word(0, false) {
        case 0x9504_12de: big = false
        case 0xde12_0495: big = true
        default: throw fail("wrong magic number")
        }
        guard let revision = word(4, big), revision >> 16 == 0, let n = word(8, big), let originals = word(12, big),
            let translations = word(16, big), n <= bytes.count / 8
        else { throw fail("a header it cannot use") }
        /// The string the table entry at `table` + 8 × `k` points to, split at NULs.
        func strings(_ table: Int, _ k: Int) throws(CatalogueError) -> [String] {
            guard let length = word(table + 8 * k, big), let offset = word(table + 8 * k + 4, big),
                offset + length <= bytes.count
            else { throw fail("string \(k) lies outside the file") }
            return bytes[offset..<(offset + length)].split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        for k in 0..<n {
            let id = try strings(originals, k)
            let forms = try strings(translations, k)
            guard let first = id.first else { continue }
            if first.isEmpty {
                // The header: "Plural-Forms: nplurals=…; plural=…;" among its lines.
                for line in (forms.first ?? "").split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
                    if let rule = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) { plural = rule }
                }
                continue
            }
            entries[first] = forms
        }
    }
}
