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

    /// A straightened page shows only its part of the camera's picture, enlarged to fill the
    /// pane: that part must keep its pixels (a 4000×3000 photo, a page over its middle half,
    /// in a 1280×720 window: ½, not ¼). A quarter turn fits the picture the other way up.
    @Test func aStraightenedPageOrATurnNeedsItsOwnPixels() {
        let photo = FrameSize(4000, 3000)
        let window = FrameSize(1280, 720)
        var s = ViewState()
        #expect(DecodeScale.reduction(state: s, window: window, picture: photo) == 4)
        s.pageCorners = [Point(0.25, 0.25), Point(0.75, 0.25), Point(0.75, 0.75), Point(0.25, 0.75)]
        #expect(DecodeScale.reduction(state: s, window: window, picture: photo) == 2)
        let regions = PaneRegions(
            geometry: ViewGeometry(state: s, window: window, picture: photo), state: s, window: window, picture: photo)
        #expect(regions.reduction == 2)
        // Turned a quarter: 3000×4000 upright in a 720-high window is 540×720: ¼ is 750×1000.
        s = ViewState()
        s.orientation = Orientation(degrees: 90)
        #expect(DecodeScale.reduction(state: s, window: window, picture: photo) == 4)
        #expect(DecodeScale.reduction(state: s, window: FrameSize(1280, 1100), picture: photo) == 2)
    }

    /// The loop asks every turn through a memo: the same answer as `reduction` after each
    /// change that moves it (the window, the layout, the zoom, the turn, the page, the picture)
    /// and back again.
    @Test func theMemoAnswersAsReductionDoesAfterEveryChange() {
        var memo = DecodeScale.Memo()
        var s = ViewState()
        var window = FrameSize(1920, 1080)
        var picture = FrameSize(3840, 2160)
        var seen: Set<Int> = []
        func same(_ what: String) {
            let r = DecodeScale.reduction(state: s, window: window, picture: picture)
            seen.insert(r)
            #expect(memo.reduction(state: s, window: window, picture: picture) == r, "\(what)")
            #expect(memo.reduction(state: s, window: window, picture: picture) == r, "\(what), asked again")
        }
        same("4K in 1080p")
        window = FrameSize(640, 360)
        same("a small window")
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        same("2×2")
        s.apply(.zoom(factor: 2, at: nil))
        same("zoomed")
        s = ViewState()
        s.orientation = Orientation(degrees: 90)
        same("turned")
        s.pageCorners = [Point(0.25, 0.25), Point(0.75, 0.25), Point(0.75, 0.75), Point(0.25, 0.75)]
        same("a page")
        picture = FrameSize(1280, 720)
        same("a smaller picture")
        (s, window, picture) = (ViewState(), FrameSize(1920, 1080), FrameSize(3840, 2160))
        same("back as at first")
        #expect(seen.count >= 3, "the changes move the answer: \(seen.sorted())")
    }
}
