import CVDCore
import CVDImageIO
import CVDViewModel
import Foundation
import Testing

/// The picture never moves because something appeared (issue 43), on the screen: in the
/// framed layout (the default) the picture's boxes, as cvdcam drew them
/// (CVDCAM_PRINT_OVERLAYS), and a part of the picture far from every label, as the
/// screenshot shows it, are the same before and after a first probe, a second probe, `z`,
/// `i` and `c` — in single, split and 2×2, at 1024×768 and `--ui-scale` 2.
@Suite(.serialized) struct PictureHoldsStillE2ETests {
    /// The picture's boxes in the last overlays line.
    static func boxes(_ x: XSession) throws -> [Rect] {
        try SacredPictureE2ETests.Overlays.last(x).pictures
    }

    @Test(arguments: [1.0, 2.0])
    func nothingThatAppearsMovesThePicture(scale: Double) throws {
        let picture = SacredPictureE2ETests.chart
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.launch(
            [
                "--image", try picture.write(in: x.dir), "--window", "1024x768", "--ui-scale", String(scale),
                "--mode", "deuteranopia",
            ],
            environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing image \(picture.name)")
        for layout in ["single", "split", "2×2"] {
            if layout != "single" { try x.key("v") }
            usleep(700_000)
            let before = try Self.boxes(x)
            #expect(!before.isEmpty, "\(layout): no picture drawn")
            let first = try #require(before.first)
            let shotBefore = try x.screenshot()
            // What covered the picture then (a readout may move once the footer's words change).
            let overlaysBefore = try SacredPictureE2ETests.Overlays.last(x)
            var steps: [(String, () throws -> Void)] = []
            if layout == "single" {
                // Two probes on the first red and green bars (the chart's 150…300 and 400…550).
                for (name, px) in [("first probe", 225.0), ("second probe", 475.0)] {
                    steps.append(
                        (
                            name,
                            {
                                let wx = first.x + px / 1280 * first.w
                                let wy = first.y + 0.8 * first.h
                                try x.run(
                                    "xdotool",
                                    ["mousemove", "--window", x.window, String(Int(wx)), String(Int(wy)), "click", "1"])
                            }
                        ))
                }
            }
            for k in ["z", "i", "c"] { steps.append((k, { try x.key(k) })) }
            for (name, act) in steps {
                try act()
                usleep(800_000)
                let after = try Self.boxes(x)
                #expect(after == before, "\(layout) ×\(scale), \(name): the picture moved from \(before) to \(after)")
            }
            // Off again (Esc: the check, then the figures; `c`: the caption), which moves
            // nothing either; the probes stay.
            for k in ["Escape", "Escape", "c"] {
                try x.key(k)
                usleep(300_000)
            }
            usleep(500_000)
            #expect(try Self.boxes(x) == before, "\(layout) ×\(scale): closing moved the picture")
            // And the picture is drawn as before wherever no label, ring or line is, then or now.
            let shot = try x.screenshot()
            let tag = "\(layout.replacing("×", with: "x"))-ui\(Int(scale))"
            try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/still-\(tag).png")
            let overlays = try SacredPictureE2ETests.Overlays.last(x)
            var compared = 0
            var changed: [String] = []
            for box in before {
                for fy in stride(from: 0.05, to: 0.96, by: 0.1) {
                    for fx in stride(from: 0.05, to: 0.96, by: 0.1) {
                        let (px, py) = (box.x + fx * box.w, box.y + fy * box.h)
                        guard !overlays.covers(px, py), !overlaysBefore.covers(px, py) else { continue }
                        compared += 1
                        if shot[Int(px), Int(py)].distance(to: shotBefore[Int(px), Int(py)]) > 3 {
                            changed.append("\(Int(px)),\(Int(py))")
                        }
                    }
                }
            }
            #expect(changed.isEmpty, "\(tag): the picture changed at \(changed.prefix(8))")
            #expect(compared >= 30, "\(tag): only \(compared) places of the picture left uncovered")
        }
        try x.quitKey("q")
        _ = try x.waitForExit()
    }
}
