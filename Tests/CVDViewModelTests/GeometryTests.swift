import CVDCore
import Testing
@testable import CVDViewModel

@Suite struct ViewGeometryTests {
    let window = FrameSize(1280, 720)

    @Test func singleLayoutFillsTheWindowWithTheWholePicture() {
        let g = ViewGeometry(state: ViewState(), window: window, picture: FrameSize(640, 360))
        #expect(g.pieces == [.init(texture: 0, source: Rect(0, 0, 640, 360), destination: Rect(0, 0, 1280, 720))])
        #expect(g.dividerBar == nil)
        #expect(g.badges.count == 1 && g.badges[0].maxX == 1280 && !g.badges[0].alignRight)
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
        #expect(g.dividerBar == Rect(318, 0, 4, 720))
        #expect(g.badges[1].alignRight && g.badges[1].x == 320)
        #expect(g.isOnDivider(330) && !g.isOnDivider(360))
        #expect(g.dividerFraction(at: 640) == 0.5)
    }

    @Test func quadHasFourPanesEachWithItsBadge() {
        var s = ViewState()
        s.apply(.cycleLayout); s.apply(.cycleLayout)
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720))
        #expect(g.pieces.count == 4 && g.badges.count == 4)
        #expect(g.pieces[3].destination == Rect(640, 360, 640, 360))
        #expect(g.pointInPicture(960, 540) == Point(0.5, 0.5), "the pane under the pointer")
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
    func geometry(_ s: ViewState) -> ViewGeometry { ViewGeometry(state: s, window: FrameSize(1000, 500), picture: FrameSize(1000, 500)) }

    @Test func dragPansByTheDistanceMoved() {
        var p = PointerGesture()
        let g = geometry(ViewState())
        #expect(p.press(500, 250, g) == nil)
        #expect(p.move(400, 300, g) == .pan(dx: 0.1, dy: -0.1))
        #expect(p.move(400, 300, g) == .pan(dx: 0, dy: 0), "relative to the last position")
        p.release()
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
        #expect(PointerGesture.wheel(up: true, at: 250, 125, g) == .zoom(factor: ViewState.zoomStep, at: Point(0.25, 0.25)))
        #expect(PointerGesture.wheel(up: false, at: 0, 0, nil) == .zoom(factor: 1 / ViewState.zoomStep, at: nil))
    }

    @Test func withoutAPictureNothingIsDragged() {
        var p = PointerGesture()
        #expect(p.press(10, 10, nil) == nil)
        #expect(p.move(20, 20, nil) == nil)
    }
}

@Suite struct OverlayLayoutTests {
    @Test func badgeSitsInsideItsAreaWithMargins() {
        let anchor = ViewGeometry.BadgeAnchor(texture: 0, x: 0, y: 0, maxX: 1280, alignRight: false)
        let b = OverlayLayout.badge(text: FrameSize(300, 40), fontSize: 33, at: anchor)
        #expect(b.shim.x == 13 && b.shim.y == 13)             // margin 0.4 × 33
        #expect(b.icon.w == 33 && b.icon.x == b.shim.x + 12)  // padding 0.35 × 33
        #expect(b.text.x + b.text.w <= b.shim.x + b.shim.w)
        #expect(b.text.y >= b.shim.y && b.text.y + b.text.h <= b.shim.y + b.shim.h)
    }

    @Test func rightAlignedBadgeEndsAtItsEdge() {
        let anchor = ViewGeometry.BadgeAnchor(texture: 1, x: 640, y: 0, maxX: 1280, alignRight: true)
        let b = OverlayLayout.badge(text: FrameSize(300, 40), fontSize: 33, at: anchor)
        #expect(b.shim.x + b.shim.w == 1280 - 13)
    }

    @Test func footerSitsBottomLeftAndWrapsToTheWindow() {
        let window = FrameSize(1280, 720)
        let n = OverlayLayout.footerCharacters(textWidth: 2000, characters: 100, fontSize: 33, windowWidth: 1280)
        #expect(n == Int((1280 - 4 * 9.9) / 15))
        let f = OverlayLayout.footer(lines: [FrameSize(800, 40), FrameSize(600, 40)], fontSize: 33, window: window)
        #expect(f.lines.count == 2)
        #expect(f.shim.y + f.shim.h <= 720 && f.shim.x > 0)
        #expect(f.lines[1].y > f.lines[0].y)
    }

    @Test func helpIsCentredAndFits() {
        let window = FrameSize(1024, 768)
        let h = OverlayLayout.help(lines: Array(repeating: FrameSize(1500, 40), count: 13), window: window)
        #expect(h.shim.x >= 0 && h.shim.x + h.shim.w <= 1024 && h.shim.y >= 0 && h.shim.y + h.shim.h <= 768)
        #expect(abs(h.shim.x - (1024 - h.shim.x - h.shim.w)) < 1)
    }
}
