import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The live view in a real X server, driven by keys as a person would, checked by
/// screenshots. Tolerance for colours on screen: ±3 levels of the colour core's prediction.
@Suite(.serialized) struct ViewerE2ETests {
    static let tolerance = 3
    static let patchColours: [RGB8] = [
        RGB8(200, 30, 40), RGB8(60, 160, 70), RGB8(40, 70, 200), RGB8(240, 140, 20),
        RGB8(120, 50, 140), RGB8(20, 160, 180), RGB8(230, 200, 40), RGB8(240, 150, 180),
        RGB8(120, 80, 50), RGB8(128, 128, 128), RGB8(30, 110, 100), RGB8(150, 200, 60),
    ]
    /// Patch i covers (x, y, 200, 150); away from the labels (top left) and footer (bottom).
    static func patchRect(_ i: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        (140 + (i % 4) * 260, 110 + (i / 4) * 180, 200, 150)
    }

    /// Clicks the middle of each patch in `indices` (the picture shown 1:1 at the window's
    /// top left), a probe each, 0.3 s apart for the view to take each click.
    static func clickPatches(_ x: XSession, _ indices: [Int]) throws {
        for i in indices {
            let r = patchRect(i)
            try x.run(
                "xdotool",
                ["mousemove", "--window", x.window, String(r.x + r.w / 2), String(r.y + r.h / 2), "click", "1"])
            usleep(300_000)
        }
    }

    /// Flat patches on mid grey.
    static var patches: TestPicture {
        TestPicture("patches.png", background: RGB8(90, 90, 90), patchColours.enumerated().map { (patchRect($0), $1) })
    }

