import CVDCore
import CVDImageIO
import CVDViewModel
import Foundation
import Testing

/// The document camera as a teacher uses it, under Xvfb with xdotool: the picture turned
/// and mirrored by key and by flag (patch colours where the turn puts them), a page seen in
/// perspective straightened from four clicks (its corner marks at the pane's corners, its
/// lines straight) and remembered after a restart, the pen in all four 2×2 panes and in the
/// snapshot, and still | live.
@Suite(.serialized) struct DocumentCameraE2ETests {
    /// Where patch `i`'s middle shows on screen for a picture of `size` turned by `state`.
    static func onScreen(_ i: Int, _ state: ViewState, window: FrameSize, picture: FrameSize) -> (Int, Int) {
        let r = ViewerE2ETests.patchRect(i)
        let p = Point(
            (Double(r.x) + Double(r.w) / 2) / Double(picture.width),
            (Double(r.y) + Double(r.h) / 2) / Double(picture.height))
        let g = ViewGeometry(state: state, window: window, picture: picture)
        let w = g.windowPoint(p, texture: 0)!
        return (Int(w.x), Int(w.y))
    }

    func expectPatchesTurned(_ shot: RGBAImage, _ state: ViewState, _ what: String) {
        for (i, c) in ViewerE2ETests.patchColours.enumerated() {
            let (x, y) = Self.onScreen(i, state, window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
            #expect(shot[x, y].distance(to: c) <= 4, "\(what): patch \(i) at \(x),\(y) is \(shot[x, y]), want \(c)")
        }
    }

    @Test func turnAndMirrorByFlagAndKey() throws {
        let x = try XSession()
        defer { x.close() }
        // The picture as large as the window allows (labels over its edges): where the turn puts each patch.
        try x.launch(ViewerE2ETests.patches, ["--window", "1280x720", "--rotate", "90", "--labels-over-picture"])
        try x.waitForOutput("showing image patches.png")
        usleep(500_000)
        var s = ViewState()
        s.orientation = Orientation(degrees: 90)
        expectPatchesTurned(try x.screenshot(), s, "--rotate 90")
        try x.key("r")
        try x.waitForOutput("picture turned: 180°")
        usleep(400_000)
        s.orientation.rotateClockwise()
        expectPatchesTurned(try x.screenshot(), s, "r: 180°")
        try x.key("e")
        try x.waitForOutput("picture 180°, mirrored")
        usleep(400_000)
        s.orientation.mirrored = true
        expectPatchesTurned(try x.screenshot(), s, "e: mirrored")
        try x.quitKey("q")
        _ = try x.waitForExit()
    }

    /// Still | live where the panes show the picture reduced (a 960×720 window: each pane
    /// under half the picture's width): the still pane showed black in both renderers, since a render
    /// that makes only the changed parts again was taught to pass the still over — and a
    /// whole render passed it over too. (At 1920×1080 it showed by chance: the texture
    /// came back from the single view's pool still holding the live picture.) The
    /// picture is a file, so the still and the live picture are the same: every patch
    /// shows its colour in both panes.
    @Test(arguments: ["software", "gl"]) func theStillShowsBesideTheLivePicture(renderer: String) throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(
            ViewerE2ETests.patches, ["--window", "960x720", "--labels-over-picture", "--renderer", renderer])
        try x.waitForOutput("showing image patches.png")
        try x.key("g")
        try x.waitForOutput("still | live")
        var s = ViewState()
        s.hasStill = true
        s.layout = .stillLive
        let g = ViewGeometry(state: s, window: FrameSize(960, 720), picture: FrameSize(1280, 720))
        try x.waitForScreen { shot in
            for (i, c) in ViewerE2ETests.patchColours.enumerated() {
                let r = ViewerE2ETests.patchRect(i)
                let p = Point(Double(r.x + r.w / 2) / 1280, Double(r.y + r.h / 2) / 720)
                for (t, pane) in [(0, "still"), (1, "live")] {
                    guard let w = g.windowPoint(p, texture: t) else { return "patch \(i): not in the \(pane) pane" }
                    let seen = shot[Int(w.x), Int(w.y)]
                    if seen.distance(to: c) > ViewerE2ETests.tolerance {
                        return
                            "\(renderer): patch \(i) in the \(pane) pane at \(Int(w.x)),\(Int(w.y)) is \(seen), want \(c)"
                    }
                }
            }
            return nil
        }
        try x.quitKey("q")
        _ = try x.waitForExit()
    }

    /// A white page with a black frame line, seen in perspective on a grey desk; its corners
    /// carry coloured marks (red top left, green top right, blue bottom right, yellow bottom left).
    static let pageCorners = [(240.0, 120.0), (1040.0, 150.0), (1120.0, 640.0), (170.0, 600.0)]
    static let marks: [RGB8] = [RGB8(220, 30, 30), RGB8(30, 180, 60), RGB8(40, 60, 220), RGB8(240, 210, 30)]

