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

    /// A live picture's readings change every frame: the next plan keeps the last one's
    /// choices (one placing at its readouts' size), is not the cached one, and lays out
    /// the same boxes; a change of scene (the mode) is laid out in full again.
    @Test func newReadingsKeepTheLastPlansChoices() {
        var stage = Self.stage()
        var state = ViewState(mode: .deuteranopia)
        state.framed = true
        state.probes = [Point(0.4, 0.5), Point(0.6, 0.5)]
        func inputs(_ a: RGB8, _ state: ViewState) -> OverlayPlan.Inputs {
            var i = Self.inputs(state, footer: "Source: test scene")
            i.probeReadings = i.simulations.map { sim in
                [a, RGB8(60, 160, 70)].map { ProbeReading(original: $0, simulation: sim) }
            }
            return i
        }
        let a = stage.plan(for: inputs(RGB8(200, 30, 40), state), uiScale: 2, measure: Measure())
        let b = stage.plan(for: inputs(RGB8(201, 30, 40), state), uiScale: 2, measure: Measure())
        #expect(!a.same && !b.same)
        #expect(b.plan.choices == a.plan.choices && b.plan.boxes.map(\.shim) == a.plan.boxes.map(\.shim))
        let fresh = OverlayPlan(inputs(RGB8(201, 30, 40), state), uiScale: 2, measure: Measure())
        #expect(b.plan.callouts.count == fresh.callouts.count)
        state.apply(.setMode(.protanopia))
        let c = stage.plan(for: inputs(RGB8(201, 30, 40), state), uiScale: 2, measure: Measure())
        #expect(c.plan.boxes == OverlayPlan(inputs(RGB8(201, 30, 40), state), uiScale: 2, measure: Measure()).boxes)
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

    /// Counts what it is asked to measure.
    final class CountingMeasure: TextMeasuring {
        var asked = 0
        func size(of text: String, fontSize: Int) -> FrameSize {
            asked += 1
            return FrameSize(10 * text.count, fontSize * 6 / 5)
        }
    }

    /// The framed layout's bands are decided once for a window, layout, shown shape and
    /// ui-scale (no text measured on the frames after), and are the same as made afresh.
    @Test func theBandsAreDecidedOncePerWindowLayoutShapeAndScale() {
        var stage = Self.stage()
        let measure = CountingMeasure()
        let page = FrameSize(720, 1280)
        func check(_ state: ViewState, _ window: FrameSize, _ scale: Double, measured: Bool) {
            let before = measure.asked
            let g = stage.geometry(state: state, window: window, picture: page, uiScale: scale, measure: measure)
            #expect((measure.asked > before) == measured, "\(state.layout) \(window) \(scale)")
            let fresh = ViewGeometry(state: state, window: window, picture: page, uiScale: scale, measure: measure)
            #expect(g == fresh)
        }
        var state = ViewState()
        state.framed = true
        check(state, Self.window, 1, measured: true)
        check(state, Self.window, 1, measured: false)
        state.apply(.setMode(.deuteranopia)) // what is shown changes, not the bands
        check(state, Self.window, 1, measured: false)
        check(state, Self.window, 2, measured: true)
        check(state, FrameSize(1280, 800), 2, measured: true)
        state.apply(.cycleLayout)
        check(state, FrameSize(1280, 800), 2, measured: true)
        check(state, FrameSize(1280, 800), 2, measured: false)
        state.apply(.rotate)
        check(state, FrameSize(1280, 800), 2, measured: true)
        state.framed = false // labels over the picture: no bands, nothing measured
        check(state, FrameSize(1280, 800), 2, measured: false)
        check(state, FrameSize(1280, 800), 2, measured: false)
    }

    /// The view kept between frames is the one worked out afresh after each change of what
    /// it depends on: the state (a probe, a zoom, the layout), the window, the picture's
    /// size, the ui-scale.
    @Test func theKeptViewIsTheFreshOneAfterEveryChange() {
        var stage = Self.stage()
        let measure = Measure()
        var state = ViewState()
        state.framed = true
        func check(_ window: FrameSize, _ picture: FrameSize, _ scale: Double) {
            for _ in 0..<2 {
                let kept = stage.view(state: state, window: window, picture: picture, uiScale: scale, measure: measure)
                let g = ViewGeometry(state: state, window: window, picture: picture, uiScale: scale, measure: measure)
                let regions = PaneRegions(geometry: g, state: state, window: window, picture: picture)
                #expect(kept.geometry == g && kept.regions == regions, "\(state.layout) \(window) \(picture) \(scale)")
            }
        }
        let (hd, page) = (FrameSize(1280, 720), FrameSize(720, 1280))
        check(Self.window, hd, 1)
        state.apply(.zoom(factor: ViewState.zoomStep, at: nil))
        check(Self.window, hd, 1)
        state.apply(.cycleLayout)
        check(Self.window, hd, 1)
        check(FrameSize(1920, 1080), hd, 1)
        check(FrameSize(1920, 1080), page, 1)
        check(FrameSize(1920, 1080), page, 2)
        state.apply(.rotate)
        check(FrameSize(1920, 1080), page, 2)
    }
}
