import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The screen as a source, as a teacher uses it: a desktop of two monitors side by side
/// (1024×768 each, made with `xrandr --setmonitor` on an Xvfb that keeps them: -noreset),
/// a slide of known colours shown full size on the left one (ImageMagick's `display`),
/// cvdcam reading the left monitor with its window on the right. The colours read back
/// from cvdcam's window lie within ±1 level of the colour core's simulation of the slide.
@Suite(.serialized) struct ScreenE2ETests {
    static let paper = RGB8(245, 245, 240)
    static let patches: [(TestPicture.Rect, RGB8)] = [
        ((100, 100, 300, 300), RGB8(213, 40, 40)), ((520, 100, 300, 300), RGB8(60, 160, 60)),
        ((100, 450, 300, 250), RGB8(40, 90, 200)), ((520, 450, 300, 250), RGB8(240, 200, 40)),
    ]
    static var slide: TestPicture { TestPicture("slide.png", background: paper, patches, size: FrameSize(1024, 768)) }
    /// Where cvdcam's window goes: on the right monitor.
    static let windowPlace = (x: 1124, y: 84)

    /// cvdcam started with `args` (an 800×600 window, mode `mode`), its window then moved
    /// onto the right monitor.
    static func view(_ x: XSession, _ args: [String], mode: String = "normal") throws {
        try x.launch(args + ["--window", "800x600", "--mode", mode])
        try moveWindow(x)
    }

    static func moveWindow(_ x: XSession) throws {
        try x.run("xdotool", ["windowmove", x.window, "\(windowPlace.x)", "\(windowPlace.y)"])
    }

    /// The desktop with the slide on its left monitor; the `display` process showing it.
    /// `monitors`: two (left, right), or the one the server starts with (1024 × 768).
    static func desktop(sharedMemory: Bool = true, server: [String] = [], monitors: Int = 2) throws -> (
        XSession, Process
    ) {
        let x = try XSession(
            width: 1024 * monitors, height: 768,
            serverArguments: ["-noreset"] + (sharedMemory ? [] : ["-extension", "MIT-SHM"]) + server)
        if monitors == 2 {
            try x.run("xrandr", ["--setmonitor", "left", "1024/270x768/203+0+0", "none"])
            try x.run("xrandr", ["--setmonitor", "right", "1024/270x768/203+1024+0", "none"])
        }
        let path = try slide.write(in: x.dir)
        let shown = try XSession.spawn(
            XSession.installed("display"), ["-immutable", "-geometry", "+0+0", "-borderwidth", "0", path],
            environment: ["DISPLAY": x.display])
        let up = XSession.poll(seconds: 30, every: 0.1) {
            guard let root = try? x.rootShot() else { return false }
            return root[250, 250] == patches[0].1 && root[600, 600] == patches[3].1
        }
        if !up { shown.terminate() }
        try #require(up, "the slide never showed on the left monitor")
        return (x, shown)
    }

    typealias Box = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// A drag with the left button in cvdcam's window, from `a` to `b` (window pixels).
    static func drag(_ x: XSession, from a: (Int, Int), to b: (Int, Int)) throws {
        try x.run("xdotool", ["mousemove", "--window", x.window, "\(a.0)", "\(a.1)"])
        usleep(100_000)
        try x.run("xdotool", ["mousedown", "1"])
        usleep(100_000)
        for t in [0.3, 0.6, 1.0] {
            let px = a.0 + Int(Double(b.0 - a.0) * t)
            let py = a.1 + Int(Double(b.1 - a.1) * t)
            try x.run("xdotool", ["mousemove", "--window", x.window, "\(px)", "\(py)"])
            usleep(100_000)
        }
        try x.run("xdotool", ["mouseup", "1"])
    }