    static func perspectivePage() throws -> RGBAImage {
        var img = RGBAImage(width: 1280, height: 720, fill: RGB8(110, 110, 110))
        let rect = [(0.0, 0.0), (800.0, 0.0), (800.0, 600.0), (0.0, 600.0)]
        let toPicture = try #require(
            Homography(from: rect.map { (x: $0.0, y: $0.1) }, to: pageCorners.map { (x: $0.0, y: $0.1) }))
        let back = try #require(toPicture.inverse)
        for y in 0..<720 {
            for x in 0..<1280 {
                guard let p = back.apply(Double(x) + 0.5, Double(y) + 0.5), p.x >= 0, p.x < 800, p.y >= 0, p.y < 600
                else { continue }
                var c = RGB8(250, 250, 250)
                // Corner marks (60×60 page units) and a frame line 40 units in.
                if p.x < 60 && p.y < 60 { c = marks[0] }
                if p.x >= 740 && p.y < 60 { c = marks[1] }
                if p.x >= 740 && p.y >= 540 { c = marks[2] }
                if p.x < 60 && p.y >= 540 { c = marks[3] }
                if (abs(p.y - 300) < 3) && p.x > 80 && p.x < 720 { c = RGB8(0, 0, 0) }
                img[x, y] = c
            }
        }
        return img
    }

    @Test func straightenFromFourClicksAndRememberIt() throws {
        let x = try XSession()
        defer { x.close() }
        let path = x.dir + "/page.png"
        try ImageFile.write(try Self.perspectivePage(), to: path)
        try x.launch(["--image", path, "--window", "1280x720", "--labels-over-picture"])
        try x.waitForOutput("showing image page.png")
        try x.key("t")
        try x.waitForOutput("click the page's four corners")
        // The picture fills the 1280×720 window 1:1: click the corners, in a shuffled order.
        for i in [2, 0, 3, 1] {
            let (cx, cy) = Self.pageCorners[i]
            try x.run("xdotool", ["mousemove", "--window", x.window, String(Int(cx)), String(Int(cy)), "click", "1"])
            usleep(250_000)
        }
        try x.waitForOutput("page straightened")
        usleep(6_000_000) // the footer fades: the page's corners are clear
        func checkStraight(_ shot: RGBAImage, _ what: String) {
            // The page (800×600 units) fills the pane upright: each corner mark at its corner.
            let g = ViewGeometry(
                state: {
                    var s = ViewState()
                    s.pageCorners = Self.pageCorners.map { Point($0.0 / 1280, $0.1 / 720) }
                    return s
                }(), window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
            let p = g.pictureRect
            let inset = 12.0
            let spots = [
                (p.x + inset, p.y + inset), (p.maxX - inset, p.y + inset), (p.maxX - inset, p.maxY - inset),
                (p.x + inset, p.maxY - inset),
            ]
            for (k, spot) in spots.enumerated() {
                #expect(
                    shot[Int(spot.0), Int(spot.1)].distance(to: Self.marks[k]) <= 12, "\(what): corner \(k) at \(spot)")
            }
            // The frame line is straight and level: its dark run is at one height across.
            let rows = stride(from: Int(p.x + p.w * 0.15), to: Int(p.maxX - p.w * 0.15), by: 40).compactMap { col in
                (Int(p.y + p.h * 0.2)..<Int(p.maxY - p.h * 0.2)).first { shot[col, $0].r < 60 && shot[col, $0].g < 60 }
            }
            #expect(rows.count >= 8, "\(what): the line is there")
            if let lo = rows.min(), let hi = rows.max() {
                #expect(hi - lo <= 3, "\(what): the line is straight (\(rows))")
            }
        }
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/straightened.png")
        checkStraight(shot, "straightened")
        try x.quitKey("q")
        _ = try x.waitForExit()
        // Started again on the same picture: straightened as last time, and it says so.
        let y = try XSession()
        defer { y.close() }
        try y.launch(
            ["--image", path, "--window", "1280x720", "--labels-over-picture"],
            environment: ["XDG_CONFIG_HOME": x.dir + "/.config"])
        try y.waitForOutput("the page straightened as last time")
        usleep(6_000_000)
        checkStraight(try y.screenshot(), "after a restart")
        try y.quitKey("q")
        _ = try y.waitForExit()
    }

    @Test func penInEveryPaneAndTheSnapshotThenStillLive() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(ViewerE2ETests.patches, ["--window", "1280x720"])
        try x.waitForOutput("showing image patches.png")
        try x.key("v")
        try x.key("v")
        try x.waitForOutput("quad:")
        try x.key("b")
        try x.waitForOutput("pen on")
        // A stroke across the first pane's grey background (between patch rows).
        try x.run("xdotool", ["mousemove", "--window", x.window, "60", "95", "mousedown", "1"])
        for px in stride(from: 80, through: 560, by: 40) {
            try x.run("xdotool", ["mousemove", "--window", x.window, String(px), "95"])
            usleep(30_000)
        }
        try x.run("xdotool", ["mouseup", "1"])
        usleep(500_000)
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/pen-quad.png")
        var s = ViewState()
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
        // The same picture point in every pane: black core, white edge around it.
        let p = g.picturePoint(300, 95)!
        for t in 0..<4 {
            let w = g.windowPoint(p, texture: t)!
            let column = (Int(w.y) - 8...Int(w.y) + 8).map { shot[Int(w.x), $0] }
            #expect(column.contains { $0.r < 40 && $0.g < 40 && $0.b < 40 }, "pane \(t + 1): the stroke's core")
            #expect(column.contains { $0.r > 230 && $0.g > 230 && $0.b > 230 }, "pane \(t + 1): its light edge")
        }
        try x.key("s")
        let out = try x.waitForOutput("cvdcam: saved ")
        let saved = try ImageFile.read(
            String(out.components(separatedBy: "cvdcam: saved ").last!.prefix { $0 != "\n" }))
        let w = g.windowPoint(p, texture: 3)!
        #expect(
            (Int(w.y) - 8...Int(w.y) + 8).contains { saved[Int(w.x), $0].r < 40 && saved[Int(w.x), $0].g < 40 },
            "the snapshot has the stroke")
        // Still | live: the still on the left, the live picture on the right, each labelled.
        try x.key("g")
        try x.waitForOutput("still grabbed")
        try x.waitForOutput("still | live")
        try x.quitKey("q")
        _ = try x.waitForExit()
    }
}
