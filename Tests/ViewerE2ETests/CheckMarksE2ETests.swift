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

/// The check's number tags and a probed pair's readout keep clear of each other, on the
/// screen: the test scene (eleven pairs at risk for deuteranopia, several tags numbering two
/// or three) at a projector's 1024×768, `--ui-scale` 1 and 2, single and split, `z` and
/// then two probes. No tag lies on another; the readout lies on no tag (the scene leaves it
/// room: over a tag only where there is none); every tag lies inside the picture or wholly
/// beside it (a tag with no bare paper near its group goes to the band beside the picture).
@Suite(.serialized) struct CheckTagsE2ETests {
    @Test(arguments: [1.0, 2.0], [0, 1]) func tagsAndTheReadoutKeepClear(_ scale: Double, _ layouts: Int) throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.launch(
            [
                "--test-scene", "--fullscreen", "--mode", "deuteranopia", "--ui-scale", String(scale), "--language",
                "de",
            ],
            environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing built-in test scene")
        for _ in 0..<layouts { try x.key("v") }
        try x.key("z")
        try x.waitForOutput("cvdcam: check: ")
        for (px, py) in [(300, 300), (600, 450)] {
            _ = try x.run("xdotool", ["mousemove", "--window", x.window, String(px), String(py), "click", "1"])
            Thread.sleep(forTimeInterval: 0.7)
        }
        Thread.sleep(forTimeInterval: 1)
        let name = "check-tags-\(Int(scale))x-\(["single", "split"][layouts]).png"
        try ImageFile.write(try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/" + name)
        let overlays = try SacredPictureE2ETests.Overlays.last(x)
        let tags = overlays.boxes.filter { $0.kind.hasPrefix("tag") }
        let readouts = overlays.boxes.filter { $0.kind == "readout" }
        #expect(tags.count >= 8, "\(name): the scene's tags: \(tags.map(\.kind))")
        #expect(!readouts.isEmpty, "\(name): no readout")
        for (i, t) in tags.enumerated() {
            let inside = overlays.pictures.contains { $0.contains(t.rect, slack: 1.5) }
            let beside = !overlays.pictures.contains { $0.intersects(t.rect) }
            #expect(inside || beside, "\(name): \(t.kind) at \(t.rect) partly over the picture")
            for u in tags[(i + 1)...] {
                #expect(!t.rect.intersects(u.rect), "\(name): \(t.kind) on \(u.kind)")
            }
            for r in readouts {
                #expect(!t.rect.intersects(r.rect), "\(name): the readout on \(t.kind)")
            }
        }
    }

    /// The test scene's 23 pairs in the 2×2 view at 1024×768: the check's list off every
    /// picture, between the rows (it lay over the Normal pane's bottom: 0,231, 557×165).
    @Test func theListOfA2x2GoesBetweenItsRows() throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.launch(
            ["--test-scene", "--fullscreen", "--mode", "deuteranopia"], environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing built-in test scene")
        try x.key("v")
        try x.key("v")
        try x.key("z")
        try x.waitForOutput("cvdcam: check: ")
        Thread.sleep(forTimeInterval: 1)
        try ImageFile.write(try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/check-list-2x2.png")
        let overlays = try SacredPictureE2ETests.Overlays.last(x)
        let list = try #require(overlays.boxes.first { $0.kind == "check" }, "no list")
        #expect(overlays.pictures.count == 4)
        for p in overlays.pictures { #expect(!p.intersects(list.rect), "the list \(list.rect) over the picture \(p)") }
    }
}