    /// The bounding box of the pixels of exactly `colour` (x1 < x0 when there are none).
    static func box(of colour: RGB8, in shot: RGBAImage) -> Box {
        var box = (x0: Int.max, y0: Int.max, x1: 0, y1: 0)
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot[x, y] == colour {
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
            }
        }
        return box
    }

    /// Pixels of cvdcam's window within ±`tolerance` of `c`.
    static func count(_ shot: RGBAImage, _ c: RGB8, tolerance: Int = 1) -> Int {
        var n = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                if abs(Int(p.r) - Int(c.r)) <= tolerance, abs(Int(p.g) - Int(c.g)) <= tolerance,
                    abs(Int(p.b) - Int(c.b)) <= tolerance
                {
                    n += 1
                }
            }
        }
        return n
    }

    /// What is wrong with `shot` as the slide simulated by `kernel` (nil: nothing): every
    /// patch's simulated colour on at least 10 000 pixels (a patch is ≈ 45 000 in the window).
    static func problem(_ shot: RGBAImage, _ kernel: FrameKernel, _ mode: VisionMode) -> String? {
        for (_, colour) in patches {
            let expected = kernel.apply(colour)
            let n = count(shot, expected)
            if n < 10_000 { return "\(mode): \(colour.hexString) → \(expected.hexString) on \(n) pixels only" }
        }
        return nil
    }

    /// Every mode, keys 1 … 8: the window shows the left monitor simulated, within a level.
    @Test func everyModeWithinALevelOfTheSimulation() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try x.launch(["--screen", "left", "--window", "800x600", "--mode", "normal"])
        let out = try x.waitForOutput("through shared memory (MIT-SHM)")
        #expect(out.contains("cvdcam: reading monitor left (1024×768 at 0,0)"), "\(out)")
        try Self.moveWindow(x)
        for (i, mode) in VisionMode.allCases.enumerated() {
            try x.key("\(i + 1)")
            let kernel = FrameKernel(try Simulation(mode: mode))
            let shot = try x.waitForScreen { Self.problem($0, kernel, mode) }
            if mode == .deuteranopia { try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/screen.png") }
        }
        // The slide's window closed: the monitor shows the bare desktop (black), and so does the view.
        shown.terminate()
        let red = FrameKernel(try Simulation(mode: .achromatopsia)).apply(Self.patches[0].1)
        try x.waitForScreen { Self.count($0, red) < 100 ? nil : "the closed slide still shows" }
    }

    /// The projector unplugged mid-lesson and plugged in again: the screen shrinks to the
    /// laptop's monitor (`xrandr --fb`, as RandR reports an unplugged output), and grows
    /// back. One line each; the last picture stays meanwhile and the view goes on.
    @Test func theMonitorUnpluggedAndBack() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        // The slide on the right monitor, cvdcam reading it with its window on the left.
        try x.run("xdotool", ["search", "--sync", "--class", "display", "windowmove", "%@", "1024", "0"])
        try x.launch(["--screen", "right", "--window", "800x600", "--mode", "normal"])
        try x.waitForOutput("cvdcam: reading monitor right (1024×768 at 1024,0)")
        try x.run("xdotool", ["windowmove", x.window, "100", "84"])
        let red = Self.patches[0].1
        try x.waitForScreen { Self.count($0, red) > 10_000 ? nil : "no red patch from the right monitor" }
        // xrandr says "X Error … BadValue" for its CRTC but the screen is resized: not checked.
        _ = try? x.run("xrandr", ["--fb", "1024x768"])
        let gone = "cvdcam: monitor right is gone (unplugged?): its last picture stays until it is back"
        try x.waitForOutput(gone, timeout: 15)
        usleep(1_000_000)
        #expect(x.appProcess?.isRunning == true, "the view goes on")
        let shot = try x.screenshot()
        #expect(Self.count(shot, red) > 10_000, "the last picture stays")
        _ = try? x.run("xrandr", ["--fb", "2048x768"])
        let out = try x.waitForOutput("cvdcam: monitor right is back (1024×768 at 1024,0)", timeout: 15)
        #expect(out.components(separatedBy: gone).count == 2, "said once: \(out)")
        try x.waitForScreen { Self.count($0, red) > 10_000 ? nil : "the red patch did not come back" }
        #expect(!x.readOutput().contains("cvdcam: error"))
    }

    /// The view's tools on the screen as on a camera: a click probes the slide's red (its
    /// exact colour, read from the screen), `v` splits the picture (the original on the left
    /// — the red patch —, simulated on the right — the green one), `s` saves what the window shows.
    @Test func theViewsToolsWorkOnTheScreen() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try Self.view(x, ["--screen", "left"], mode: "deuteranopia")
        let red = Self.patches[0].1
        let simulated = FrameKernel(try Simulation(mode: .deuteranopia)).apply(red)
        let shot = try x.waitForScreen { Self.count($0, simulated) > 10_000 ? nil : "no simulated red patch" }
        let b = Self.box(of: simulated, in: shot)
        let (cx, cy) = ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)
        try x.run("xdotool", ["mousemove", "--window", x.window, "\(cx)", "\(cy)", "click", "1"])
        let probe = try x.waitForOutput("cvdcam: probe 1:")
        #expect(probe.contains("probe 1: \(red.hexString) ("), "the slide's red, exactly: \(probe)")
        try x.key("v")
        let green = FrameKernel(try Simulation(mode: .deuteranopia)).apply(Self.patches[1].1)
        let split = try x.waitForScreen { shot in
            let (n, m) = (Self.count(shot, red), Self.count(shot, green))
            return n > 5_000 && m > 5_000 ? nil : "split: red on \(n) pixels, simulated green on \(m)"
        }
        try ImageFile.write(split, to: ViewerE2ETests.screenshotDir + "/screen-split.png")
        try x.key("s")
        let out = try x.waitForOutput("cvdcam: saved ")
        let path = String(out.components(separatedBy: "cvdcam: saved ").last!.prefix { $0 != "\n" })
        let saved = try ImageFile.read(path)
        #expect(Self.count(saved, red) > 5_000 && Self.count(saved, green) > 5_000, "the snapshot: \(path)")
    }

    /// Frozen (space), the screen is not read; what changed meanwhile shows as soon as the
    /// view is live again, though nothing changes after that.
    @Test func whatChangedWhileFrozenShowsWhenLive() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try Self.view(x, ["--screen", "left"])
        let red = Self.patches[0].1
        try x.waitForScreen { Self.count($0, red) > 10_000 ? nil : "no red patch" }
        try x.key("space")
        try x.waitForOutput("frozen")
        shown.terminate() // the slide closes: the monitor is bare (black)
        usleep(1_500_000)
        #expect(Self.count(try x.screenshot(), red) > 10_000, "frozen: the slide stays")
        try x.key("space")
        try x.waitForScreen { Self.count($0, red) < 100 ? nil : "live again, the closed slide still shows" }
    }

    /// A region (X11 geometry): the red patch's middle alone fills the picture.
    @Test func aRegionShowsThatPartOnly() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try x.launch(["--region", "200x200+150+150", "--window", "600x600", "--mode", "normal"])
        try x.waitForOutput("cvdcam: reading region 200x200+150+150 (200×200 at 150,150)")
        try Self.moveWindow(x)
        try x.waitForScreen { shot in
            let red = Self.count(shot, Self.patches[0].1)
            let green = Self.count(shot, Self.patches[1].1)
            return red > 100_000 && green == 0 ? nil : "red on \(red) pixels, green on \(green)"
        }
    }

    /// Shift+R, then a rectangle dragged over the frozen monitor: that part shows, live,
    /// and its geometry is printed as `--region` takes it.
    @Test func shiftRPicksAPartByDragging() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try Self.view(x, ["--screen", "left"])
        let green = Self.patches[1].1
        // Once the window is on the right monitor: the patch whole (about 140 px a side in
        // the framed layout's 475×356 picture), nothing hatched.
        try x.waitForScreen {
            Self.count($0, green) > 15_000 && Self.count($0, RGB8(150, 150, 150)) < 100 ? nil : "no whole green patch"
        }
        try x.key("shift+r")
        try x.waitForOutput("drag over the part of the screen to show")
        // The green patch's box in the window as it is while picking (a key brings the labels
        // back in full, and the framed layout may then shrink the picture): the same twice.
        func greenBox(_ shot: RGBAImage) -> Box { Self.box(of: green, in: shot) }
        var box = greenBox(try x.screenshot())
        try x.waitForScreen { shot in
            let now = greenBox(shot)
            defer { box = now }
            return now == box ? nil : "the picture still moves"
        }
        // From a few pixels inside the patch's top-left corner to inside its bottom-right.
        let (ax, ay, bx, by) = (box.x0 + 6, box.y0 + 6, box.x1 - 6, box.y1 - 6)
        try Self.drag(x, from: (ax, ay), to: (bx, by))
        let out = try x.waitForOutput("of the screen (Shift+R: another part)")
        let line = try #require(out.split(separator: "\n").last { $0.contains("of the screen (Shift+R") })
        // "showing region WxH+X+Y": inside the green patch (520, 100, 300 × 300), near its corners.
        let geometry = try #require(line.split(separator: " ").first { $0.contains("x") && $0.contains("+") })
        let n = geometry.split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
        try #require(n.count == 4, "\(line)")
        let dragged = "\(line), dragged from \(ax),\(ay) to \(bx),\(by) in the window over the patch at \(box)"
        // (6 window pixels inside are 6 / scale of the screen's: 13 in the framed layout's picture.)
        let e = 6 * 300 / max(1, box.x1 - box.x0) + 6
        #expect(n[2] >= 520 && n[2] <= 520 + e && n[3] >= 100 && n[3] <= 100 + e, "\(dragged)")
        #expect(
            n[2] + n[0] <= 820 && n[2] + n[0] >= 820 - e && n[3] + n[1] <= 400 && n[3] + n[1] >= 400 - e, "\(dragged)")
        // Live on that part alone: green fills the picture, no red.
        try x.waitForScreen { shot in
            let g = Self.count(shot, green)
            let r = Self.count(shot, Self.patches[0].1)
            // (The square region fills the framed layout's picture: about 356 × 356 at 800×600.)
            return g > 100_000 && r == 0 ? nil : "green on \(g) pixels, red on \(r)"
        }
    }

    /// cvdcam's window on the monitor it reads: its part is hatched grey (never a picture of
    /// the picture); moved to the other monitor, the slide shows whole.
    @Test func itsOwnWindowIsLeftOutNeverNested() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        // It opens on the other monitor; dragged half onto the one it reads (once its first
        // seconds are over, while cvdcam keeps its frame inside the place it opened in).
        try x.launch(["--screen", "left", "--window", "800x600", "--mode", "normal"])
        usleep(3_500_000)
        try x.run("xdotool", ["windowmove", x.window, "624", "84"])
        let hatched = try x.waitForScreen { shot in
            let light = Self.count(shot, RGB8(150, 150, 150))
            let dark = Self.count(shot, RGB8(96, 96, 96))
            return light > 5000 && dark > 1000 ? nil : "no hatched patch: \(light) light, \(dark) dark grey pixels"
        }
        try ImageFile.write(hatched, to: ViewerE2ETests.screenshotDir + "/screen-own-window.png")
        try Self.moveWindow(x)
        let kernel = FrameKernel(try Simulation(mode: .normal))
        try x.waitForScreen { shot in
            Self.problem(shot, kernel, .normal) ?? (Self.count(shot, RGB8(150, 150, 150)) < 100 ? nil : "still hatched")
        }
    }

    /// `--cursor`: the pointer, over the red patch, drawn into the picture; without it, not.
    @Test(arguments: [true, false]) func thePointerOnlyWithCursor(drawn: Bool) throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        try Self.view(x, ["--screen", "left"] + (drawn ? ["--cursor"] : []))
        try x.run("xdotool", ["mousemove", "250", "250"])
        // The pointer (ImageMagick's arrow, black and white; ≈ 14 of its pixels survive the
        // window's scaling): such pixels inside the red patch.
        let red = Self.patches[0].1
        try x.waitForScreen { shot in
            // The red patch's box in the window, and the pointer's pixels in it.
            let box = Self.box(of: red, in: shot)
            guard box.x1 > box.x0 else { return "no red patch" }
            var pointer = 0
            for y in box.y0...box.y1 {
                for x in box.x0...box.x1 {
                    let p = shot[x, y]
                    if max(p.r, p.g, p.b) < 40 || min(p.r, p.g, p.b) > 215 { pointer += 1 }
                }
            }
            if drawn { return pointer >= 8 ? nil : "no pointer in the red patch (\(pointer) pixels)" }
            return pointer == 0 ? nil : "a pointer drawn without --cursor (\(pointer) pixels)"
        }
    }

    /// A server without MIT-SHM (as over ssh): plain reads, said so, the same colours.
    @Test func withoutSharedMemory() throws {
        let (x, shown) = try Self.desktop(sharedMemory: false)
        defer {
            shown.terminate()
            x.close()
        }
        try x.launch(["--screen", "left", "--window", "800x600", "--mode", "protanopia"])
        try x.waitForOutput("without shared memory (the X server offers none here)")
        try Self.moveWindow(x)
        let kernel = FrameKernel(try Simulation(mode: .protanopia))
        try x.waitForScreen { Self.problem($0, kernel, .protanopia) }
    }

    /// Bad input: one line each, naming what exists; nothing opens.
    @Test func badInputGetsOneLine() throws {
        let (x, shown) = try Self.desktop()
        defer {
            shown.terminate()
            x.close()
        }
        let cases: [([String], String)] = [
            (
                ["--screen", "DP-9"],
                "cvdcam: error: there is no monitor \"DP-9\"; the monitors are 1: left, 1024×768 at 0,0; 2: right, 1024×768 at 1024,0; 3: screen, 2048×768 at 0,0"
            ),
            (["--screen", "4"], "cvdcam: error: there is no monitor \"4\"; the monitors are 1: left"),
            (
                ["--region", "800x600+1900+0"],
                "cvdcam: error: --region 800x600+1900+0 goes off the screen, which is 2048x768: give a region inside it"
            ),
            (
                ["--region", "800by600"],
                "cvdcam: error: --region takes X11 geometry WxH+X+Y, as xwininfo prints it (e.g. 800x600+100+50); not \"800by600\""
            ),
            (["--cursor"], "cvdcam: error: --cursor is for --screen or --region"),
            (["--screen", "--test-scene"], "cvdcam: error: --image, --test-scene and --screen/--region each choose"),
        ]
        for (args, line) in cases {
            let r = try DocExamplesTests.run(args, in: x.dir, session: x)
            #expect(r.status != 0 && r.output.hasPrefix(line), "\(args): \(r.output)")
            #expect(r.output.split(separator: "\n").count == 1, "\(args): more than one line: \(r.output)")
        }
        // No X display at all.
        let r = try XSession.runToEnd(
            XSession.binary, ["--screen"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil], capture: .stderr)
        #expect(r.status == 1 && r.text.hasPrefix("cvdcam: error: cannot read the screen: no X display"), "\(r.text)")
    }
}

extension XSession {
    /// The whole screen, as the X server has it.
    func rootShot() throws -> RGBAImage {
        let path = dir + "/root-\(UUID().uuidString).png"
        try run("import", ["-window", "root", path])
        defer { unlink(path) }
        return try ImageFile.read(path)
    }
}
