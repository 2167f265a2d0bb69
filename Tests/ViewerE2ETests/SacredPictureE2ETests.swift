import CVDCore
import CVDImageIO
import CVDViewModel
import Foundation
import Testing

/// The picture belongs to the class, checked on the screen: pictures with content at
/// their very edges (a chart whose title touches the top and whose key touches the bottom,
/// a portrait traffic light), two probes 10 px apart, in single, split and 2×2, at 1024×768
/// and 1920×1080, `--ui-scale` 1 and 2. Wherever no label, ring or leader line is drawn
/// (cvdcam prints where they are: CVDCAM_PRINT_OVERLAYS), every flat part of the picture
/// shows exactly its simulated colour (±6 levels; edges, which scaling blurs, are not
/// compared); and where the window has letterbox bands, no label lies on the picture.
@Suite(.serialized) struct SacredPictureE2ETests {
    /// "Favourite fruit, Class 5B": a dark title band along the top edge, bars in
    /// red and green, a key along the bottom edge and axis marks down the left edge.
    static var chart: TestPicture {
        TestPicture(
            "chart.png", background: RGB8(245, 245, 240),
            [
                ((0, 0, 1280, 60), RGB8(40, 40, 60)), ((40, 10, 600, 40), RGB8(230, 230, 230)),
                ((0, 60, 30, 600), RGB8(90, 90, 90)),
                ((150, 200, 150, 460), RGB8(200, 30, 40)), ((400, 300, 150, 360), RGB8(60, 160, 70)),
                ((650, 150, 150, 510), RGB8(200, 30, 40)), ((900, 380, 150, 280), RGB8(60, 160, 70)),
                ((0, 670, 1280, 50), RGB8(250, 220, 120)), ((40, 680, 60, 30), RGB8(200, 30, 40)),
                ((400, 680, 60, 30), RGB8(60, 160, 70)),
            ], size: FrameSize(1280, 720))
    }

    /// A traffic light, portrait, its housing filling the frame.
    static var trafficLight: TestPicture {
        TestPicture(
            "traffic-light.png", background: RGB8(30, 30, 30),
            [
                ((150, 60, 300, 240), RGB8(220, 30, 30)), ((150, 330, 300, 240), RGB8(240, 170, 20)),
                ((150, 600, 300, 240), RGB8(40, 200, 80)), ((0, 0, 600, 20), RGB8(200, 200, 200)),
                ((0, 880, 600, 20), RGB8(200, 200, 200)),
            ], size: FrameSize(600, 900))
    }

    struct Overlays {
        var boxes: [(kind: String, rect: Rect, onPicture: Bool)] = []
        var rings: [(x: Double, y: Double, r: Double)] = []
        var lines: [(Double, Double, Double, Double)] = []
        /// Where pieces of picture are drawn (not overlays).
        var pictures: [Rect] = []

        init(_ line: String) {
            for item in line.split(separator: " ").dropFirst() {
                let parts = item.replacing("*", with: "").split(separator: ":")
                guard parts.count == 2 else { continue }
                let v = parts[1].split(separator: ",").compactMap { Double($0) }
                switch (String(parts[0]), v.count) {
                case ("ring", 3): rings.append((v[0], v[1], v[2]))
                case ("line", 4): lines.append((v[0], v[1], v[2], v[3]))
                case ("picture", 4): pictures.append(Rect(v[0], v[1], v[2], v[3]))
                case (let kind, 4): boxes.append((kind, Rect(v[0], v[1], v[2], v[3]), item.hasSuffix("*")))
                default: continue
                }
            }
        }

        /// The framed layout's bands as cvdcam drew them: those that put the first piece of
        /// picture where it is (the bands grow with what the labels need).
        func frame(_ state: ViewState, window: FrameSize) -> ViewGeometry.Bands {
            guard let p = pictures.first else { return .none }
            let panes = ViewGeometry(state: state, window: window, picture: FrameSize(16, 9)).panes
            let pane = panes.first { $0.contains(p.x + p.w / 2, p.y + p.h / 2) } ?? panes[0]
            // A band to the right: what the gap there has more than the one on the left, beside
            // all the pane's pieces (the split's two).
            let inPane = pictures.filter { pane.contains($0.x + $0.w / 2, $0.y + $0.h / 2) }
            let (x0, x1) = (inPane.map(\.x).min() ?? p.x, inPane.map(\.maxX).max() ?? p.maxX)
            // (A pixel more on one side is the centring's rounding.)
            let right = (pane.maxX - x1) - (x0 - pane.x)
            return ViewGeometry.Bands(top: p.y - pane.y, bottom: pane.maxY - p.maxY, right: right > 1.5 ? right : 0)
        }

