import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The two renderers show the same: the test scene in every layout and view (split, 2×2,
/// still | live, assist, turned, mirrored, zoomed, straightened, an MJPEG camera), and the
/// patches with probes, a pen stroke and the confusion stripes — screenshots of the GL and
/// the software renderer agree within 1 level wherever the picture is flat (every pixel of
/// its 5×5 neighbourhood in the software shot within a level: edges, which the two scale
/// with different filters, are not compared) — but for at most 0.1 % of those pixels, 2
/// apart, where each path's 32-bit arithmetic lands a level on either side of the float64
/// reference (each within ±1 of it: GLConformanceE2ETests, KernelTests) — and within a
/// level more under the labels' translucent shims (SDL's software blending rounds its own
/// way). Under Xvfb with llvmpipe; `--renderer gl`.
@Suite(.serialized) struct GLRendererE2ETests {
    /// Flat pixels compared, and those more than a level apart (as "x,y: gl vs software").
    /// `ignoring`: pairs of colours (GL's, software's) not to count; `labels`: where labels
    /// lie (a level more is allowed there); `beyond`: the levels apart that count as off.
    static func disagreement(
        _ gl: RGBAImage, _ sw: RGBAImage, labels: SacredPictureE2ETests.Overlays? = nil, beyond: Int = 1,
        ignoring: (RGB8, RGB8) -> Bool = { _, _ in false }
    ) -> (flat: Int, off: [String]) {
        guard gl.width == sw.width, gl.height == sw.height else { return (0, ["sizes differ"]) }
        var flat = 0
        var off: [String] = []
        for y in 2..<(sw.height - 2) {
            for x in 2..<(sw.width - 2) {
                let c = sw[x, y]
                var uniform = true
                for dy in -2...2 where uniform {
                    for dx in -2...2 where sw[x + dx, y + dy].distance(to: c) > 1 {
                        uniform = false
                        break
                    }
                }
                guard uniform else { continue }
                flat += 1
                let allowed =
                    beyond + (labels?.boxes.contains { $0.rect.contains(Double(x), Double(y)) } == true ? 1 : 0)
                if gl[x, y].distance(to: c) > allowed, !ignoring(gl[x, y], c) {
                    off.append("\(x),\(y): \(gl[x, y].hexString) vs \(c.hexString)")
                }
            }
        }
        return (flat, off)
    }

    /// `args` shown by both renderers, each to its own screenshot.
    static func shots(
        _ args: [String], in x: XSession, tag: String
    ) throws -> (gl: RGBAImage, sw: RGBAImage, labels: SacredPictureE2ETests.Overlays) {
        var out: [RGBAImage] = []
        var labels = SacredPictureE2ETests.Overlays("")
        for renderer in ["gl", "software"] {
            let path = "\(x.dir)/\(tag)-\(renderer).png"
            let r = try XSession.runToEnd(
                XSession.binary,
                args + ["--renderer", renderer, "--screenshot", path, "--screenshot-after", "12"],
                environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }.merging([
                    "CVDCAM_PRINT_OVERLAYS": "1"
                ]) { $1 }, capture: .stdout)
            guard r.status == 0, r.text.contains("renderer: \(renderer == "gl" ? "OpenGL" : "software")") else {
                throw XSession.Failure("\(tag) in \(renderer): status \(r.status), \(r.text)")
            }
            if let line = r.text.split(separator: "\n").last(where: { $0.hasPrefix("cvdcam: overlays: ") }) {
                labels = SacredPictureE2ETests.Overlays(String(line.dropFirst("cvdcam: ".count)))
            }
            out.append(try ImageFile.read(path))
            try? FileManager.default.copyItem(
                atPath: path, toPath: ViewerE2ETests.screenshotDir + "/gl-\(tag)-\(renderer).png")
        }
        return (out[0], out[1], labels)
    }

    @Test func theTestSceneInEveryLayoutAndView() throws {
        let x = try XSession(width: 1280, height: 720)
        defer { x.close() }
        let scene = ["--test-scene", "--window", "1280x720"]
        let views: [(tag: String, args: [String], allowed: Int)] = [
            ("single", ["--mode", "deuteranopia"], 0),
            ("split", ["--mode", "deuteranopia", "--press", "v@2"], 0),
            ("2x2", ["--press", "v@2", "--press", "v@3"], 0),
            ("still-live", ["--mode", "protanopia", "--press", "g@2"], 0),
            ("assist", ["--mode", "deuteranopia", "--press", "d@2"], 0),
            ("turned", ["--rotate", "90", "--mode", "tritanopia"], 0),
            ("mirrored", ["--mirror", "--rotate", "180", "--mode", "achromatopsia"], 0),
            ("zoomed", ["--mode", "protanomaly", "--press", "plus@2", "--press", "plus@3"], 0),
            ("ios", ["--mode", "deuteranopia", "--model", "colormatrix"], 0),
            // MJPEG: the GL renderer reads planes (decoded straight into them), the software
            // renderer YUYV; in 2×2 the GPU reduces the planes itself (the CPU reduces YUYV).
            ("mjpeg", ["--format", "mjpeg", "--mode", "tritanomaly"], 0),
            ("mjpeg-2x2", ["--format", "mjpeg", "--press", "v@2", "--press", "v@3"], 0),
            // A projective mesh: drawn by the software renderer as GL draws it (`MeshWarp`;
            // measured: no flat pixel of 736 917 more than a level apart).
            ("straightened", ["--straighten", "100,50:1200,80:1150,700:50,650", "--mode", "deuteranopia"], 0),
        ]
        for v in views {
            let (gl, sw, labels) = try Self.shots(scene + v.args, in: x, tag: v.tag)
            let (flat, off) = Self.disagreement(gl, sw, labels: labels)
            let far = Self.disagreement(gl, sw, labels: labels, beyond: 2).off
            #expect(flat > 20_000, "\(v.tag): only \(flat) flat pixels to compare")
            #expect(
                off.count <= v.allowed + flat / 1000 && far.count <= v.allowed,
                "\(v.tag): \(off.count) of \(flat) flat pixels more than a level apart (\(far.count) more than 2), e.g. \(far.prefix(2) + off.prefix(3))"
            )
        }
    }

    @Test func probesPenAndStripesAgree() throws {
        // A patch whose colour deuteranopia confuses with another patch's (the stripes' test).
        let sim = try Simulation(mode: .deuteranopia)
        let colours = ViewerE2ETests.patchColours
        let pairs = colours.indices.flatMap { i in colours.indices.map { (i, $0) } }
        let (picked, marked) = try #require(
            pairs.first {
                $0.0 != $0.1 && ConfusionCriterion(picked: colours[$0.0], simulation: sim).isConfusable(colours[$0.1])
            })
        var shots: [RGBAImage] = []
        var lines: [[String]] = []
        for renderer in ["gl", "software"] {
            let x = try XSession(width: 1280, height: 720)
            defer { x.close() }
            // The picture 1:1 in the window (labels over its edges): patches where the picture has them.
            try x.launch(
                ViewerE2ETests.patches,
                ["--window", "1280x720", "--mode", "deuteranopia", "--renderer", renderer, "--labels-over-picture"])
            try x.waitForOutput("renderer: \(renderer == "gl" ? "OpenGL" : "software")")
            try ViewerE2ETests.clickPatches(x, [0, 1])
            try x.waitForOutput("probes 1–2 under")
            // A pen stroke across patch 5, then the stripes for the red of patch 0.
            try x.key("b")
            try x.run("xdotool", ["mousemove", "--window", x.window, "420", "330", "mousedown", "1"])
            for px in stride(from: 440, through: 700, by: 20) {
                try x.run("xdotool", ["mousemove", "--window", x.window, String(px), String(330 + (px - 420) / 4)])
                usleep(30_000)
            }
            try x.run("xdotool", ["mouseup", "1"])
            try x.key("b")
            let r = ViewerE2ETests.patchRect(picked)
            try x.run("xdotool", ["mousemove", "--window", x.window, String(r.x + 30), String(r.y + 30)])
            try x.key("x")
            let out = try x.waitForOutput("confusable with")
            usleep(800_000)
            try x.key("space") // frozen: the stripes stop, so both shots show them where they stand
            usleep(800_000)
            shots.append(try x.screenshot())
            try ImageFile.write(
                shots.last!, to: ViewerE2ETests.screenshotDir + "/gl-probes-pen-stripes-\(renderer).png")
            lines.append(
                out.split(separator: "\n").map(String.init).filter {
                    $0.hasPrefix("cvdcam: probe") || $0.contains("confusable with")
                })
            try x.quitKey("q")
            _ = try x.waitForExit()
        }
        #expect(lines[0] == lines[1], "the same probe and share lines: \(lines[0]) vs \(lines[1])")
        // Stripes: black and white bands over the confusable patches in both.
        for (shot, name) in zip(shots, ["gl", "software"]) {
            let p = ViewerE2ETests.patchRect(marked)
            var black = 0
            var white = 0
            for y in p.y..<(p.y + p.h) {
                for x in p.x..<(p.x + p.w) {
                    if shot[x, y] == RGB8(0, 0, 0) { black += 1 }
                    if shot[x, y] == RGB8(255, 255, 255) { white += 1 }
                }
            }
            #expect(
                black > 2000 && white > 2000, "\(name): stripes over patch \(marked) (\(black) black, \(white) white)")
        }
        // Everywhere flat but under the stripes (black or white bands, whose phase depends on
        // when each view froze).
        let band: (RGB8) -> Bool = { $0 == RGB8(0, 0, 0) || $0 == RGB8(255, 255, 255) }
        let (flat, off) = Self.disagreement(shots[0], shots[1]) { band($0) || band($1) }
        #expect(flat > 100_000 && off.isEmpty, "\(off.count) of \(flat) flat pixels differ: \(off.prefix(4))")
    }
}
