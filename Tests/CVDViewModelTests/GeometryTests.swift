import CVDCore
import Testing

@testable import CVDViewModel

@Suite struct ViewGeometryTests {
    let window = FrameSize(1280, 720)

    @Test func singleLayoutFillsTheWindowWithTheWholePicture() {
        let g = ViewGeometry(state: ViewState(), window: window, picture: FrameSize(640, 360))
        #expect(g.pieces == [.init(texture: 0, source: Rect(0, 0, 640, 360), destination: Rect(0, 0, 1280, 720))])
        #expect(g.dividerBar == nil)
        #expect(g.badges.count == 1 && g.badges[0].area == Rect(0, 0, 1280, 720) && !g.badges[0].alignRight)
    }

    /// A 4:3 picture in a 16:9 window is letterboxed; the mouse maps into the picture only.
    @Test func letterboxedPictureAndPointerMapping() {
        let g = ViewGeometry(state: ViewState(), window: window, picture: FrameSize(640, 480))
        #expect(g.pictureRect == Rect(160, 0, 960, 720))
        #expect(g.pointInPicture(640, 360) == Point(0.5, 0.5))
        #expect(g.pointInPicture(100, 360) == Point(0, 0.5), "left bar clamps to the picture's edge")
        #expect(g.pointInPicture(1300, 10) == nil, "outside the window")
    }

    @Test func splitDrawsOriginalLeftAndSimulationRightOfTheDivider() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        s.apply(.setDivider(0.25))
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720))
        #expect(g.pieces.map(\.texture) == [0, 1])
        #expect(g.pieces[0].destination == Rect(0, 0, 320, 720))
        #expect(g.pieces[1].source == Rect(320, 0, 960, 720))
        #expect(g.dividerBar == Rect(319, 0, 2, 720))
        #expect(g.badges[1].alignRight && g.badges[1].area == Rect(320, 0, 960, 720))
        #expect(g.badges[0].area == Rect(0, 0, 320, 720), "each label stays on its own side")
        #expect(g.isOnDivider(330) && !g.isOnDivider(360))
        #expect(g.dividerFraction(at: 640) == 0.5)
    }

    @Test func quadHasFourPanesEachWithItsBadge() {
        var s = ViewState()
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720))
        #expect(g.pieces.count == 4 && g.badges.count == 4)
        let gap = PaneGeometry.quadGap(width: 1280, height: 720)
        #expect(gap >= 2 && g.pieces[0].destination.maxX + gap <= g.pieces[1].destination.x, "a gap between panes")
        #expect(g.pane(at: 960, 540) == 3 && g.pane(at: 100, 100) == 0)
        let p = try! #require(g.pointInPicture(960, 540))
        #expect(abs(p.x - 0.5) < 0.01 && abs(p.y - 0.5) < 0.01, "the pane under the pointer")
        #expect(!g.isOnDivider(640), "no divider outside the split layout")
    }

    @Test func zoomShowsTheVisiblePartOfTheTexture() {
        var s = ViewState()
        s.apply(.zoom(factor: 2, at: nil))
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720))
        #expect(g.pieces[0].source == Rect(320, 180, 640, 360))
    }
}

@Suite struct PointerGestureTests {
    func geometry(_ s: ViewState) -> ViewGeometry {
        ViewGeometry(state: s, window: FrameSize(1000, 500), picture: FrameSize(1000, 500))
    }

    @Test func dragPansByTheDistanceMoved() {
        var p = PointerGesture()
        let g = geometry(ViewState())
        #expect(p.press(500, 250, g) == nil)
        #expect(p.move(400, 300, g) == .pan(dx: 0.1, dy: -0.1))
        #expect(p.move(400, 300, g) == .pan(dx: 0, dy: 0), "relative to the last position")
        #expect(p.release(400, 300, g) == nil, "a drag ends without a probe")
        #expect(p.move(0, 0, g) == nil, "no drag after release")
    }

    @Test func pressOnTheDividerDragsIt() {
        var s = ViewState()
        s.apply(.cycleLayout)
        var p = PointerGesture()
        let g = geometry(s)
        #expect(p.press(510, 10, g) == .setDivider(0.51))
        #expect(p.move(700, 10, g) == .setDivider(0.7))
    }

    @Test func wheelZoomsAtThePointer() {
        let g = geometry(ViewState())
        #expect(
            PointerGesture.wheel(up: true, at: 250, 125, g) == .zoom(factor: ViewState.zoomStep, at: Point(0.25, 0.25)))
        #expect(PointerGesture.wheel(up: false, at: 0, 0, nil) == .zoom(factor: 1 / ViewState.zoomStep, at: nil))
    }

    @Test func withoutAPictureNothingIsDragged() {
        var p = PointerGesture()
        #expect(p.press(10, 10, nil) == nil)
        #expect(p.move(20, 20, nil) == nil)
    }
}
