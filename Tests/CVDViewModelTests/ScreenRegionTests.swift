import CVDCore
import Testing

@testable import CVDViewModel

/// Shift+R with the screen as the source: the whole monitor shows frozen, a drag spans the
/// rectangle, letting go chooses it; Shift+R again or Esc stops; not for other sources.
@Suite struct ScreenRegionTests {
    /// A 1280×720 window showing a 1024×768 monitor's picture whole.
    static func picking() -> (ViewState, ViewGeometry) {
        var s = ViewState(mode: .deuteranopia)
        s.screenIsSource = true
        s.zoom = 2
        #expect(s.apply(.pickScreenRegion) == .screenRegionPicking)
        #expect(s.regionPick == ViewState.RegionPick() && s.zoom == 1, "the whole monitor, unzoomed")
        return (s, ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(1024, 768)))
    }

    @Test func aDragChoosesTheRectangle() throws {
        var (s, g) = Self.picking()
        var pointer = PointerGesture()
        let r = g.pictureRect
        let (x0, y0) = (r.x + r.w * 0.25, r.y + r.h * 0.5)
        let (x1, y1) = (r.x + r.w * 0.75, r.y + r.h * 0.9)
        let down = pointer.press(x0, y0, g, region: s.regionPick != nil)
        _ = s.apply(try #require(down))
        let drag = pointer.move(x1, y1, g)
        _ = s.apply(try #require(drag))
        let a = try #require(s.regionPick?.from)
        let b = try #require(s.regionPick?.to)
        #expect(abs(a.x - 0.25) < 0.002 && abs(a.y - 0.5) < 0.002 && abs(b.x - 0.75) < 0.002 && abs(b.y - 0.9) < 0.002)
        let up = pointer.release(x1, y1, g)
        guard case .screenRegionChosen(let from, let to)? = s.apply(try #require(up)) else {
            Issue.record("letting go chose nothing")
            return
        }
        #expect(from == a && abs(to.x - 0.75) < 0.002)
        #expect(s.regionPick == nil && !s.frozen, "live again")
        // No probe, no pan from the drag.
        #expect(s.probes.isEmpty && s.centre == Point(0.5, 0.5))
    }

    @Test func shiftRAgainOrEscStops() {
        var (s, _) = Self.picking()
        s.frozen = true
        #expect(s.apply(.pickScreenRegion) == .screenRegionCancelled)
        #expect(s.regionPick == nil && !s.frozen)
        (s, _) = Self.picking()
        #expect(s.apply(.escape) == .screenRegionCancelled)
        #expect(s.regionPick == nil)
        #expect(s.apply(.escape) == nil, "a second Esc goes on to what else is open")
    }

    @Test func notForOtherSources() {
        var s = ViewState()
        #expect(s.apply(.pickScreenRegion) == nil)
        #expect(s.regionPick == nil)
        #expect(s.notice?.english == "Shift+R picks the part of the screen to show: start cvdcam with --screen")
        // A drag without picking pans as before.
        #expect(s.apply(.regionDone(from: Point(0, 0), to: Point(1, 1))) == nil)
    }
}
