import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Probes as a teacher uses them: click two colours, read the numbers (stdout) and see the
/// callouts (screenshot).
@Suite(.serialized) struct ProbeE2ETests {
    @Test func clickTwoPatchesCompareThemAndClear() throws {
        let x = try XSession()
        defer { x.close() }
        // The picture 1:1 in the window (labels over its edges): patches where the picture has them.
        try x.launch(
            ViewerE2ETests.patches, ["--window", "1280x720", "--mode", "deuteranopia", "--labels-over-picture"])
        try x.waitForOutput("showing image patches.png")
        let sim = try Simulation(mode: .deuteranopia)
        // Patch 0 (red) and patch 1 (green): the classic pair.
        let a = ViewerE2ETests.patchColours[0]
        let b = ViewerE2ETests.patchColours[1]
        try ViewerE2ETests.clickPatches(x, [0, 1])
        func hex(_ c: RGB8) -> String { String(format: "#%02X%02X%02X", c.r, c.g, c.b) }
        let out = try x.waitForOutput("probes 1–2 under deuteranopia (Viénot 1999): contrast")
        func named(_ c: RGB8) -> String { "\(hex(c)) (\(ColourNames.name(of: c)))" }
        #expect(
            out.contains("cvdcam: probe 1: \(named(a)) → \(named(sim.simulate(a))) under deuteranopia (Viénot 1999)"),
            "\(out)")
        #expect(
            out.contains("cvdcam: probe 2: \(named(b)) → \(named(sim.simulate(b))) under deuteranopia (Viénot 1999)"),
            "\(out)")
        // The numbers, computed here from the colour core's own functions.
        let numbers = PairComparison(a, b, under: sim).numbersText
        #expect(abs(WCAG.contrastRatio(a, b) - Double(numbers.split(separator: " ")[1].dropLast(2))!) < 0.006)
        #expect(out.contains("under deuteranopia (Viénot 1999): \(numbers)"), "expected \(numbers) in \(out)")
        usleep(300_000)
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/probes.png")
        // The readout shows each probe's simulated colour as a swatch (a one-pixel white
        // border), away from both probed patches (which it must not cover).
        func onProbedPatch(_ x: Int, _ y: Int) -> Bool {
            [0, 1].contains { k in
                let r = ViewerE2ETests.patchRect(k)
                return (r.x - 20...(r.x + r.w + 20)).contains(x) && (r.y - 20...(r.y + r.h + 20)).contains(y)
            }
        }
        for (i, c) in [(0, a), (1, b)] {
            let want = sim.simulate(c)
            var found = false
            for y in 0..<720 where !found {
                for x0 in 1..<1280
                where !onProbedPatch(x0, y) && shot[x0, y].distance(to: want) <= 2
                    && shot[x0 - 1, y] == RGB8(255, 255, 255)
                {
                    found = true
                    break
                }
            }
            #expect(found, "no swatch of \(want) for probe \(i + 1) away from the probed patches")
        }
        // Each probed patch is clear of labels but for its ring and the line to it: its
        // corners show the patch's simulated colour.
        for (k, c) in [(0, a), (1, b)] {
            let r = ViewerE2ETests.patchRect(k)
            for (px, py) in [(r.x + 8, r.y + 8), (r.x + r.w - 8, r.y + 8), (r.x + 8, r.y + r.h - 8)] {
                #expect(shot[px, py].distance(to: sim.simulate(c)) <= 3, "patch \(k) covered at \(px),\(py)")
            }
        }
        // Delete clears both.
        try x.key("Delete")
        usleep(300_000)
        try x.key("Delete")
        try x.waitForOutput("no probes to clear")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}

/// The confusion map: `x` on a colour marks every patch the mode makes look like it —
/// exactly those the colour core's criterion names — with black and white stripes.
@Suite(.serialized) struct ConfusionMapE2ETests {
    @Test func pickingAColourMarksWhatLooksLikeIt() throws {
        let x = try XSession()
        defer { x.close() }
        // The picture 1:1 in the window (labels over its edges): patches where the picture has them.
        try x.launch(
            ViewerE2ETests.patches,
            ["--window", "1280x720", "--mode", "deuteranopia", "--caption", "--labels-over-picture"])
        try x.waitForOutput("showing image patches.png")
        let sim = try Simulation(mode: .deuteranopia)
        // Orange: as a deuteranope sees it, the yellow-green patch (11) looks the same.
        let picked = ViewerE2ETests.patchColours[3]
        let r = ViewerE2ETests.patchRect(3)
        try x.run("xdotool", ["mousemove", "--window", x.window, String(r.x + r.w / 2), String(r.y + r.h / 2)])
        usleep(200_000)
        try x.key("x")
        let out = try x.waitForOutput("confusable with \(picked.hexString) under deuteranopia (Viénot 1999):")
        #expect(out.contains("% of what is shown"))
        usleep(400_000)
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/confusion.png")
        let criterion = ConfusionCriterion(picked: picked, simulation: sim)
        var marked = 0
        for (i, c) in ViewerE2ETests.patchColours.enumerated() {
            let p = ViewerE2ETests.patchRect(i)
            // Look in the patch's middle (away from the caption at the bottom and the labels).
            var black = 0
            var white = 0
            for y in (p.y + 30)..<(p.y + 90) {
                for x0 in (p.x + 30)..<(p.x + p.w - 30) {
                    if shot[x0, y] == RGB8(0, 0, 0) {
                        black += 1
                    } else if shot[x0, y] == RGB8(255, 255, 255) {
                        white += 1
                    }
                }
            }
            let stripes = black > 200 && white > 200
            #expect(
                stripes == criterion.isConfusable(c),
                "patch \(i) \(c): stripes \(stripes) (black \(black), white \(white))")
            if stripes { marked += 1 }
        }
        #expect(marked == 1, "the yellow-green patch, not the picked one itself (ΔE00 0 in normal vision)")
        // x again turns it off.
        try x.key("x")
        usleep(400_000)
        let off = try x.screenshot()
        let p = ViewerE2ETests.patchRect(11)
        #expect(
            (p.y + 30..<p.y + 90).allSatisfy { y in off[p.x + 100, y] != RGB8(0, 0, 0) }, "no stripes after x again")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
