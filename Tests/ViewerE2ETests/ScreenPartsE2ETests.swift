import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The screen read, simulated, uploaded and drawn only where it changed (DAMAGE's
/// rectangles): a small window moved about over the slide damages a few small parts of the
/// monitor at a time. The view's picture once all has settled is the same, byte for byte,
/// as when every read is whole (`CVDCAM_SCREEN_WHOLE=1`) — in the software renderer (the
/// window drawn in parts too) and in GL (uploaded, simulated and drawn in parts, shown with
/// `glXCopySubBufferMESA`, which Mesa's llvmpipe offers), each alone, split (two pieces
/// and the divider between them) and in 2×2 (each pane's picture reduced by 2, the
/// reduction redone in parts). The pictures compared are the X window's own (`import`), so
/// what was shown in parts is what is compared.
@Suite(.serialized) struct ScreenPartsE2ETests {
    typealias S = ScreenE2ETests

    @Test(arguments: [
        ["--renderer", "software"], ["--renderer", "software", "--press", "v@2"],
        ["--renderer", "software", "--press", "v@2", "--press", "v@3"], ["--renderer", "gl"],
        ["--renderer", "gl", "--press", "v@2"], ["--renderer", "gl", "--press", "v@2", "--press", "v@3"],
    ])
    func partsGiveTheWholePictureByteForByte(args: [String]) throws {
        var shots: [RGBAImage] = []
        for whole in [false, true] {
            let (x, shown) = try S.desktop()
            defer {
                shown.terminate()
                x.close()
            }
            let small = TestPicture(
                "small.png", background: RGB8(30, 200, 220),
                [((8, 8, 40, 30), RGB8(200, 30, 160)), ((60, 40, 30, 30), RGB8(250, 250, 250))],
                size: FrameSize(100, 80))
            let path = try small.write(in: x.dir)
            try x.launch(
                ["--screen", "left", "--window", "800x600", "--mode", "deuteranopia"] + args,
                environment: whole ? ["CVDCAM_SCREEN_WHOLE": "1"] : ["CVDCAM_PRINT_PARTS": "1"])
            try x.waitForScreen { S.count($0, S.patches[3].1, tolerance: 60) > 1_000 ? nil : "no slide" }
            let moving = try XSession.spawn(
                XSession.installed("display"), ["-immutable", "-geometry", "+600+500", "-borderwidth", "0", path],
                environment: ["DISPLAY": x.display])
            defer { moving.terminate() }
            var id = ""
            _ = XSession.poll(seconds: 20, every: 0.1) {
                id =
                    (try? x.run("xdotool", ["search", "--onlyvisible", "--name", "small.png"]))?
                    .split(separator: "\n").first.map(String.init) ?? ""
                return !id.isEmpty
            }
            try #require(!id.isEmpty, "the small window never showed")
            // Settled (the labels compact after 5 s without a key), then the moves: each a
            // small change of the monitor, drawn in parts where parts are drawn.
            usleep(6_000_000)
            for (px, py) in [(620, 520), (150, 600), (700, 130), (300, 300), (310, 290)] {
                try x.run("xdotool", ["windowmove", id, "\(px)", "\(py)"])
                usleep(400_000)
            }
            usleep(1_500_000)
            shots.append(try x.screenshot())
            let out = x.readOutput()
            if !whole {
                #expect(out.contains("cvdcam: parts: picture "), "the picture simulated in parts: \(out)")
                #expect(out.contains("cvdcam: parts: window "), "the window drawn in parts: \(out)")
            }
            #expect(!out.contains("error"), "\(out)")
        }
        let name = args.joined(separator: "").replacingOccurrences(of: "-", with: "")
        try ImageFile.write(shots[0], to: ViewerE2ETests.screenshotDir + "/screen-parts-\(name).png")
        try ImageFile.write(shots[1], to: ViewerE2ETests.screenshotDir + "/screen-whole-\(name).png")
        #expect(shots[0].width == shots[1].width && shots[0].height == shots[1].height)
        let differing = zip(shots[0].pixels, shots[1].pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ between parts and whole reads (\(args))")
    }
}
