import CVDCore
import CVDImageIO
import Foundation
import Testing

/// A chart saved as JPEG (libjpeg-turbo, quality 75, chroma at half resolution: what most
/// programs and cameras write) gets the verdict its PNG gets: the colours drawn are the same.
/// Before the check took the rows JPEG leaves where a bar meets the axis or the paper for
/// what they are (`PixelColours.absorbBorders`), they were colours of their own ("dark red,
/// lines 1 px") and pairs at risk with the black axis: ColorBrewer's Reds, rated safe, was
/// "at risk" as a JPEG. scripts/check-agreement --jpeg measures it on 470 palettes.
extension CheckTests {
    /// A bar chart as chart programs draw one: bars standing on a 2-pixel black axis, on
    /// white paper, with a title of thin black strokes.
    static func barChart(_ colours: [RGB8]) -> RGBAImage {
        var img = RGBAImage(width: 960, height: 640, fill: RGB8(255, 255, 255))
        let slot = 880 / colours.count
        for (i, c) in colours.enumerated() {
            for y in (200 + (i * 97 % 5) * 50)..<580 {
                for x in (60 + i * slot + slot / 7)..<(60 + i * slot + slot * 6 / 7) { img[x, y] = c }
            }
        }
        for y in 580..<582 { for x in 50..<930 { img[x, y] = RGB8(25, 25, 25) } }
        for word in 0..<5 {
            for y in 40..<42 { for x in (60 + word * 70)..<(110 + word * 70) { img[x, y] = RGB8(25, 25, 25) } }
        }
        return img
    }

    /// The verdict line of `check --json` for a picture.
    static func verdict(_ path: String) throws -> (status: Int32, verdict: String, regions: [String]) {
        let r = try CLI.run(["check", path, "--json", "--mode", "protanopia,deuteranopia,protanomaly,deuteranomaly"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let verdict = lines.first { $0.contains("\"kind\":\"verdict\"") } ?? r.stderr
        return (r.status, verdict, lines.filter { $0.contains("\"kind\":\"region\"") })
    }

    @Test(arguments: [
        // ColorBrewer Reds (5), rated colour-blind safe; its darkest red against the axis.
        ("Reds", ["#FEE5D9", "#FCAE91", "#FB6A4A", "#DE2D26", "#A50F15"], "safe"),
        // ColorBrewer RdBu (5), rated safe.
        ("RdBu", ["#CA0020", "#F4A582", "#F7F7F7", "#92C5DE", "#0571B0"], "safe"),
        // Okabe & Ito's orange, sky blue, blue, vermillion.
        ("Okabe–Ito", ["#E69F00", "#56B4E9", "#0072B2", "#D55E00"], "safe"),
        // matplotlib's red and green: at risk however it is saved.
        ("red and green", ["#D62728", "#2CA02C", "#1F77B4"], "at risk"),
    ])
    func aChartSavedAsJPEGGetsItsPNGsVerdict(_ name: String, _ hexes: [String], _ expected: String) throws {
        let dir = CLI.tempDir()
        let colours = hexes.map { h in
            let v = Int(h.dropFirst(), radix: 16)!
            return RGB8(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
        let chart = Self.barChart(colours)
        try ImageFile.write(chart, to: dir + "/chart.png")
        try ImageFile.write(chart, to: dir + "/chart.jpg", jpegQuality: 75)
        let png = try Self.verdict(dir + "/chart.png")
        let jpeg = try Self.verdict(dir + "/chart.jpg")
        #expect(png.verdict.contains("\"verdict\":\"\(expected)\""), "\(name) PNG: \(png.verdict)")
        #expect(jpeg.verdict.contains("\"verdict\":\"\(expected)\""), "\(name) JPEG: \(jpeg.verdict)\n\(jpeg.regions)")
        #expect(png.status == jpeg.status, "\(name): PNG \(png.status), JPEG \(jpeg.status)")
    }
}

extension CheckTests {
    /// `--marked` frames each bar of the pair at risk whole, on a JPEG as on its PNG: each
    /// side a dashed line two pixels wide (black dashes half its length), the bottom one
    /// below the axis the bars stand on. The frame lay right against the bar and skipped
    /// what was drawn there: JPEG's blends and ringing along every side, the axis under
    /// the bottom one — a line of 1 pixel or none (black 0–0.31 of a whole dashed line's
    /// on the JPEG's sides, 0 on both bottoms). Now each side lies on the least material
    /// within two frame widths (`CheckMarks.clear`): 0.49–0.57 on every side of both.
    @Test(arguments: ["png", "jpg"]) func theMarkedJPEGsFramesAreWhole(_ format: String) throws {
        let dir = CLI.tempDir()
        let red = RGB8(0xD6, 0x27, 0x28)
        let green = RGB8(0x2C, 0xA0, 0x2C)
        let path = dir + "/chart." + format
        try ImageFile.write(Self.barChart([red, green, RGB8(0x1F, 0x77, 0xB4)]), to: path, jpegQuality: 75)
        let r = try CLI.run(["check", path, "--mode", "deuteranopia", "--marked", dir + "/marked.png"])
        #expect(r.status == 1, "red and green at risk: \(r.stdout)\(r.stderr)")
        let original = try ImageFile.read(path)
        let marked = try ImageFile.read(dir + "/marked.png")
        let thick = 2 // `CheckMarks.frameWidth(960, 640)`
        // The first two bars (`barChart`'s places), and each side's band: from the bar's
        // edge out to a frame moved out by its most (2 · thick), and its own width.
        for (i, top) in [(0, 200), (1, 300)] {
            let (x0, x1) = (60 + i * 293 + 293 / 7, 60 + i * 293 + 293 * 6 / 7)
            let sides: [(String, PixelRect, Int)] = [
                ("left", PixelRect(x: x0 - 3 * thick, y: top, width: 3 * thick, height: 580 - top), 580 - top),
                ("right", PixelRect(x: x1, y: top, width: 3 * thick, height: 580 - top), 580 - top),
                ("top", PixelRect(x: x0, y: top - 3 * thick, width: x1 - x0, height: 3 * thick), x1 - x0),
                ("bottom", PixelRect(x: x0, y: 580, width: x1 - x0, height: 3 * thick), x1 - x0),
            ]
            for (side, band, length) in sides {
                var black = 0
                for y in band.y..<(band.y + band.height) {
                    for x in band.x..<(band.x + band.width) {
                        let o = original[x, y]
                        // Black drawn there, not the axis' own dark pixels.
                        if marked[x, y] == RGB8(0, 0, 0), Int(o.r) + Int(o.g) + Int(o.b) > 300 { black += 1 }
                    }
                }
                let share = Double(black) / Double(length * thick)
                #expect(share >= 0.4, "\(format), bar \(i), \(side): black \(share) of a whole line's")
            }
        }
    }
}