        /// The last overlays line cvdcam printed.
        static func last(_ x: XSession) throws -> Overlays {
            let line = try #require(
                x.readOutput().split(separator: "\n").last { $0.hasPrefix("cvdcam: overlays: ") }, "no overlays line")
            return Overlays(String(line.dropFirst("cvdcam: ".count)))
        }

        /// Whether (x, y) is on something drawn over the picture (with a pixel of margin).
        func covers(_ x: Double, _ y: Double) -> Bool {
            if boxes.contains(where: { Rect($0.rect.x - 2, $0.rect.y - 2, $0.rect.w + 4, $0.rect.h + 4).contains(x, y) }
            ) {
                return true
            }
            if rings.contains(where: {
                ((x - $0.x) * (x - $0.x) + (y - $0.y) * (y - $0.y)).squareRoot() <= $0.r * 1.3 + 3
            }) {
                return true
            }
            return lines.contains { l in
                let (dx, dy) = (l.2 - l.0, l.3 - l.1)
                let len2 = max(1e-9, dx * dx + dy * dy)
                let t = min(max(((x - l.0) * dx + (y - l.1) * dy) / len2, 0), 1)
                let (px, py) = (l.0 + t * dx - x, l.1 + t * dy - y)
                return (px * px + py * py).squareRoot() <= 4
            }
        }
    }

    /// Pixels of flat picture that do not show their simulated colour, outside every overlay.
    static func wrongPixels(
        _ shot: RGBAImage, _ picture: RGBAImage, _ state: ViewState, _ window: FrameSize, _ overlays: Overlays
    ) -> [(Int, Int)] {
        let g = ViewGeometry(
            state: state, window: window, picture: FrameSize(picture.width, picture.height),
            frame: overlays.frame(state, window: window))
        let sims = state.renderedSimulations
        var wrong: [(Int, Int)] = []
        for piece in g.pieces where piece.destination.w >= 2 {
            let d = piece.destination
            let s = piece.source
            let sim = sims[piece.texture]
            for y in stride(from: Int(d.y) + 1, to: Int(d.maxY) - 1, by: 3) {
                for x in stride(from: Int(d.x) + 1, to: Int(d.maxX) - 1, by: 3) {
                    guard !overlays.covers(Double(x), Double(y)) else { continue }
                    let sx = Int(s.x + (Double(x) + 0.5 - d.x) / d.w * s.w)
                    let sy = Int(s.y + (Double(y) + 0.5 - d.y) / d.h * s.h)
                    let c = picture[min(max(sx, 0), picture.width - 1), min(max(sy, 0), picture.height - 1)]
                    let flat = [(-3, -3), (3, -3), (-3, 3), (3, 3), (0, 0)].allSatisfy { o in
                        let px = min(max(sx + o.0, 0), picture.width - 1)
                        let py = min(max(sy + o.1, 0), picture.height - 1)
                        return picture[px, py] == c
                    }
                    guard flat else { continue }
                    if shot[x, y].distance(to: sim.simulate(c)) > 6 { wrong.append((x, y)) }
                }
            }
        }
        return wrong
    }

    @Test(arguments: [(1024, 768, 1.0), (1024, 768, 2.0), (1920, 1080, 1.0), (1920, 1080, 2.0)])
    func theMaterialStaysVisible(width: Int, height: Int, scale: Double) throws {
        for picture in [Self.chart, Self.trafficLight] {
            let window = FrameSize(width, height)
            let x = try XSession(width: width, height: height)
            defer { x.close() }
            try x.launch(
                [
                    "--image", try picture.write(in: x.dir), "--window", "\(width)x\(height)", "--ui-scale",
                    String(scale),
                    "--mode", "deuteranopia",
                ],
                environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
            try x.waitForOutput("showing image \(picture.name)")
            var state = ViewState(mode: .deuteranopia)
            usleep(300_000)
            let g0 = ViewGeometry(
                state: state, window: window, picture: FrameSize(picture.image.width, picture.image.height),
                frame: try Overlays.last(x).frame(state, window: window))
            // Two probes 10 px apart on the picture's middle.
            let p = g0.pictureRect
            for dx in [0, 10] {
                try x.run(
                    "xdotool",
                    [
                        "mousemove", "--window", x.window, String(Int(p.x + p.w / 2) + dx),
                        String(Int(p.y + p.h * 0.45)),
                        "click", "1",
                    ])
                usleep(250_000)
            }
            try x.waitForOutput("probes 1–2 under")
            for layout in ["single", "split", "2×2"] {
                if layout != "single" {
                    try x.key("v")
                    state.apply(.cycleLayout)
                }
                usleep(700_000)
                let shot = try x.screenshot()
                let tag = "\(picture.name.replacing(".png", with: ""))-\(layout)-\(width)x\(height)-ui\(Int(scale))"
                try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/sacred-\(tag).png")
                let overlays = try Overlays.last(x)
                let wrong = Self.wrongPixels(shot, picture.image, state, window, overlays)
                #expect(
                    wrong.count <= 20, "\(tag): \(wrong.count) picture pixels covered or wrong, e.g. \(wrong.prefix(5))"
                )
                // In the framed layout (the default) every label but a probe readout is in the
                // bands (a readout that cannot fit a band at its text size goes over the
                // picture, away from the probes).
                do {
                    let over = overlays.boxes.filter { $0.onPicture && $0.kind != "readout" }.map {
                        "\($0.kind) \($0.rect)"
                    }
                    #expect(over.isEmpty, "\(tag): labels on the picture although there are bands: \(over)")
                }
            }
            try x.quitKey("q")
            _ = try x.waitForExit()
        }
    }
}

