import CVDCore
import Testing

@testable import CVDViewModel

/// The decode reduction the view asks of an MJPEG source: never fewer picture pixels than
/// the screen shows it at (zoom included), else as few as the scaled DCT allows.
@Suite struct DecodeScaleTests {
    @Test func noMorePixelsThanShownAndFullSizeWhenZoomNeedsIt() {
        let uhd = FrameSize(3840, 2160)
        let hd = FrameSize(1920, 1080)
        var s = ViewState()
        #expect(DecodeScale.reduction(state: s, window: hd, picture: uhd) == 2, "4K in a 1080p window: half")
        #expect(
            DecodeScale.reduction(state: s, window: FrameSize(1280, 720), picture: uhd) == 2,
            "a quarter would be 960 wide")
        #expect(DecodeScale.reduction(state: s, window: hd, picture: hd) == 1)
        #expect(DecodeScale.reduction(state: s, window: FrameSize(640, 360), picture: uhd) == 4)
        s.apply(.cycleLayout) // split: the same picture rectangle
        #expect(DecodeScale.reduction(state: s, window: hd, picture: uhd) == 2)
        s.apply(.cycleLayout) // 2×2: panes of half the size
        #expect(DecodeScale.reduction(state: s, window: hd, picture: uhd) == 4, "4K in 2×2 panes of a 1080p window")
        s = ViewState()
        s.apply(.zoom(factor: 1.25, at: nil))
        #expect(DecodeScale.reduction(state: s, window: hd, picture: uhd) == 1, "zoomed: the full frame")
        // Letterboxed: a 4:3 picture in a 16:9 window is limited by its height.
        #expect(DecodeScale.reduction(state: ViewState(), window: hd, picture: FrameSize(2880, 2160)) == 2)
    }
}