    /// Where the tests keep the screenshots they take, to be looked at after a run: never in the
    /// repository. `CVDCAM_SCREENSHOT_DIR` names the folder; by default a folder in the system's
    /// temporary directory. (The few pictures the docs show are made by scripts/doc-pictures.)
    static let screenshotDir: String = {
        let dir =
            ProcessInfo.processInfo.environment["CVDCAM_SCREENSHOT_DIR"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cvdcam-test-screenshots").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    func expectPatches(
        _ shot: RGBAImage, mode: VisionMode, scale: Double = 1, offset: (Int, Int) = (0, 0),
        only: ((Int) -> Bool)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let k = FrameKernel(try Simulation(mode: mode))
        for (i, c) in Self.patchColours.enumerated() where only?(i) ?? true {
            let r = Self.patchRect(i)
            let cx = offset.0 + Int(Double(r.x + r.w / 2) * scale)
            let cy = offset.1 + Int(Double(r.y + r.h / 2) * scale)
            let seen = shot[cx, cy]
            let want = k.apply(c)
            #expect(
                seen.distance(to: want) <= Self.tolerance,
                "\(mode) patch \(i) \(c): screen \(seen), colour core \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test func keysLayoutsZoomSnapshotAndQuit() throws {
        let x = try XSession()
        defer { x.close() }
        // Labels over the picture's edges (`--labels-over-picture`): the picture fills the
        // window 1:1, so each patch is where the picture has it (the framed default is
        // SacredPictureE2ETests' and LabelE2ETests' subject).
        try x.launch(Self.patches, ["--window", "1280x720", "--labels-over-picture"])
        try expectPatches(try x.screenshot(), mode: .normal)

        // 3: deuteranopia, every patch as the colour core predicts.
        try x.key("3")
        try x.waitForOutput("cvdcam: deuteranopia (Viénot 1999)")
        usleep(300_000)
        // The title names the mode, in UTF-8, where window lists and screen readers read it.
        let title = try x.run("xprop", ["-id", x.window, "_NET_WM_NAME"])
        #expect(title.contains("\"cvdcam — deuteranopia (Viénot 1999)\""), "title: \(title)")
        try expectPatches(try x.screenshot(), mode: .deuteranopia)

        // v: split wipe — original left of the divider (x = 640), simulated right.
        try x.key("v")
        try x.waitForOutput("· split")
        usleep(300_000)
        let split = try x.screenshot()
        try expectPatches(split, mode: .normal, only: { Self.patchRect($0).x + 200 < 640 })
        try expectPatches(split, mode: .deuteranopia, only: { Self.patchRect($0).x > 640 })
        try ImageFile.write(split, to: Self.screenshotDir + "/split.png")

        // v again: 2×2 quad, each pane labelled and simulated in its own mode.
        try x.key("v")
        try x.waitForOutput("quad: normal, protanopia, deuteranopia, tritanopia")
        usleep(400_000)
        let quad = try x.screenshot()
        for (pane, mode) in [VisionMode.normal, .protanopia, .deuteranopia, .tritanopia].enumerated() {
            let ox = (pane % 2) * 640
            let oy = (pane / 2) * 360
            try expectPatches(quad, mode: mode, scale: 0.5, offset: (ox, oy), only: { $0 >= 4 })
            // The label's shim darkens its corner of the pane.
            let shim = quad[ox + 20, oy + 20]
            #expect(Int(shim.r) + Int(shim.g) + Int(shim.b) < 3 * 80, "pane \(pane) has no label shim: \(shim)")
        }
        try ImageFile.write(quad, to: Self.screenshotDir + "/quad.png")

        // Back to single; + zooms √2× about the centre: a 200-pixel patch becomes 283.
        try x.key("v")
        try x.waitForOutput("cvdcam: deuteranopia (Viénot 1999)\n")
        try x.key("plus")
        try x.waitForOutput("zoom 1.4×")
        usleep(300_000)
        let zoomed = try x.screenshot()
        let before = Self.patchRect(5) // x 400…600, y 290…440 → spans the centre column
        let row = 360
        let target = FrameKernel(try Simulation(mode: .deuteranopia)).apply(Self.patchColours[5])
        let run = (0..<1280).filter { zoomed[$0, row].distance(to: target) <= Self.tolerance }
        let expected = Double(before.w) * 2.0.squareRoot()
        #expect(abs(Double(run.count) - expected) <= 3, "zoomed patch is \(run.count) px wide, expected \(expected)")

        // s: a PNG identical to the window's pixels (the picture is still, so the
        // screenshot before the key shows the same frame).
        let screen = try x.screenshot()
        try x.key("s")
        let out = try x.waitForOutput("cvdcam: saved ")
        let path = String(out.components(separatedBy: "cvdcam: saved ").last!.prefix { $0 != "\n" })
        #expect(
            path.hasPrefix(x.dir + "/Pictures/cvdcam/cvdcam-"),
            "snapshots go to the pictures folder, full path shown: \(path)")
        let saved = try ImageFile.read(path)
        #expect(saved.width == screen.width && saved.height == screen.height)
        var differing = 0
        for y in 0..<min(saved.height, screen.height) {
            for x in 0..<min(saved.width, screen.width) where saved[x, y] != screen[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ between the snapshot and the window")

        // q: quits with status 0.
        try x.quitKey("q")
        let status = try x.waitForExit()
        #expect(status == 0, "exit status \(status); output: \(x.readOutput().suffix(300))")
    }

    /// The default source (the test scene as a camera-like YUYV stream) through the live
    /// frame path; keypad digits work like the top row.
    @Test func testSceneStreamsAndKeypadDigitsWork() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(["--window", "1280x720"])
        try x.waitForOutput("showing built-in test scene")
        try x.key("KP_8")
        try x.waitForOutput("cvdcam: achromatopsia")
        usleep(500_000)
        let grey = try x.screenshot()
        for p in TestScene.patches(width: 1280, height: 720).dropFirst(6) {
            let c = grey[p.x + p.width / 2, p.y + p.height / 2]
            #expect(c.r == c.g && c.g == c.b, "\(p.name) is not grey: \(c)")
        }
        try x.key("3")
        try x.waitForOutput("cvdcam: deuteranopia")
        usleep(500_000)
        try ImageFile.write(try x.screenshot(), to: Self.screenshotDir + "/single.png")
        try x.quitKey("q")
        let status = try x.waitForExit()
        #expect(status == 0, "exit status \(status); output: \(x.readOutput().suffix(300))")
    }

    @Test func noDisplayIsOneClearLine() throws {
        let r = try XSession.runToEnd(
            XSession.binary, [], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil],
            capture: .stderr)
        #expect(r.status != 0)
        #expect(
            r.text == "cvdcam: error: no display found; use `cvdcam convert` or `cvdcam snapshot` for files\n",
            "stderr: \(r.text)")
    }
}