/// A page turned upright on a 4:3 projector at `--ui-scale 2`, in German and Japanese: two
/// bands beside it cannot hold a readout, so one wide band to its right holds every label;
/// the page keeps most of the height (it was drawn 216 × 384 with bands above and below),
/// and nothing, the pair's readout included, lies on it.
@Suite(.serialized) struct OneSideBandE2ETests {
    @Test(arguments: ["de", "ja"]) func aTallPageAtDoubleScaleKeepsItsLabelsBeside(language: String) throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.launch(
            [
                "--test-scene", "--rotate", "90", "--window", "1024x768", "--ui-scale", "2", "--language", language,
                "--mode", "deuteranopia",
            ],
            environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing built-in test scene")
        usleep(500_000)
        let p = try #require(try SacredPictureE2ETests.Overlays.last(x).pictures.first)
        #expect(p.h >= 0.8 * 768, "\(p)")
        #expect(1024 - p.maxX >= 0.35 * 1024, "the band to its right: \(p)")
        for (fx, fy) in [(0.45, 0.4), (0.55, 0.65)] {
            try x.run(
                "xdotool",
                [
                    "mousemove", "--window", x.window, String(Int(p.x + p.w * fx)), String(Int(p.y + p.h * fy)),
                    "click", "1",
                ])
            usleep(250_000)
        }
        try x.waitForOutput("probes 1–2 under")
        usleep(700_000)
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/one-side-band-\(language).png")
        let overlays = try SacredPictureE2ETests.Overlays.last(x)
        #expect(overlays.pictures.first == p, "the picture held still")
        #expect(overlays.boxes.contains { $0.kind == "readout" }, "\(overlays.boxes.map(\.kind))")
        let over = overlays.boxes.filter(\.onPicture).map { "\($0.kind) \($0.rect)" }
        #expect(over.isEmpty, "labels on the page: \(over)")
        try x.quitKey("q")
        _ = try x.waitForExit()
    }
}

/// A damaged JPEG and a WebP in the live view: the WebP shows as any picture; the JPEG
/// shows what could be read, and the footer says it is damaged (and stays while it shows).
@Suite(.serialized) struct PictureFilesE2ETests {
    @Test func damagedJPEGAndWebPInTheView() throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        let jpeg = x.dir + "/whole.jpg"
        try ImageFile.write(ViewerE2ETests.patches.image, to: jpeg)
        let data = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: x.dir + "/cut.jpg"))
        try x.launch(["--image", x.dir + "/cut.jpg", "--window", "1024x768"])
        let out = try x.waitForOutput("is damaged: the JPEG file ends early")
        #expect(out.contains("% of the picture"), "\(out)")
        usleep(6_500_000) // past the footer's fade: it has news, so it stays
        let shot = try x.screenshot()
        let footerRow = (0..<1024).filter { shot[$0, 750].r > 200 && shot[$0, 750].g > 200 }.count
        #expect(footerRow > 20, "the footer's text still shows at the bottom")
        try x.quitKey("q")
        _ = try x.waitForExit()

        let y = try XSession(width: 1280, height: 720)
        defer { y.close() }
        let png = y.dir + "/patches.png"
        try ImageFile.write(ViewerE2ETests.patches.image, to: png)
        let magick = Process()
        magick.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        magick.arguments = [png, "-define", "webp:lossless=true", y.dir + "/patches.webp"]
        try magick.run()
        magick.waitUntilExit()
        try y.launch(["--image", y.dir + "/patches.webp", "--window", "1280x720", "--labels-over-picture"])
        try y.waitForOutput("showing image patches.webp")
        usleep(400_000)
        try ViewerE2ETests().expectPatches(try y.screenshot(), mode: .normal)
        try y.quitKey("q")
        _ = try y.waitForExit()
    }
}
