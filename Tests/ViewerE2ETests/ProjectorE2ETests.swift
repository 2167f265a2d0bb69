import CVDCore
import CVDImageIO
import Foundation
import Testing

/// A projector's 1024×768, at --ui-scale 1 and 2: every layout, the state chips and the
/// help sheet, driven by keys; the screenshots go to ViewerE2ETests.screenshotDir (projector-*.png) to be
/// looked at. (That no label clips or overlaps another is proved for every size and scale
/// by CVDViewModelTests' LabelLayoutTests; here the real font and window are checked.)
@Suite(.serialized) struct ProjectorE2ETests {
    /// The share of pixels in `r` that are label shim (near black) — a label is there.
    func shimShare(_ img: RGBAImage, _ r: (x: Int, y: Int, w: Int, h: Int)) -> Double {
        var n = 0
        for y in r.y..<(r.y + r.h) {
            for x in r.x..<(r.x + r.w) where max(img[x, y].r, img[x, y].g, img[x, y].b) < 60 { n += 1 }
        }
        return Double(n) / Double(r.w * r.h)
    }

    @Test(arguments: [1.0, 2.0]) func layoutsChipsAndHelpAtProjectorSize(scale: Double) throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.launch([
            "--test-scene", "--window", "1024x768", "--ui-scale", String(scale), "--mode", "deuteranomaly",
            "--model", "colormatrix",
        ])
        try x.waitForOutput("showing built-in test scene")
        let tag = scale == 1 ? "" : "-ui\(Int(scale))"
        usleep(400_000)
        let single = try x.screenshot()
        #expect(single.width == 1024 && single.height == 768)
        try ImageFile.write(single, to: ViewerE2ETests.screenshotDir + "/projector-single\(tag).png")
        // The 16:9 scene letterboxed in 4:3: at --ui-scale 1 the badge sits in the bar above
        // the picture (black bar, white text), off the material.
        if scale == 1 {
            let top = (0..<1024).filter { single[$0, 50].r > 200 }.count
            #expect(top > 50, "badge text in the bar above the picture")
        }
        try x.key("v")
        try x.waitForOutput("· split")
        usleep(400_000)
        try ImageFile.write(try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/projector-split\(tag).png")
        try x.key("v")
        try x.waitForOutput("quad: normal, protanopia, deuteranopia, tritanopia")
        // 2×2: the pane under the pointer takes the mode key.
        try x.run("xdotool", ["mousemove", "--window", x.window, "800", "600"])
        usleep(200_000)
        try x.key("6")
        try x.waitForOutput("pane 4: Deuteranomaly")
        usleep(400_000)
        try ImageFile.write(try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/projector-quad\(tag).png")
        try x.key("v")
        try x.key("space")
        try x.waitForOutput("frozen — space goes live again")
        try x.key("plus")
        try x.waitForOutput("zoom 1.4×")
        usleep(400_000)
        let chips = try x.screenshot()
        try ImageFile.write(chips, to: ViewerE2ETests.screenshotDir + "/projector-chips\(tag).png")
        #expect(shimShare(chips, (824, 700, 190, 60)) > 0.3, "the frozen and zoom chips, bottom right")
        try x.key("h")
        usleep(400_000)
        let help = try x.screenshot()
        try ImageFile.write(help, to: ViewerE2ETests.screenshotDir + "/projector-help\(tag).png")
        #expect(shimShare(help, (200, 200, 600, 300)) > 0.5, "the help sheet covers the middle")
        // Esc closes the help; a second Esc does not quit (it says that q does); q quits.
        try x.key("Escape")
        usleep(300_000)
        #expect(shimShare(try x.screenshot(), (200, 200, 600, 300)) < 0.3, "Esc closed the help")
        try x.key("Escape")
        try x.waitForOutput("Esc closes and leaves full screen; q quits")
        #expect(x.appProcess?.isRunning == true, "Esc never quits")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
