import CVDCore
import CVDViewModel
import Testing

@testable import CVDViewer

/// The view's layout stage (`LayoutStage`), without a window: the overlay plan made once for
/// the same inputs and again when one changes, and when the footer shows.
@Suite struct LayoutStageTests {
    /// Every character 10 px wide, lines 1.2 em high.
    struct Measure: TextMeasuring {
        func size(of text: String, fontSize: Int) -> FrameSize { FrameSize(10 * text.count, fontSize * 6 / 5) }
    }

    static let window = FrameSize(1024, 768)

    static func stage(now: Double = 0) -> LayoutStage {
        LayoutStage(
            windowShape: WindowShape(follows: false, asked: window, settleUntil: now, fitFrameUntil: now), now: now)
    }

    static func inputs(_ state: ViewState, footer: String?) -> OverlayPlan.Inputs {
        OverlayPlan.Inputs(
            geometry: ViewGeometry(state: state, window: window, picture: FrameSize(1280, 720)), state: state,
            window: window, footer: footer, compact: false)
    }

    static func plan(_ stage: inout LayoutStage, _ i: OverlayPlan.Inputs) -> (plan: OverlayPlan, same: Bool) {
        stage.plan(for: i, uiScale: 1, measure: Measure())
    }

    @Test func thePlanIsMadeOnceForTheSameInputs() {
        var stage = Self.stage()
        let first = Self.inputs(ViewState(), footer: "Source: test scene")
        let a = Self.plan(&stage, first)
        let b = Self.plan(&stage, first)
        let fresh = OverlayPlan(first, uiScale: 1, measure: Measure())
        #expect(!a.same && b.same && a.plan.boxes == b.plan.boxes && a.plan.boxes == fresh.boxes)

        // A mode change (another badge): laid out again, and that plan kept.
        var state = ViewState()
        state.apply(.setMode(.deuteranopia))
        let second = Self.inputs(state, footer: "Source: test scene")
        let c = Self.plan(&stage, second)
        #expect(!c.same && c.plan.boxes != a.plan.boxes)
        #expect(Self.plan(&stage, second).same)
        // Back to the first: made again (one plan is kept, the last).
        #expect(!Self.plan(&stage, first).same)
    }

    @Test func theFooterShowsUntilTheViewSettlesThenOnlyWithNews() {
        var stage = Self.stage(now: 0)
        #expect(stage.footerShown(sourceRunning: true, hasFrame: true), "not settled yet")
        _ = stage.quiet.tick(at: 60)
        #expect(stage.quiet.settled)
        #expect(!stage.footerShown(sourceRunning: true, hasFrame: true), "settled, nothing to say")
        #expect(stage.footerShown(sourceRunning: false, hasFrame: true), "the camera is lost or busy")
        #expect(stage.footerShown(sourceRunning: true, hasFrame: false), "no picture yet")
        stage.footerMessage.show(Message("saved %s", .text("a.png")), until: 70)
        #expect(stage.footerShown(sourceRunning: true, hasFrame: true), "a message")
        _ = stage.footerMessage.tick(at: 71)
        #expect(!stage.footerShown(sourceRunning: true, hasFrame: true), "the message has gone")
    }
}
