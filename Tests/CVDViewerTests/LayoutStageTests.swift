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

    static func inputs(_ state: ViewState, footer: String?) -> OverlayInputs {
        OverlayInputs(
            geometry: ViewGeometry(state: state, window: window, picture: FrameSize(1280, 720)), state: state,
            window: window, footer: footer, compact: false, readings: [], caption: nil, legend: nil, legendColour: nil,
            stats: nil, check: nil)
    }

    static func plan(_ i: OverlayInputs) -> OverlayPlan {
        OverlayPlan(
            geometry: i.geometry, simulations: i.state.renderedSimulations, state: i.state, window: i.window,
            uiScale: 1, footer: i.footer, compact: i.compact, measure: Measure())
    }

    @Test func thePlanIsMadeOnceForTheSameInputs() {
        var stage = Self.stage()
        var made = 0
        let first = Self.inputs(ViewState(), footer: "Source: test scene")
        let a = stage.plan(for: first) {
            made += 1
            return Self.plan(first)
        }
        let b = stage.plan(for: first) {
            made += 1
            return Self.plan(first)
        }
        #expect(made == 1 && !a.same && b.same && a.plan.boxes == b.plan.boxes)

        // A mode change (another badge): laid out again, and that plan kept.
        var state = ViewState()
        state.apply(.setMode(.deuteranopia))
        let second = Self.inputs(state, footer: "Source: test scene")
        let c = stage.plan(for: second) {
            made += 1
            return Self.plan(second)
        }
        #expect(made == 2 && !c.same && c.plan.boxes != a.plan.boxes)
        let d = stage.plan(for: second) {
            made += 1
            return Self.plan(second)
        }
        #expect(made == 2 && d.same)
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
