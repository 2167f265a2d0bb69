import CVDCore
import CVDImageIO
import Foundation
import Testing

let vividFolder = ProcessInfo.processInfo.environment["CVDCAM_VIVID_OUT"]

/// Checks the pictures `cvdcam snapshot` took of vivid's colour bars inside the VM
/// (scripts/test-vm runs the VM, then this suite with CVDCAM_VIVID_OUT set to the folder
/// the pictures came back to). Without that folder — a plain `swift test` — there is
/// nothing to check and the suite is skipped.
// Serialized: picture loading briefly redirects stderr (StderrCapture), where the test
// library writes its results; running one test at a time keeps every result line.
@Suite(.serialized, .enabled(if: vividFolder != nil, "runs from scripts/test-vm, after the VM"))
struct VividBarsTests {
    static let folder = vividFolder

    /// vivid's default pattern: 75 % colour bars, left to right. In sRGB that is 191 for
    /// every lit channel (0.75 × 255, rounded), as vivid's own RGB24 frames show.
    static let bars: [(String, RGB8)] = [
        ("white", RGB8(191, 191, 191)), ("yellow", RGB8(191, 191, 0)), ("cyan", RGB8(0, 191, 191)),
        ("green", RGB8(0, 191, 0)), ("magenta", RGB8(191, 0, 191)), ("red", RGB8(191, 0, 0)),
        ("blue", RGB8(0, 0, 191)), ("black", RGB8(0, 0, 0)),
    ]

    static func load(_ name: String) throws -> RGBAImage {
        try ImageFile.read((folder! as NSString).appendingPathComponent(name))
    }

    /// Mean colour of a 16×16 patch in the middle of bar `i`, half-way down (below the
    /// on-screen text vivid draws at the top).
    static func bar(_ img: RGBAImage, _ i: Int) -> RGB8 {
        mean(img, img.width * (2 * i + 1) / 16, img.height / 2)
    }

    static func distance(_ a: RGB8, _ b: RGB8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
    }

