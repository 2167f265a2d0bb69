import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The live marks never hide the material, measured on the screen: the chart of
/// `CheckE2ETests` at a projector's 1024×768, at `--ui-scale` 1 and 2, single, split and
/// 2×2 — of each colour of the bars on screen (every colour that covers at least 300
/// pixels; the paper, the black window and the labels' greys aside), at most 1 % of its pixels change when `z` draws its outlines,
/// leaders and tags.
@Suite(.serialized) struct CheckMarksE2ETests {
    @Test(arguments: [1.0, 2.0], [0, 1, 2]) func marksCoverAtMostOnePercent(_ scale: Double, _ layouts: Int) throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        let path = try CheckE2ETests.chart.write(in: x.dir)
        try x.launch([
            "--image", path, "--fullscreen", "--mode", "deuteranopia", "--ui-scale", String(scale),
        ])
        try x.waitForOutput("showing image chart.png")
        for _ in 0..<layouts { try x.key("v") }
        Thread.sleep(forTimeInterval: 1.5)
        let before = try x.screenshot()
        try x.key("z")
        try x.waitForOutput("cvdcam: check: 1 ")
        _ = try x.waitForScreen { shot in
            CheckE2ETests.changed(before, shot) > 0 ? nil : "no marks drawn"
        }
        Thread.sleep(forTimeInterval: 1)
        let shot = try x.screenshot()
        let name = "check-marks-\(Int(scale))x-\(["single", "split", "2x2"][layouts]).png"
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/" + name)
        // Each colour of the picture on screen, as the screen shows it before `z`.
        var pixels: [RGB8: (all: Int, covered: Int)] = [:]
        for y in 0..<before.height {
            for x in 0..<before.width {
                let c = before[x, y]
                // The bars' colours: not the black window, the paper (or its simulated tint),
                // nor the greys of the labels' letters and the divider.
                guard max(c.r, c.g, c.b) > 40, min(c.r, c.g, c.b) < 200, max(c.r, c.g, c.b) - min(c.r, c.g, c.b) > 8
                else { continue }
                pixels[c, default: (0, 0)].all += 1
                if shot[x, y] != c { pixels[c, default: (0, 0)].covered += 1 }
            }
        }
        let colours = pixels.filter { $0.value.all >= 300 }
        #expect(colours.count >= 3, "the chart's colours on screen: \(colours.count)")
        let most = colours.values.map { Double($0.covered) / Double($0.all) }.max() ?? 0
        print("\(name): \(colours.count) colours, at most \(String(format: "%.2f", 100 * most)) % of one covered")
        for (c, n) in colours.sorted(by: { $0.value.all > $1.value.all }) {
            let share = Double(n.covered) / Double(n.all)
            #expect(share <= 0.01, "\(name): \(c.hexString) \(n.covered) of \(n.all) pixels covered")
        }
    }
}

extension CheckE2ETests {
    /// How many pixels differ between two screenshots.
    static func changed(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var n = 0
        for i in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4)
        where a.pixels[i] != b.pixels[i] || a.pixels[i + 1] != b.pixels[i + 1] || a.pixels[i + 2] != b.pixels[i + 2] {
            n += 1
        }
        return n
    }
}
