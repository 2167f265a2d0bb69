import CVDCore
import CVDViewModel
import Testing

@testable import CVDViewer

/// The drawing stage's decision of what a turn of the view's loop does (`DrawingStage.Pending`),
/// without a window: simulate the frame, send it out, draw the window whole or in parts.
@Suite struct DrawingStageTests {
    typealias Pending = DrawingStage.Pending
    typealias Work = DrawingStage.Work

    /// What the panes hold for the view of a 1280 × 720 picture in a 1280 × 720 window, zoomed
    /// by `zoom`.
    static func regions(zoom: Double = 1) -> PaneRegions {
        var state = ViewState(mode: .deuteranopia)
        if zoom != 1 { state.apply(.zoom(factor: zoom, at: nil)) }
        let (window, picture) = (FrameSize(1280, 720), FrameSize(1280, 720))
        let g = ViewGeometry(state: state, window: window, picture: picture)
        return PaneRegions(geometry: g, state: state, window: window, picture: picture)
    }

    @Test func nothingPendingDoesNothing() {
        let held = Self.regions()
        let idle = Pending(picture: false, screen: false)
        #expect(!idle.needsView(screenshotDue: false))
        #expect(
            idle.work(held: held, wanted: nil, screenshotDue: false)
                == Work(simulate: false, send: false, draw: false, onlyChangedParts: true))
    }

    /// A new frame and nothing else: simulated, sent out, and only its changed parts drawn.
    @Test func aNewFrameAloneDrawsItsParts() {
        let held = Self.regions()
        let work = Pending(picture: true, screen: false).work(held: held, wanted: held, screenshotDue: false)
        #expect(work == Work(simulate: true, send: true, draw: true, onlyChangedParts: true))
    }

    /// A zoom: the panes must hold another part of the same frame, which is not sent out again.
    @Test func aZoomFillsThePanesAgainWithoutSending() {
        let held = Self.regions()
        let wanted = Self.regions(zoom: 2)
        #expect(held != wanted)
        let work = Pending(picture: false, screen: true).work(held: held, wanted: wanted, screenshotDue: false)
        #expect(work == Work(simulate: true, send: false, draw: true, onlyChangedParts: false))
        // Before the first render the panes hold nothing: filled too.
        #expect(Pending(picture: false, screen: true).work(held: nil, wanted: wanted, screenshotDue: false).simulate)
    }

    /// A screenshot due is drawn whole, even when nothing changed (a still picture).
    @Test func aScreenshotDueIsDrawnWhole() {
        let held = Self.regions()
        let idle = Pending(picture: false, screen: false)
        #expect(idle.needsView(screenshotDue: true))
        #expect(
            idle.work(held: held, wanted: held, screenshotDue: true)
                == Work(simulate: false, send: false, draw: true, onlyChangedParts: false))
    }

    /// Before the first frame (no view wanted) a change of mode is simulated (nothing, yet)
    /// and drawn: the window shows its labels from the start.
    @Test func withoutAFrameTheWindowIsStillDrawn() {
        let work = Pending().work(held: nil, wanted: nil, screenshotDue: false)
        #expect(work == Work(simulate: true, send: true, draw: true, onlyChangedParts: false))
    }
}
