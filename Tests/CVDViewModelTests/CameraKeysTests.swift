import CVDCore
import Testing

@testable import CVDViewModel

/// `w` (white card) and `n` (next camera) in the view model: the effects the window layer
/// carries out, the notices, and the "Balanced on card" chip.
@Suite struct CameraKeysTests {
    let card = WhiteBalance(card: (0.62, 0.45, 0.26))

    @Test func keysAndHelp() {
        #expect(Command.forKey(.letter("w")) == .whiteCard)
        #expect(Command.forKey(.letter("n")) == .nextCamera)
        let help = Command.helpLines.map(\.0)
        #expect(help.contains("w") && help.contains("n"))
    }

    @Test func whiteCardMeasuresThenReleases() {
        var s = ViewState(mode: .deuteranopia)
        #expect(s.apply(.whiteCard) == .measureWhiteCard)
        #expect(s.whiteBalance == nil, "the window layer sets the balance once the card is measured")
        s.whiteBalance = card
        #expect(s.summary.hasSuffix("· balanced on card"))
        #expect(s.apply(.whiteCard) == .releaseWhiteCard)
        #expect(s.whiteBalance == nil)
        #expect(s.notice?.english == "white balance released: the camera balances itself again")
        #expect(!s.summary.contains("balanced"))
    }

    /// A card that was neutral already: balanced (gains of 1), so `w` again releases.
    @Test func aNeutralCardStillCountsAsBalanced() {
        var s = ViewState()
        s.whiteBalance = WhiteBalance(card: (0.3, 0.3, 0.3))
        #expect(s.whiteBalance?.isNone == true && s.summary.hasSuffix("balanced on card"))
        #expect(s.apply(.whiteCard) == .releaseWhiteCard)
    }

    @Test func nextCameraReleasesACardBalance() {
        var s = ViewState()
        #expect(s.apply(.nextCamera) == .nextCamera && s.notice == nil)
        s.whiteBalance = card
        #expect(s.apply(.nextCamera) == .nextCamera)
        #expect(s.whiteBalance == nil && s.notice?.english == "white balance released for the next camera")
    }

    /// The chip shows, beside the others, inside the window at the projector size and scale.
    @Test(arguments: [1.0, 2.0]) func balancedChipFits(uiScale: Double) {
        var s = ViewState(mode: .deuteranopia)
        s.whiteBalance = card
        s.frozen = true
        s.zoom = 2
        let window = FrameSize(1024, 768)
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720))
        let plan = OverlayPlan(
            .init(geometry: g, state: s, window: window, footer: "Source: vivid (/dev/video0)", compact: false),
            uiScale: uiScale, measure: ApproximateMeasure())
        let chip = plan.chips.first { $0.lines.first?.text == "Balanced on card" }
        #expect(chip != nil)
        for b in plan.boxes { #expect(Rect(0, 0, 1024, 768).contains(b.shim), "\(b.lines.first?.text ?? "") clips") }
        for (i, a) in plan.boxes.enumerated() {
            for b in plan.boxes[(i + 1)...] {
                #expect(
                    !a.shim.intersects(b.shim), "\(a.lines.first?.text ?? "") overlaps \(b.lines.first?.text ?? "")")
            }
        }
    }
}
