/// The Adobe / DaVinci Resolve .cube text format (Adobe's "Cube LUT Specification 1.0"):
/// a title, `LUT_3D_SIZE N`, the domain, then N³ lines "R G B" with red changing fastest,
/// then green, then blue. OBS, ffmpeg (lut3d), Resolve and GIMP (G'MIC) read it.
public enum CubeFile {
    public static func text(_ lut: ColourLUT, title: String, comments: [String] = []) -> String {
        var s = comments.map { "# \($0)\n" }.joined()
        s += "TITLE \"\(String(title.map { $0 == "\"" ? "'" : $0 }))\"\n"
        s += "LUT_3D_SIZE \(lut.size)\n"
        s += "DOMAIN_MIN 0.0 0.0 0.0\nDOMAIN_MAX 1.0 1.0 1.0\n"
        s.reserveCapacity(s.utf8.count + lut.values.count * 9)
        for i in stride(from: 0, to: lut.values.count, by: 3) {
            s += "\(fixed(lut.values[i])) \(fixed(lut.values[i + 1])) \(fixed(lut.values[i + 2]))\n"
        }
        return s
    }

    /// 0…1 with six decimals (a millionth: far below one 8-bit level).
    static func fixed(_ x: Double) -> String {
        let micro = Int((min(max(x, 0), 1) * 1_000_000).rounded())
        let whole = micro / 1_000_000
        let frac = String(micro % 1_000_000)
        return "\(whole)." + String(repeating: "0", count: 6 - frac.count) + frac
    }

    /// Reads a 3D .cube file (for tests and checks): size and values; nil if malformed.
    public static func parse(_ text: String) -> ColourLUT? {
        var size: Int?
        var values: [Double] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var t = line.drop(while: \.isWhitespace)
            while t.last?.isWhitespace == true { t.removeLast() }
            if t.isEmpty || t.hasPrefix("#") || t.hasPrefix("TITLE") || t.hasPrefix("DOMAIN_") { continue }
            if t.hasPrefix("LUT_3D_SIZE") {
                size = Int(t.split(separator: " ").last ?? "")
                continue
            }
            let parts = t.split(separator: " ").compactMap { Double($0) }
            guard parts.count == 3 else { return nil }
            values += parts
        }
        guard let n = size, n >= 2, values.count == 3 * n * n * n else { return nil }
        return ColourLUT(size: n, values: values)
    }
}
