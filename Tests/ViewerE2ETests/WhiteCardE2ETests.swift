import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The white card (`w`) as a teacher uses it: a picture taken under warm light, with a grey
/// card in the middle, comes out neutral after `w`; `w` again gives the tinted picture back.
@Suite(.serialized) struct WhiteCardE2ETests {
    /// A mid-grey card lit warm (linear 0.42, 0.30, 0.16: #AD956F), filling
    /// the middle; colour patches around it.
    static let card = RGB8(SRGB.level(0.42), SRGB.level(0.30), SRGB.level(0.16))

    /// The card in the middle, four colour patches above it.
    static var picture: TestPicture {
        TestPicture(
            "warm.png", background: RGB8(70, 90, 60),
            ViewerE2ETests.patchColours.prefix(4).enumerated().map { ((40 + $0 * 310, 40, 200, 100), $1) }
                + [((300, 180, 680, 420), card)])
    }

    /// Neutral within 2 levels (the 8-bit card, the gains' 1/256 steps and the kernel's ±1).
    static func isNeutral(_ c: RGB8) -> Bool { c.distance(to: RGB8(c.g, c.g, c.g)) <= 2 }

    @Test func aTintedCardComesOutNeutralAfterW() throws {
        let x = try XSession()
        defer { x.close() }
        // Labels over the picture: the card fills the window, where it is read back.
        try x.launch(Self.picture, ["--window", "1280x720", "--labels-over-picture"])
        try x.waitForOutput("showing image warm.png")
        let before = try x.screenshot()[640, 400]
        #expect(before.distance(to: Self.card) <= 1 && !Self.isNeutral(before), "before w: \(before)")

        try x.key("w")
        let out = try x.waitForOutput("cvdcam: balanced on card: the card read \(Self.card.hexString), gains R ×")
        try x.waitForOutput("cvdcam: normal · balanced on card")
        #expect(!out.contains("camera controls"), "a picture file has no camera controls to lock")
        usleep(400_000)
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/white-card.png")
        for (px, py) in [(640, 400), (400, 250), (900, 550)] {
            let c = shot[px, py]
            #expect(Self.isNeutral(c), "card at (\(px), \(py)) after w: \(c)")
            // Its luminance kept: within 2 levels of the card's own grey level.
            let y = WhiteBalance.luminance(
                (SRGB.linear(Self.card.r), SRGB.linear(Self.card.g), SRGB.linear(Self.card.b)))
            #expect(
                Int(c.g) - Int(SRGB.level(y)) <= 2 && Int(SRGB.level(y)) - Int(c.g) <= 2,
                "\(c) vs grey \(SRGB.level(y))")
        }
        // The chip says so, bottom right (a dark shim with white text).
        let chipArea = (1000..<1280).flatMap { px in (660..<720).map { shot[px, $0] } }
        #expect(chipArea.contains(RGB8(255, 255, 255)), "no chip text bottom right")

        // In deuteranopia the balance comes first: the card stays neutral.
        try x.key("3")
        try x.waitForOutput("cvdcam: deuteranopia (Viénot 1999) · balanced on card")
        usleep(400_000)
        let deut = try x.screenshot()[640, 400]
        #expect(Self.isNeutral(deut), "card in deuteranopia after w: \(deut)")

        try x.key("w")
        try x.waitForOutput("white balance released")
        usleep(400_000)
        let released = try x.screenshot()[640, 400]
        #expect(!Self.isNeutral(released), "after w again the card is tinted again: \(released)")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }

    /// `--white-balance card` balances on the first frame; a middle that is no card is
    /// refused with the reason, and the picture stays as it is. Without a camera, `k` and `n` say so.
    @Test func flagBalancesOnTheFirstFramesOrSaysWhyNot() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(Self.picture, ["--window", "1280x720", "--white-balance", "card"])
        try x.waitForOutput("cvdcam: balanced on card: the card read \(Self.card.hexString)")
        usleep(400_000)
        #expect(Self.isNeutral(try x.screenshot()[640, 400]))
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)

        let y = try XSession()
        defer { y.close() }
        try y.launch(["--test-scene", "--window", "1280x720", "--white-balance", "card"])
        let out = try y.waitForOutput("w: the middle of the picture")
        #expect(
            out.contains("hold white or grey paper so it fills the middle of the picture, then press w again"), "\(out)"
        )
        // Without a camera, k and n say so.
        try y.key("k")
        try y.waitForOutput("k: the camera panel shows a camera's controls; built-in test scene is no camera")
        try y.key("n")
        try y.waitForOutput("n switches cameras; built-in test scene is shown (--test-scene)")
        try y.quitKey("q")
        #expect(try y.waitForExit() == 0)
    }
}
