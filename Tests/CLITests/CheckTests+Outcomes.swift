import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The same input gives the same output, byte for byte; every outcome its own status (3 not
/// fully checked, 4 not written); what a transparent area hides is never a colour.
extension CheckTests {
    @Test func theSameInputGivesTheSameBytesEveryRun() throws {
        let dir = CLI.tempDir()
        let path = dir + "/chart.jpg"
        // Five bars (two pairs at risk, replacements to choose) saved as a JPEG: noise too.
        try Self.chart(
            Self.redGreenBlue + [RGB8(0xFF, 0x7F, 0x0E), RGB8(0x8C, 0x56, 0x4B)], path, jpegQuality: 70)
        var runs: [[Data]] = []
        for _ in 0..<3 {
            let text = try CLI.run(["check", path])
            let json = try CLI.run(
                ["check", path, "--json", "--marked", dir + "/m.png", "--recoloured", dir + "/r.png"])
            #expect(text.status == 1 && json.status == 1, "\(text.stdout)\(json.stderr)")
            runs.append([
                Data(text.stdout.utf8), Data(json.stdout.utf8),
                try Data(contentsOf: URL(fileURLWithPath: dir + "/m.png")),
                try Data(contentsOf: URL(fileURLWithPath: dir + "/r.png")),
            ])
        }
        for (i, name) in ["report", "JSON lines", "--marked", "--recoloured"].enumerated() {
            #expect(runs[1][i] == runs[0][i] && runs[2][i] == runs[0][i], "\(name) differs between runs")
        }
    }

    @Test func shadingIsNotFullyCheckedWithStatusThree() throws {
        let dir = CLI.tempDir()
        let path = dir + "/ramp.png"
        // A red → green ramp across most of the page: shading, not judged, never "safe".
        var img = RGBAImage(width: 900, height: 600, fill: RGB8(255, 255, 255))
        for y in 100..<500 {
            for x in 100..<800 {
                let t = Double(x - 100) / 699
                img[x, y] = RGB8(UInt8(214 - 170 * t), UInt8(39 + 121 * t), UInt8(40 + 4 * t))
            }
        }
        try ImageFile.write(img, to: path)
        let r = try CLI.run(["check", path])
        #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("verdict: not fully checked"), "\(r.stdout)")
        let json = try CLI.run(["check", path, "--json"])
        #expect(json.status == 3 && json.stdout.contains("\"safe\":false"), "\(json.stdout)")
    }

    @Test func whatCannotBeWrittenIsStatusFour() throws {
        let dir = CLI.tempDir()
        let safe = dir + "/safe.png"
        let risky = dir + "/risky.png"
        try Self.chart(Self.okabeIto, safe)
        try Self.chart(Self.redGreenBlue, risky)
        for args in ["check '\(safe)' --json", "check '\(risky)'"] {
            let r = try NothingLostTests.shell("\"$CVDCAM\" \(args) > /dev/full")
            #expect(r.status == 4, "\(args) > /dev/full: status \(r.status)")
            #expect(r.stderr.contains("cannot write to standard output"), "\(r.stderr)")
        }
        let marked = try CLI.run(["check", safe, "--marked", dir + "/no/such/folder/m.png", "--mode", "deutan"])
        #expect(marked.status == 4, "a --marked that cannot be written: status \(marked.status)")
        #expect(marked.stderr.contains("m.png"), "\(marked.stderr)")
        // 4 before 2 before 1: the first that applies.
        let mixed = try NothingLostTests.shell("\"$CVDCAM\" check '\(risky)' '\(dir)/missing.png' > /dev/full")
        #expect(mixed.status == 4, "\(mixed.stderr)")
        let unread = try CLI.run(["check", risky, dir + "/missing.png"])
        #expect(unread.status == 2, "2 before 1: \(unread.stderr)")
    }

    @Test func transparentPartsAreJudgedOnWhitePaper() throws {
        let dir = CLI.tempDir()
        let path = dir + "/cut-out.png"
        // A red bar on white; beside it a fully transparent area whose hidden colour is green.
        var img = RGBAImage(width: 900, height: 600, fill: RGB8(255, 255, 255))
        for y in 150..<560 {
            for x in 80..<260 { img[x, y] = RGB8(0xD6, 0x27, 0x28) }
            for x in 340..<520 {
                let o = (y * img.width + x) * 4
                (img.pixels[o], img.pixels[o + 1], img.pixels[o + 2], img.pixels[o + 3]) = (0x2C, 0xA0, 0x2C, 0)
            }
        }
        try ImageFile.write(img, to: path)
        #expect(try ImageFile.read(path).pixels[(200 * 900 + 400) * 4 + 3] == 0, "the file keeps its alpha")
        let r = try CLI.run(["check", path, "--mode", "deuteranopia"])
        #expect(r.status == 0, "the hidden green is no colour: \(r.stdout)")
        #expect(r.stdout.contains("2 colours") && !r.stdout.contains("green"), "\(r.stdout)")
    }
}
