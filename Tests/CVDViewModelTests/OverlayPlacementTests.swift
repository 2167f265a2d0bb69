import CVDCore
import Testing

@testable import CVDViewModel

/// The picture belongs to the class: labels go in the letterbox bands before they go on
/// the picture, never cover each other or a probe ring, and the framed layout keeps them
/// all off it. Layouts × windows × `--ui-scale` × pictures (wide, 4:3, portrait) × probe
/// positions (two probes 10 px apart, probes at the picture's edges and corners).
@Suite struct OverlayPlacementTests {
    static let windows = [
        FrameSize(800, 600), FrameSize(1024, 768), FrameSize(1280, 720), FrameSize(1366, 768), FrameSize(1920, 1080),
    ]
    static let scales = [1.0, 1.5, 2.0]
    /// A chart (16:9), a 4:3 photo, a portrait picture (a traffic light), a wide panorama.
    static let pictures = [FrameSize(1280, 720), FrameSize(640, 480), FrameSize(600, 900), FrameSize(2000, 800)]
    static let layouts: [(String, @Sendable (inout ViewState) -> Void)] = [
        ("single", { _ in }), ("split", { $0.apply(.cycleLayout) }),
        (
            "2×2",
            {
                $0.apply(.cycleLayout)
                $0.apply(.cycleLayout)
            }
        ),
    ]
    /// Probe pairs, in picture coordinates: 10 px apart (on a 1280-wide picture), at the
    /// corners, at the left and right edges, at the top edge.
    static let probeSets: [[Point]] = [
        [], [Point(0.5, 0.5), Point(0.5 + 10.0 / 1280, 0.5)], [Point(0, 0), Point(1, 1)],
        [Point(0.005, 0.5), Point(0.995, 0.5)], [Point(0.3, 0.01), Point(0.7, 0.01)],
    ]
    static let footer = "Source: image favourite-fruit-class-5b.png"
    static let stats = [
        "1800 frames shown · 30.0 fps · CPU 12.3 %", "dropped: 0 by cvdcam, 0 by the camera · 0 corrupt",
    ]

    static func plan(
        _ state: ViewState, window: FrameSize, picture: FrameSize, scale: Double, caption: Bool = false,
        legend: Bool = false, stats showStats: Bool = true
    ) -> (OverlayPlan, ViewGeometry) {
        let m = ApproximateMeasure()
        let sims = state.renderedSimulations
        let readings = sims.map { sim in
            [RGB8(200, 30, 40), RGB8(60, 160, 70)].prefix(state.probes.count).map {
                ProbeReading(original: $0, simulation: sim)
            }
        }
        func build(_ frame: ViewGeometry.Frame) -> (OverlayPlan, ViewGeometry) {
            let g = ViewGeometry(state: state, window: window, picture: picture, frame: frame)
            let plan = OverlayPlan(
                geometry: g, simulations: sims, state: state, window: window, uiScale: scale, footer: footer,
                compact: false, probeReadings: readings, caption: caption ? Caption.text(for: state.mode) : nil,
                legend: legend
                    ? (
                        "striped: looks like #E08020 (orange) under deuteranopia: 12.3 % of what is shown",
                        RGB8(224, 128, 32)
                    )
                    : nil,
                stats: showStats ? stats : nil, measure: m)
            return (plan, g)
        }
        let frame =
            state.framed
            ? OverlayPlan.framing(state, window: window, uiScale: scale, caption: caption, measure: m) { build($0).0 }
            : .none
        let (plan, g) = build(frame)
        return (plan, g)
    }

    static func state(_ layout: @Sendable (inout ViewState) -> Void, probes: [Point], framed: Bool = false) -> ViewState
    {
        var s = ViewState(mode: .deuteranopia)
        layout(&s)
        s.apply(.toggleFreeze)
        s.apply(.zoom(factor: 2, at: nil))
        s.apply(.zoom(factor: 0.5, at: nil))
        s.probes = probes
        s.framed = framed
        s.statsVisible = true
        return s
    }

