import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Files as a person has them: a chart saved in ProPhoto with its profile, a phone photo
/// turned by its EXIF orientation, a profile that cannot be read — checked and converted as
/// they are meant to be seen (ImageMagick and exiftool make the files).
@Suite struct CheckEmbeddedTests {
    static let profiles = "/usr/share/color/icc/colord"

    static func tool(_ name: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(name) \(args)")
    }

    /// The lines that name the colours: "chart.png: 4 colours — white 71 %, red 13 %, …".
    static func colours(_ report: String) -> String {
        String(report.split(separator: "\n").first?.drop { $0 != ":" } ?? "")
    }

    /// The red/green/blue chart saved in ProPhoto (8 bits, the profile embedded): the check
    /// finds the colours of the sRGB original, named alike and within 4 levels (8-bit
    /// ProPhoto's rounding; 8 for the JPEG, whose compression in ProPhoto's numbers moves dark
    /// values further), and the same pair at risk; without the profile the red read as brown
    /// and the green as dark green.
    @Test(arguments: ["png", "jpg"]) func aProPhotoChartIsCheckedInItsOwnColours(format: String) throws {
        let dir = CLI.tempDir()
        let original = dir + "/chart.png"
        try CheckTests.chart(CheckTests.redGreenBlue, original)
        let wide = dir + "/prophoto." + format
        try Self.tool(
            "convert",
            [
                original, "-profile", Self.profiles + "/sRGB.icc", "-profile", Self.profiles + "/ProPhotoRGB.icc",
                "-depth", "8",
                "-quality", "97", wide,
            ])
        let a = try CLI.run(["check", original, "--mode", "deuteranopia"])
        let b = try CLI.run(["check", wide, "--mode", "deuteranopia"])
        #expect(a.status == 1 && b.status == 1, "\(b.stdout)\(b.stderr)")
        #expect(b.stderr.isEmpty, "\(b.stderr)")
        let names = { (s: String) in s.replacing(/#[0-9A-F]{6}/, with: "#") }
        #expect(names(Self.colours(a.stdout)) == names(Self.colours(b.stdout)), "\(a.stdout)\n\(b.stdout)")
        #expect(Self.colours(b.stdout).contains("red") && !Self.colours(b.stdout).contains("brown"), "\(b.stdout)")
        // The hex values of the pair at risk, each channel within 3 levels of the original's.
        let hex = { (s: String) in s.matches(of: /#([0-9A-F]{6})/).map { UInt32($0.1, radix: 16)! } }
        let (ha, hb) = (hex(a.stdout), hex(b.stdout))
        #expect(ha.count == hb.count && ha.count >= 2, "\(a.stdout)\n\(b.stdout)")
        for (x, y) in zip(ha, hb) {
            #expect(Self.within(format == "png" ? 4 : 8, x, y), "#\(String(x, radix: 16)) vs #\(String(y, radix: 16))")
        }
        // `convert` gives the sRGB colours too.
        let c = try CLI.run(["convert", wide, dir + "/out.png", "--mode", "normal"])
        #expect(c.status == 0, "\(c.stderr)")
        let out = try ImageFile.read(dir + "/out.png")
        let p = out[170, 400]
        #expect(abs(Int(p.r) - 0xD6) <= 3 && abs(Int(p.g) - 0x27) <= 3 && abs(Int(p.b) - 0x28) <= 3, "\(p)")
    }

    /// Whether two colours as 0xRRGGBB are within `levels` of each other in every channel.
    static func within(_ levels: Int, _ a: UInt32, _ b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let ca = Int((a >> shift) & 0xFF)
            let cb = Int((b >> shift) & 0xFF)
            if abs(ca - cb) > levels { return false }
        }
        return true
    }

    /// A photo stored on its side with orientation 6 (turn a quarter clockwise): the positions
    /// are those of the upright picture, and --marked is upright.
    @Test func positionsAreThoseOfTheTurnedPhoto() throws {
        let dir = CLI.tempDir()
        // Stored: red at the top left, green at the bottom left; upright they are at the top
        // right and the top left.
        var stored = RGBAImage(width: 900, height: 600, fill: RGB8(255, 255, 255))
        for y in 60..<220 { for x in 60..<260 { stored[x, y] = RGB8(0xD6, 0x27, 0x28) } }
        for y in 380..<540 { for x in 60..<260 { stored[x, y] = RGB8(0x2C, 0xA0, 0x2C) } }
        let photo = dir + "/photo.jpg"
        try ImageFile.write(stored, to: photo, jpegQuality: 95)
        try Self.tool("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", photo])
        let r = try CLI.run(["check", photo, "--mode", "deuteranopia", "--marked", dir + "/marked.png"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("(area, top right)") && r.stdout.contains("(area, top left)"), "\(r.stdout)")
        #expect(!r.stdout.contains("bottom left"), "\(r.stdout)")
        let marked = try ImageFile.read(dir + "/marked.png")
        #expect((marked.width, marked.height) == (600, 900), "--marked is upright")
    }

    /// A file whose profile cannot be read gets one warning line; it and the other files are
    /// checked, and the status is the verdicts'.
    @Test func anUnreadableProfileIsOneLineAndTheRestIsChecked() throws {
        let dir = CLI.tempDir()
        let good = dir + "/good.png"
        try CheckTests.chart(CheckTests.okabeIto, good)
        let bad = dir + "/bad.jpg"
        try Self.tool("convert", [good, "-profile", Self.profiles + "/ProPhotoRGB.icc", "-quality", "95", bad])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: bad)))
        let marker: [UInt8] = Array("ICC_PROFILE".utf8) + [0, 1, 1]
        let start = try #require((0..<(bytes.count - 14)).first { bytes[$0..<($0 + 14)].elementsEqual(marker) })
        let at = start + 14 + 36
        bytes.replaceSubrange(at..<(at + 4), with: Array("nope".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: bad))
        let r = try CLI.run(["check", bad, good, "--mode", "protanopia"])
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(
            lines.first?.hasPrefix(
                "cvdcam: warning: 'bad.jpg' has a colour profile (ICC) that cannot be used: it is damaged")
                == true, "\(r.stderr)")
        #expect(r.stdout.contains("bad.jpg: ") && r.stdout.contains("good.png: "), "\(r.stdout)")
        #expect(r.status == 0, "both safe: \(r.stdout)")
        let c = try CLI.run(["convert", bad, dir + "/out.png", "--mode", "deutan"])
        #expect(c.status == 0 && c.stderr.contains("that cannot be used"), "\(c.stderr)")
    }
}
