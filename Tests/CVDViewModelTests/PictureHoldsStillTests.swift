import CVDCore
import Testing

@testable import CVDViewModel

/// The picture never moves because something appeared (issue 43): in the framed layout
/// (the default) its box on screen is the same before and after a first probe, a second
/// probe, `x`, `z`, `c`, `i`, `g` (a second grab in still | live), a source's message and
/// a chip — at 1024×768, `--ui-scale` 1 and 2, single, split and 2×2, for a 16:9 and a 4:3
/// picture — and whatever appeared stays in the window without covering another label.
@Suite struct PictureHoldsStillTests {
    /// What the window shows besides the state: the footer, caption, legend, `i` and check.
    struct Shown {
        var state: ViewState
        var footer = "Source: built-in test scene"
        var caption: String?
        var legend: OverlayPlan.Legend?
        var stats: [String]?
        var check: OverlayPlan.CheckInput?
    }

    /// Each event, as the view applies it.
    static let events: [(String, @Sendable (inout Shown) -> Void)] = [
        ("first probe", { $0.state.apply(.probe(Point(0.3, 0.5))) }),
        (
            "second probe",
            {
                $0.state.apply(.probe(Point(0.3, 0.5)))
                $0.state.apply(.probe(Point(0.6, 0.4)))
            }
        ),
        (
            "x",
            {
                $0.state.apply(.pick(RGB8(224, 128, 32)))
                $0.legend = .init(
                    text: "striped: looks like #E08020 (orange) under Deuteranopia: 12.3 % of what is shown",
                    colour: RGB8(224, 128, 32))
            }
        ),
        (
            "z",
            {
                $0.state.check = .marks
                $0.check = OverlayPlan.CheckInput(shown: CheckOverlayTests.shown, recoloured: false)
            }
        ),
        (
            "c",
            {
                $0.state.apply(.toggleCaption)
                $0.caption = Caption.text(for: $0.state.mode)
            }
        ),
        (
            "i",
            {
                $0.state.apply(.toggleStats)
                $0.stats = [
                    "1800 frames shown · 30.0 fps · CPU 12.3 %", "dropped: 0 by cvdcam, 0 by the camera · 0 corrupt",
                    "median latency 4.1 ms · memory 52 MiB, peak 60 MiB", "renderer: software",
                ]
            }
        ),
        (
            "a source's message",
            {
                $0.footer =
                    "cvdcam's own window is on the screen it shows: it is left out (hatched); move the window to another display, or pick a region without it (Shift+R)"
            }
        ),
        ("a chip", { $0.state.apply(.toggleFreeze) }),
        ("a zoom chip", { $0.state.apply(.zoom(factor: 2, at: nil)) }),
    ]

    static let layouts: [(String, Int)] = [("single", 0), ("split", 1), ("2×2", 2)]

    static func start(layouts: Int) -> ViewState {
        var s = ViewState(mode: .deuteranopia)
        s.framed = true
        for _ in 0..<layouts { s.apply(.cycleLayout) }
        return s
    }

    /// The pictures' boxes on screen, and the labels laid out over them.
    static func view(_ shown: Shown, window: FrameSize, picture: FrameSize, scale: Double)
        -> (pictures: [Rect], plan: OverlayPlan)
    {
        let m = ApproximateMeasure()
        let s = shown.state
        let g = ViewGeometry(state: s, window: window, picture: picture, uiScale: scale, measure: m)
        let sims = s.renderedSimulations
        let readings = sims.map { sim in
            [RGB8(200, 30, 40), RGB8(60, 160, 70)].prefix(s.probes.count).map {
                ProbeReading(original: $0, simulation: sim)
            }
        }
        let plan = OverlayPlan(
            .init(
                geometry: g, state: s, simulations: sims, window: window, footer: shown.footer, compact: false,
                probeReadings: readings, caption: shown.caption, legend: shown.legend, stats: shown.stats,
                check: shown.check), uiScale: scale, measure: m)
        return (g.pieces.map(\.destination), plan)
    }

    static func checkPlan(_ plan: OverlayPlan, window: FrameSize, _ what: String) {
        let screen = Rect(0, 0, Double(window.width), Double(window.height))
        let boxes = plan.boxes
        for (i, a) in boxes.enumerated() {
            #expect(screen.contains(a.shim), "\(what): \(a.lines.map(\.text)) leaves the window")
            for b in boxes[(i + 1)...] {
                #expect(!a.shim.intersects(b.shim), "\(what): \(a.lines.map(\.text)) covers \(b.lines.map(\.text))")
            }
        }
    }

    @Test(arguments: [1.0, 2.0])
    func nothingThatAppearsMovesThePicture(scale: Double) {
        let window = FrameSize(1024, 768)
        for picture in [FrameSize(1280, 720), FrameSize(640, 480)] {
            for (name, cycles) in Self.layouts {
                let base = Shown(state: Self.start(layouts: cycles))
                let (before, _) = Self.view(base, window: window, picture: picture, scale: scale)
                var everything = base
                for (event, apply) in Self.events {
                    var after = base
                    apply(&after)
                    apply(&everything)
                    let what = "\(name) \(picture) ×\(scale), \(event)"
                    let (boxes, plan) = Self.view(after, window: window, picture: picture, scale: scale)
                    #expect(boxes == before, "\(what): the picture moved from \(before) to \(boxes)")
                    Self.checkPlan(plan, window: window, what)
                }
                let (boxes, plan) = Self.view(everything, window: window, picture: picture, scale: scale)
                #expect(boxes == before, "\(name) \(picture) ×\(scale), everything at once: the picture moved")
                Self.checkPlan(plan, window: window, "\(name) \(picture) ×\(scale), everything at once")
            }
        }
    }

    /// `g` changes the layout to still | live (the teacher's choice, as `v` is); a second
    /// grab there, and its message, move nothing.
    @Test(arguments: [1.0, 2.0])
    func grabbingAgainMovesNothing(scale: Double) {
        let window = FrameSize(1024, 768)
        var first = Shown(state: Self.start(layouts: 0))
        _ = first.state.apply(.grabStill)
        #expect(first.state.layout == .stillLive)
        let (before, _) = Self.view(first, window: window, picture: FrameSize(1280, 720), scale: scale)
        var again = first
        _ = again.state.apply(.grabStill)
        if let notice = again.state.notice { again.footer = notice.english }
        let (after, plan) = Self.view(again, window: window, picture: FrameSize(1280, 720), scale: scale)
        #expect(after == before)
        Self.checkPlan(plan, window: window, "still | live ×\(scale), g again")
    }

    /// What does move it: the window, the layout, the turn, the straightening, `--ui-scale`.
    @Test func theTeachersChoicesDoMoveIt() {
        let window = FrameSize(1024, 768)
        let picture = FrameSize(1280, 720)
        let m = ApproximateMeasure()
        let s = Self.start(layouts: 0)
        func box(_ s: ViewState, _ w: FrameSize = window, _ scale: Double = 1) -> Rect {
            ViewGeometry(state: s, window: w, picture: picture, uiScale: scale, measure: m).pictureRect
        }
        var turned = s
        turned.apply(.rotate)
        var split = s
        split.apply(.cycleLayout)
        var over = s
        over.framed = false
        let base = box(s)
        #expect(box(turned) != base)
        #expect(box(s, FrameSize(1280, 720)) != base)
        #expect(box(s, window, 2) != base)
        #expect(box(over) != base, "l: labels over the picture, which takes the whole window")
        // The split keeps the single view's box: its two sides share it.
        #expect(box(split) == base)
    }
}