    @Test func noLabelCoversAnotherOrARing() {
        var checked = 0
        for window in Self.windows {
            for scale in Self.scales {
                for picture in Self.pictures {
                    for (name, layout) in Self.layouts {
                        for probes in Self.probeSets {
                            let s = Self.state(layout, probes: probes)
                            let (plan, _) = Self.plan(
                                s, window: window, picture: picture, scale: scale, caption: true, legend: true)
                            let what = "\(name) \(window) ×\(scale) picture \(picture) probes \(probes)"
                            let screen = Rect(0, 0, Double(window.width), Double(window.height))
                            let boxes = plan.boxes
                            for (i, a) in boxes.enumerated() {
                                #expect(screen.contains(a.shim), "\(what): \(a.lines.map(\.text)) leaves the window")
                                for b in boxes[(i + 1)...] {
                                    #expect(
                                        !a.shim.intersects(b.shim),
                                        "\(what): \(a.lines.map(\.text)) covers \(b.lines.map(\.text))")
                                }
                                for m in plan.markers {
                                    #expect(
                                        !a.shim.intersects(ProbeLayout.keepClear(m)),
                                        "\(what): \(a.lines.map(\.text)) covers a ring")
                                }
                            }
                            // One text size for every readout (per window, layout and scale).
                            let sizes = Set(plan.callouts.flatMap { $0.lines.map(\.fontSize) })
                            #expect(sizes.count <= 1, "\(what): readouts at \(sizes)")
                            if !probes.isEmpty, window.height >= 720, scale <= 1 {
                                #expect(plan.callouts.count >= 1, "\(what): no readout")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == Self.windows.count * Self.scales.count * Self.pictures.count * 3 * Self.probeSets.count)
    }

    /// Where the window has bands, the badge, chips and footer are in them: a 16:9 chart on
    /// a 4:3 projector (bands above and below), a portrait picture (bands left and right,
    /// 256 px wide), at `--ui-scale` 1. (At 2 a badge above the picture would have to be set
    /// below the secondary labels' size to fit: the framed layout makes room instead, which
    /// `framedLeavesThePictureClear` checks.)
    @Test(arguments: [1.0]) func bandsBeforeThePicture(scale: Double) {
        for picture in [FrameSize(1280, 720), FrameSize(600, 900)] {
            for (name, layout) in Self.layouts.prefix(2) {
                let s = Self.state(layout, probes: [])
                let (plan, _) = Self.plan(s, window: FrameSize(1024, 768), picture: picture, scale: scale, stats: false)
                let what = "\(name) 1024×768 ×\(scale) picture \(picture)"
                #expect(
                    plan.onPicture.isEmpty, "\(what): on the picture: \(plan.onPicture.map { $0.lines.map(\.text) })")
                #expect(plan.badges.count == s.renderedSimulations.count && plan.chips.count >= 1 && plan.footer != nil)
            }
        }
    }

    /// Probed in a letterboxed picture: the readout is in a band, with a line to each ring.
    @Test func readoutsInABandLeadToTheirRings() throws {
        let s = Self.state(Self.layouts[0].1, probes: [Point(0.3, 0.5), Point(0.7, 0.5)])
        let (plan, g) = Self.plan(s, window: FrameSize(1024, 1000), picture: FrameSize(1280, 720), scale: 1)
        let readout = try #require(plan.callouts.first)
        #expect(!readout.shim.intersects(g.pictureRect), "in the band, not on the picture")
        #expect(plan.leaders.count == 2, "a line to each ring")
        for (l, m) in zip(plan.leaders, plan.markers) {
            #expect(abs(l.x1 - m.x) < m.radius * 2 && abs(l.y1 - m.y) < m.radius * 2, "the line ends at its ring")
        }
    }

    /// The framed layout. A lesson's labels — badges, chips, footer, caption and a probed
    /// pair's readouts — all stay off the picture from 1024×720 at `--ui-scale` 1 in the
    /// single and split views. The picture keeps at least half of its pane, so with
    /// everything on at once (the `i` overlay and the confusion map's legend too), in 2×2 or
    /// at a larger scale, only the badges are sure to stay off it.
    @Test func framedLeavesThePictureClear() {
        for window in Self.windows {
            for scale in Self.scales {
                for picture in Self.pictures {
                    for (name, layout) in Self.layouts {
                        var s = Self.state(layout, probes: [Point(0.4, 0.5), Point(0.6, 0.5)], framed: true)
                        let what = "framed \(name) \(window) ×\(scale) picture \(picture)"
                        let (all, _) = Self.plan(
                            s, window: window, picture: picture, scale: scale, caption: true, legend: true)
                        let fixed = all.badges
                        let over = all.onPicture.filter { box in fixed.contains { $0.shim == box.shim } }
                        #expect(over.isEmpty, "\(what): on the picture: \(over.map { $0.lines.map(\.text) })")
                        guard scale == 1, name != "2×2", window.width >= 1024, window.height >= 720 else { continue }
                        s.statsVisible = false
                        let (lesson, _) = Self.plan(
                            s, window: window, picture: picture, scale: scale, caption: true, stats: false)
                        #expect(
                            lesson.onPicture.isEmpty,
                            "\(what), a lesson: on the picture: \(lesson.onPicture.map { $0.lines.map(\.text) })")
                    }
                }
            }
        }
    }
}
