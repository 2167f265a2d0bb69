import CVDCore
import CVDImageIO
import CVDViewModel
import Foundation
import Testing

/// `i` (frame counts, fps and CPU on screen) and the totals line on quit, on the MJPEG
/// test scene (`--test-scene --format mjpeg`: every frame decoded as a camera's).
@Suite(.serialized) struct StatsE2ETests {
    @Test func overlayTogglesAndQuitPrintsTheTotals() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(
            [
                "--test-scene", "--format", "mjpeg", "--size", "1280x720", "--fps", "30", "--window", "1280x720",
                "--mode", "deuteranopia",
            ], environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing built-in test scene (MJPEG)")
        usleep(300_000)
        let before = try x.screenshot()
        try x.key("i")
        usleep(1_600_000) // the figures are taken once a second
        let shown = try x.screenshot()
        try ImageFile.write(shown, to: ViewerE2ETests.screenshotDir + "/stats.png")
        // The panel where cvdcam says it is: off the picture, as the band below it has room
        // at 1280×720 (docs/live-view.md), and its dark shim changes what it covers.
        let overlays = try SacredPictureE2ETests.Overlays.last(x)
        let panel = try #require(overlays.boxes.first { $0.kind == "stats" }, "no i overlay after i")
        #expect(!panel.onPicture && !overlays.pictures.contains { $0.intersects(panel.rect) }, "\(panel.rect)")
        func changed(_ a: RGBAImage, _ b: RGBAImage) -> Int {
            var n = 0
            for y in Int(panel.rect.y)..<Int(panel.rect.maxY) {
                for x in Int(panel.rect.x)..<Int(panel.rect.maxX) where a[x, y].distance(to: b[x, y]) > 24 { n += 1 }
            }
            return n
        }
        #expect(changed(before, shown) > Int(panel.rect.w * panel.rect.h) / 20, "no overlay drawn at \(panel.rect)")
        try x.key("i")
        usleep(400_000)
        #expect(changed(before, try x.screenshot()) < 50, "the overlay stays after the second i")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
        let out = x.readOutput()
        let pattern =
            /cvdcam: (\d+) frames? shown, (\d+) dropped by cvdcam, (\d+) dropped by the camera, (\d+) corrupt, median latency ([0-9.]+) ms, peak memory (\d+) MiB, renderer (software|OpenGL .+)/
        let m = try #require(
            out.split(separator: "\n").compactMap { try? pattern.wholeMatch(in: String($0)) }.last,
            "no totals line in: \(out)")
        #expect(Int(m.output.1)! >= 40, "about 2.5 s at 30 fps: \(m.output.0)")
        #expect(m.output.3 == "0" && m.output.4 == "0", "the test scene drops nothing and is never corrupt")
        #expect(Double(m.output.5)! > 0 && Double(m.output.5)! < 100, "latency: \(m.output.0)")
        // The peak resident memory (VmHWM): the release binary on a 1280×720 test scene.
        #expect(Int(m.output.6)! > 10 && Int(m.output.6)! < 400, "peak memory: \(m.output.0)")
    }

    /// Seen at 1024×768 (a projector), `--ui-scale 2`, with the caption on: in split and
    /// 2×2 the figures went over the pictures, four lines across both halves, while strips
    /// stood free beside the caption or below the lower pictures. With the real font,
    /// in German and Japanese: the figures off every picture, and nothing over one once
    /// the footer has faded.
    @Test(arguments: ["de", "ja"]) func withTheCaptionAtUIScale2TheFiguresStayOffThePictures(language: String) throws {
        let x = try XSession.projector(language)
        defer { x.close() }
        try x.key("i")
        for layout in ["split", "2x2"] {
            try x.key("v")
            usleep(1_600_000) // the figures are taken once a second
            let overlays = try SacredPictureE2ETests.Overlays.last(x)
            try ImageFile.write(
                try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/stats-caption-\(layout)-\(language).png")
            let panel = try #require(overlays.boxes.first { $0.kind == "stats" }, "\(layout) \(language): no i overlay")
            #expect(overlays.boxes.contains { $0.kind == "caption" }, "\(layout) \(language): no caption")
            #expect(
                !overlays.pictures.contains { $0.intersects(panel.rect) }, "\(layout) \(language): \(panel.rect)")
            // Once the footer has faded (five seconds after the last key), nothing at all.
            usleep(5_000_000)
            let later = try SacredPictureE2ETests.Overlays.last(x)
            let over = later.boxes.filter(\.onPicture).map { "\($0.kind) \($0.rect)" }
            #expect(later.boxes.contains { $0.kind == "stats" }, "\(layout) \(language): no i overlay later")
            #expect(over.isEmpty, "\(layout) \(language): over a picture: \(over)")
        }
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }

    /// A 4K MJPEG source in a 1280×720 window decodes at half size (no more pixels than
    /// shown), zoomed in far enough at full size again, and the picture stays right.
    @Test func reducedDecodeFollowsTheShownSize() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch([
            "--test-scene", "--format", "mjpeg", "--size", "3840x2160", "--fps", "15", "--window", "1280x720",
        ])
        try x.waitForOutput("picture decoded at 1920x1080, ½ of 3840x2160", timeout: 20)
        for _ in 0..<4 { try x.key("plus") } // zoom 2.4×: 3125 pixels across the window's 1280
        try x.waitForOutput("picture decoded at its full size, 3840x2160")
        try x.key("0")
        var out = ""
        for _ in 0..<100 where out.components(separatedBy: "½ of 3840x2160").count < 3 {
            usleep(100_000)
            out = x.readOutput()
        }
        #expect(out.components(separatedBy: "½ of 3840x2160").count == 3, "half size again after 0: \(out)")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