    /// Decoded frames show the eight bars: RGB24 (no Y′CbCr involved) within ±1, the Y′CbCr
    /// formats within ±4 (8-bit limited-range Y′CbCr rounds 191 to 188…191).
    @Test(arguments: [
        ("rgb640.png", 1, 640, 480), ("yuyv640.png", 4, 640, 480),
        ("yuyv720.png", 4, 1280, 720), ("nv12640.png", 4, 640, 480),
        ("uyvy640.png", 4, 640, 480), ("bgr640.png", 1, 640, 480),
        // Snapshots that survived a stream fault (Tests/VM/vivid-tests.sh).
        ("fault-streamon.png", 1, 640, 480), ("fault-reqbufs.png", 1, 640, 480),
        ("fault-fatal.png", 1, 640, 480), ("fault-qbuf.png", 1, 640, 480),
        ("fault-bufflag.png", 1, 640, 480), ("fault-seqwrap.png", 1, 640, 480),
        ("fault-timewrap.png", 1, 640, 480), ("fault-disconnect.png", 1, 640, 480),
    ])
    func barsDecode(file: String, tolerance: Int, width: Int, height: Int) throws {
        let img = try Self.load(file)
        #expect(img.width == width && img.height == height)
        for (i, (name, want)) in Self.bars.enumerated() {
            let got = Self.bar(img, i)
            #expect(
                Self.distance(got, want) <= tolerance, "\(file) \(name) bar: \(got), expected \(want) ±\(tolerance)")
        }
    }

    /// GREY frames: every bar grey, brighter to darker in the order of the bars' luma
    /// (white, yellow, cyan, green, magenta, red, blue, black).
    @Test func greyFramesShowTheBarsAsGreys() throws {
        let img = try Self.load("grey640.png")
        var last = 256
        for i in Self.bars.indices {
            let p = Self.bar(img, i)
            #expect(p.r == p.g && p.g == p.b, "bar \(i): \(p)")
            #expect(Int(p.r) < last, "bar \(i) is not darker than the one before: \(p.r) after \(last)")
            last = Int(p.r)
        }
    }

    /// `snapshot --mode deuteranopia` (default format: YUYV) equals the colour core's
    /// deuteranopia of the bars the camera sent (the normal snapshot of the same format):
    /// ±2 — each picture is rounded once from the same Y′CbCr samples. Against the ideal
    /// 191 bars: ±5.
    @Test func deuteranopiaSnapshotMatchesTheColourCore() throws {
        let deut = try Self.load("deut.png")
        let normal = try Self.load("yuyv640.png")
        let kernel = FrameKernel(try Simulation(mode: .deuteranopia))
        for (i, (name, ideal)) in Self.bars.enumerated() {
            let got = Self.bar(deut, i)
            let fromFrame = kernel.apply(Self.bar(normal, i))
            #expect(Self.distance(got, fromFrame) <= 2, "\(name): \(got) vs core \(fromFrame)")
            #expect(
                Self.distance(got, kernel.apply(ideal)) <= 5,
                "\(name): \(got) vs core on ideal bars \(kernel.apply(ideal))")
        }
    }

    /// `--mode all` from RGB24 frames: every mode within ±1 of the colour core applied to the bars.
    @Test(arguments: VisionMode.allCases)
    func everyModeMatchesTheColourCore(mode: VisionMode) throws {
        let img = try Self.load("bars-\(mode.rawValue).png")
        let kernel = FrameKernel(try Simulation(mode: mode))
        for (i, (name, ideal)) in Self.bars.enumerated() {
            let got = Self.bar(img, i)
            let want = kernel.apply(ideal)
            #expect(Self.distance(got, want) <= 1, "\(mode) \(name): \(got) vs \(want)")
        }
    }

    /// The live view on vivid (SDL's offscreen driver), `--mode deuteranopia`, screenshot of
    /// the whole window after 10 frames, and again after the camera was unplugged and came
    /// back, after a refused VIDIOC_STREAMON at start and after a fatal streaming error: the bars (mid-height, clear of the labels) as the colour core predicts from
    /// the bars the camera sent, ±3.
    @Test(arguments: ["view.png", "back.png", "fault-view.png", "fault-view-fatal.png"])
    func liveViewShowsTheBarsSimulated(file: String) throws {
        let shot = try Self.load(file)
        let normal = try Self.load("yuyv640.png")
        #expect(shot.width == 640 && shot.height == 480)
        let kernel = FrameKernel(try Simulation(mode: .deuteranopia))
        for (i, (name, _)) in Self.bars.enumerated() {
            let got = Self.bar(shot, i)
            let want = kernel.apply(Self.bar(normal, i))
            #expect(Self.distance(got, want) <= 3, "\(file) \(name): \(got) vs core \(want)")
        }
    }

    /// Camera busy at start: the test scene shows, and the footer carries the capture
    /// module's message on its dark shim (bottom-left, light text on dark).
    @Test func busyCameraShowsTheTestSceneWithTheMessage() throws {
        let shot = try Self.load("busy.png")
        #expect(shot.width == 640 && shot.height == 480)
        // Not vivid's bars: the test scene's light background at the top right.
        let corner = shot[630, 10]
        #expect(corner.r > 200 && corner.g > 200 && corner.b > 190, "top-right: \(corner)")
        // The footer: a dark shim across the bottom-left with light text on it.
        var dark = 0
        var light = 0
        for y in 440..<470 {
            for x in 10..<300 {
                let p = shot[x, y]
                let sum = Int(p.r) + Int(p.g) + Int(p.b)
                if sum < 150 { dark += 1 } else if sum > 600 { light += 1 }
            }
        }
        #expect(dark > 3000 && light > 300, "footer: \(dark) dark, \(light) light pixels")
    }

    /// Busy at start, then freed: the later screenshot shows vivid's bars (normal mode), not
    /// the test scene.
    @Test func freedCameraReplacesTheTestScene() throws {
        let shot = try Self.load("freed.png")
        for (i, (name, want)) in Self.bars.enumerated() {
            let got = Self.bar(shot, i)
            #expect(Self.distance(got, want) <= 4, "\(name): \(got), expected \(want)")
        }
    }

    /// `--control brightness=200` reaches the picture: every bar is brighter than at 128.
    @Test func brightnessControlChangesThePicture() throws {
        let bright = try Self.load("bright.png")
        let normal = try Self.load("rgb640.png")
        for i in Self.bars.indices {
            let a = Self.bar(bright, i)
            let b = Self.bar(normal, i)
            #expect(Int(a.r) + Int(a.g) + Int(a.b) > Int(b.r) + Int(b.g) + Int(b.b) + 60, "bar \(i): \(a) vs \(b)")
        }
    }

    /// `cvdcam relay --image patches.png --mode deuteranopia` to vivid's HDMI output, looped
    /// back (`loop_video`) to its HDMI input and captured as YUYV: every stripe of
    /// Tests/VM/patches.png (eight 160-pixel columns, full height) shows the colour core's
    /// deuteranopia of its colour (`Simulation.simulate`, exact), ±4 — the picture went
    /// through 8-bit Y′CbCr 4:2:2 twice (the relay's encoder, the capture's decoder), each
    /// keeping a flat colour within 2 levels. Sampled: a 16×16 square in the middle of
    /// each stripe, clear of the chroma shared at its edges and of vivid's text at the top.
    @Test func relayLoopBackShowsThePatchesSimulated() throws {
        let sent = try ImageFile.read(Self.patches)
        let got = try Self.load("loop.png")
        #expect(got.width == 1280 && got.height == 720)
        let sim = try Simulation(mode: .deuteranopia)
        var worst = 0
        for i in 0..<8 {
            let cx = 160 * i + 80
            let colour = sent[cx, 360]
            #expect(sent[160 * i + 1, 10] == colour && sent[160 * i + 158, 700] == colour, "stripe \(i) is not flat")
            let want = sim.simulate(colour)
            let seen = Self.mean(got, cx, 360)
            worst = max(worst, Self.distance(seen, want))
            #expect(Self.distance(seen, want) <= 4, "stripe \(i) \(colour): looped back \(seen), colour core \(want)")
        }
        print("relay loop-back: worst stripe off by \(worst) levels (tolerance 4)")
    }

    /// The live view's virtual camera (`--virtual-camera-device`, the view showing
    /// Tests/VM/patches.png in deuteranopia), looped back as the relay's is: every stripe
    /// shows the colour core's deuteranopia ±4, as above. The window drew its pane from the
    /// same picture (an upload, scripts/test-vm checks the profile says so): along its
    /// middle row each stripe's simulated colour shows as a run of at least 64 pixels within
    /// ±1 (the upload copies the kernel's pixels; where the picture is scaled to the window,
    /// linear filtering blends only at the stripes' edges).
    @Test func liveViewLoopBackAndWindowShowThePatchesSimulated() throws {
        let sent = try ImageFile.read(Self.patches)
        let got = try Self.load("view-loop.png")
        let window = try Self.load("view-loop-window.png")
        let sim = try Simulation(mode: .deuteranopia)
        let y = window.height / 2
        for i in 0..<8 {
            let colour = sent[160 * i + 80, 360]
            let want = sim.simulate(colour)
            let seen = Self.mean(got, 160 * i + 80, 360)
            #expect(Self.distance(seen, want) <= 4, "stripe \(i) \(colour): looped back \(seen), colour core \(want)")
            var run = 0
            var longest = 0
            for x in 0..<window.width {
                run = Self.distance(window[x, y], want) <= 1 ? run + 1 : 0
                longest = max(longest, run)
            }
            #expect(
                longest >= 64,
                "stripe \(i) \(colour): the window's middle row shows \(want) for \(longest) pixels in a row")
        }
    }

    static let patches = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("VM/patches.png").path

    /// Mean colour of the 16×16 square centred on (cx, cy).
    static func mean(_ img: RGBAImage, _ cx: Int, _ cy: Int) -> RGB8 {
        var sum = (0, 0, 0)
        for y in cy - 8..<cy + 8 {
            for x in cx - 8..<cx + 8 {
                let p = img[x, y]
                sum.0 += Int(p.r)
                sum.1 += Int(p.g)
                sum.2 += Int(p.b)
            }
        }
        return RGB8(UInt8(sum.0 / 256), UInt8(sum.1 / 256), UInt8(sum.2 / 256))
    }
}
