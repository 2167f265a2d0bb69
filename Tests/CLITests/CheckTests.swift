import CVDCore
import CVDImageIO
import Foundation
import Testing

/// `cvdcam check` as a teacher or a course's CI runs it: reports, JSON lines, the marked
/// picture, exit statuses 0 / 1 / 2, and the same clear errors as `convert`.
@Suite struct CheckTests {
    /// A chart: white paper, bars in `colours`, written as JPEG at quality 70 (a worksheet
    /// photographed and saved small) or PNG.
    static func chart(_ colours: [RGB8], _ path: String, jpegQuality: Int? = nil) throws {
        var img = RGBAImage(width: 900, height: 600, fill: RGB8(255, 255, 255))
        for (i, c) in colours.enumerated() {
            for y in (150 + i * 40)..<560 {
                for x in (80 + i * 260)..<(80 + i * 260 + 180) { img[x, y] = c }
            }
        }
        if let q = jpegQuality {
            try ImageFile.write(img, to: path, jpegQuality: q)
        } else {
            try ImageFile.write(img, to: path)
        }
    }

    static let redGreenBlue = [RGB8(0xD6, 0x27, 0x28), RGB8(0x2C, 0xA0, 0x2C), RGB8(0x1F, 0x77, 0xB4)]
    static let okabeIto = [RGB8(0xE6, 0x9F, 0x00), RGB8(0x56, 0xB4, 0xE9), RGB8(0x00, 0x72, 0xB2)]

    @Test func aRedGreenChartIsAtRiskInDeuteranopia() throws {
        let dir = CLI.tempDir()
        let path = dir + "/chart.jpg"
        try Self.chart(Self.redGreenBlue, path, jpegQuality: 70)
        let r = try CLI.run(["check", path, "--mode", "deuteranopia", "--marked", dir + "/marked.png"])
        #expect(r.status == 1, "a pair at risk: status 1; \(r.stderr)")
        #expect(r.stdout.contains("deuteranopia: 1 pair at risk"), "\(r.stdout)")
        #expect(r.stdout.contains("green #") && r.stdout.contains("red #"), "\(r.stdout)")
        // A replacement from the palettes or the colour's own hue, lighter or darker.
        #expect(
            r.stdout.contains("instead:")
                && ["Okabe–Ito", "Dark2", "the same hue"].contains(where: { r.stdout.contains($0) }),
            "\(r.stdout)")
        #expect(r.stdout.contains("wrote \(dir)/marked.png"), "\(r.stdout)")
        let marked = try ImageFile.read(dir + "/marked.png")
        let original = try ImageFile.read(path)
        #expect(marked.width == original.width && marked.pixels != original.pixels, "the marks are drawn")
    }

    @Test func aSafePaletteExitsZero() throws {
        let dir = CLI.tempDir()
        let path = dir + "/safe.png"
        try Self.chart(Self.okabeIto, path)
        let r = try CLI.run(["check", path, "--mode", "deutan"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("deuteranopia: safe") && r.stdout.contains("verdict: safe"), "\(r.stdout)")
    }

    @Test func jsonLinesForScripts() throws {
        let dir = CLI.tempDir()
        let path = dir + "/chart.png"
        try Self.chart(Self.redGreenBlue, path)
        let r = try CLI.run(["check", path, "--json"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{\"") && $0.hasSuffix("}") }, "\(r.stdout)")
        #expect(lines.filter { $0.contains("\"kind\":\"region\"") }.count == 4, "three bars and the paper")
        #expect(lines.filter { $0.contains("\"kind\":\"mode\"") }.count == 5, "the forms a class has")
        #expect(
            lines.last?.contains("\"kind\":\"verdict\"") == true
                && lines.last?.contains("\"verdict\":\"at risk\"") == true)
        #expect(lines.contains { $0.contains("\"kind\":\"pair\"") && $0.contains("\"mode\":\"deuteranopia\"") })
        #expect(lines.contains { $0.contains("\"kind\":\"suggestion\"") })
    }

    @Test func badInputIsStatusTwoAndTheRestIsChecked() throws {
        let dir = CLI.tempDir()
        let good = dir + "/good.png"
        try Self.chart(Self.okabeIto, good)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let r = try CLI.run(["check", dir + "/missing.png", dir + "/bad.png", good, "--mode", "protanopia"])
        #expect(r.status == 2, "a file could not be read: \(r.stderr)")
        #expect(r.stderr.contains("missing.png") && r.stderr.contains("bad.png"), "\(r.stderr)")
        #expect(r.stdout.contains("good.png: ") && r.stdout.contains("protanopia: safe"), "\(r.stdout)")
        let unknown = try CLI.run(["check", good, "--mode", "greenblind"])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown mode 'greenblind'"), "\(unknown.stderr)")
        let selfMark = try CLI.run(["check", good, "--marked", good])
        #expect(selfMark.status != 0 && selfMark.stderr.contains("is the picture being checked"), "\(selfMark.stderr)")
        #expect(selfMark.stdout.isEmpty, "refused before the check is made: \(selfMark.stdout)")
    }

    @Test func theRecolouredPictureIsSafe() throws {
        let dir = CLI.tempDir()
        let path = dir + "/chart.png"
        try Self.chart(Self.redGreenBlue, path)
        let r = try CLI.run(["check", path, "--mode", "deuteranopia", "--recoloured", dir + "/fixed.png"])
        #expect(r.status == 1 && r.stdout.contains("wrote \(dir)/fixed.png"), "\(r.stdout)\(r.stderr)")
        let again = try CLI.run(["check", dir + "/fixed.png", "--mode", "deuteranopia"])
        #expect(again.status == 0 && again.stdout.contains("deuteranopia: safe"), "\(again.stdout)")
        let two = try CLI.run(["check", path, path, "--recoloured", dir + "/x.png"])
        #expect(two.status != 0 && two.stderr.contains("--recoloured takes one picture"), "\(two.stderr)")
    }
}
