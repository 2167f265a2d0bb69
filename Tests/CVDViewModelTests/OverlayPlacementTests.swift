import CVDCore
import CVDLocale
import CVDSystem
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
    /// The footer `source` shows (`SourceLine`), in the window's language.
    static func sourceLine(_ source: Message) -> String {
        SourceLine.text(source: source, status: .running, hasFrame: true)
    }
    static var testSceneLine: String { sourceLine(Message(term: "built-in test scene")) }
    static let stats = [
        "1800 frames shown · 30.0 fps · CPU 12.3 %", "dropped: 0 by cvdcam, 0 by the camera · 0 corrupt",
    ]

    static func plan(
        _ state: ViewState, window: FrameSize, picture: FrameSize, scale: Double, caption: Bool = false,
        legend: Bool = false, stats showStats: Bool = true, footer text: String = footer
    ) -> (OverlayPlan, ViewGeometry) {
        let i = inputs(
            state, window: window, picture: picture, scale: scale, caption: caption, legend: legend,
            stats: showStats, footer: text)
        return (OverlayPlan(i, uiScale: scale, measure: ApproximateMeasure()), i.geometry!)
    }

    /// What `plan` lays out; `readings`: the probes' colours.
    static func inputs(
        _ state: ViewState, window: FrameSize, picture: FrameSize, scale: Double, caption: Bool = false,
        legend: Bool = false, stats showStats: Bool = true, footer text: String = footer,
        readings colours: [RGB8] = [RGB8(200, 30, 40), RGB8(60, 160, 70)]
    ) -> OverlayPlan.Inputs {
        let sims = state.renderedSimulations
        let readings = sims.map { sim in
            colours.prefix(state.probes.count).map { ProbeReading(original: $0, simulation: sim) }
        }
        let g = ViewGeometry(
            state: state, window: window, picture: picture, uiScale: scale, measure: ApproximateMeasure())
        return .init(
            geometry: g, state: state, simulations: sims, window: window, footer: text, compact: false,
            probeReadings: readings, caption: caption ? Caption.text(for: state.mode) : nil,
            legend: legend
                ? .init(
                    text: "striped: looks like #E08020 (orange) under deuteranopia: 12.3 % of what is shown",
                    colour: RGB8(224, 128, 32))
                : nil, stats: showStats ? stats : nil)
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

    /// Two probes with the caption on beside a tall picture: the caption took the band beside
    /// it, which left a wide readout (German's at `--ui-scale 2` in the real window:
    /// `OneSideBandE2ETests`; here the tests' measure, in English) no room anywhere, and the
    /// pair's readout was not drawn. The readout answers the click: set smaller, or the
    /// caption goes along the bottom over the picture, and both are shown. (At `--ui-scale 3`
    /// on these windows the caption, the chips and the footer leave no room for it at any size.)
    /// Probes zoomed out of view want no readout: the caption stays where it was.
    @Test(arguments: [1.0, 1.5, 2.0]) func aProbedPairAlwaysGetsItsReadout(scale: Double) {
        for window in [FrameSize(1024, 768), FrameSize(800, 600), FrameSize(1280, 800)] {
            for picture in [FrameSize(720, 1280), FrameSize(600, 900), FrameSize(1280, 720)] {
                var state = Self.state({ _ in }, probes: [Point(0.3, 0.4), Point(0.6, 0.7)], framed: true)
                state.statsVisible = false
                let (plan, _) = Self.plan(state, window: window, picture: picture, scale: scale, caption: true)
                let tag = "\(window.width)x\(window.height) ×\(scale) picture \(picture.width)x\(picture.height)"
                #expect(!plan.callouts.isEmpty, "\(tag): no readout")
                #expect(plan.caption != nil, "\(tag): no caption")
                #expect(
                    !plan.boxes.contains {
                        $0.shim.intersects(plan.callouts.first?.shim ?? .zero) && $0 != plan.callouts.first
                    },
                    "\(tag): the readout covers a label")
                // Zoomed in on the middle, the probes out of view: as without probes.
                state.apply(.zoom(factor: 4, at: nil))
                let zoomed = Self.plan(state, window: window, picture: picture, scale: scale, caption: true).0
                state.probes = []
                let none = Self.plan(state, window: window, picture: picture, scale: scale, caption: true).0
                #expect(zoomed.callouts.isEmpty && zoomed.caption == none.caption, "\(tag): zoomed")
            }
        }
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

    /// The framed layout. Its bands (`FramedBands`) are fixed for the window, the layout and
    /// `--ui-scale`: the badges stay off the picture in every case; at `--ui-scale` 1 in the
    /// single and split views from 1024×720, so do the chips and the footer with either a
    /// probed pair's readouts or the caption. (Both at once, the `i` overlay and the legend
    /// too, find what room is left, then go over the picture's edge: it does not move.)
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
                        let probed = Self.plan(s, window: window, picture: picture, scale: scale, stats: false).0
                        s.probes = []
                        let captioned = Self.plan(
                            s, window: window, picture: picture, scale: scale, caption: true, stats: false
                        ).0
                        for (lesson, with) in [(probed, "probes"), (captioned, "the caption")] {
                            #expect(
                                lesson.onPicture.isEmpty,
                                "\(what), \(with): on the picture: \(lesson.onPicture.map { $0.lines.map(\.text) })")
                        }
                    }
                }
            }
        }
    }

    /// A badge over a narrow picture (a portrait page with bands above and below it) says all
    /// of "Deuteranopia · Viénot 1999": the band is wider than the picture, and a badge is
    /// shortened only where its room is too narrow (issue 43). (The framed layout now keeps
    /// such a page's labels beside it, `FramedBands`; the bands are given here.)
    @Test func aBadgeUsesItsWholeBand() throws {
        var s = ViewState(mode: .deuteranopia, model: .vienot1999)
        s.framed = true
        let window = FrameSize(1024, 768)
        let m = ApproximateMeasure()
        let g = ViewGeometry(
            state: s, window: window, picture: FrameSize(640, 960), frame: ViewGeometry.Bands(top: 70, bottom: 150))
        let plan = OverlayPlan(
            .init(geometry: g, state: s, window: window, footer: nil, compact: false), uiScale: 1, measure: m)
        let badge = try #require(plan.badges.first)
        let full = ModeBadge(s.renderedSimulations[0]).texts[0]
        #expect(badge.lines.first?.text == full)
        #expect(badge.shim.w > g.pictureRect.w, "wider than the picture it names")
        #expect(plan.onPicture.isEmpty && Rect(0, 0, 1024, 768).contains(badge.shim))
    }

    /// The `i` overlay sits top right, as docs/live-view.md says: beside the picture when a
    /// band up there has room; else in a band lower down, off the picture; over the
    /// picture's top right only where no band holds it. With the footer and without it (it
    /// shows five seconds after a key; at ×2 the figures sit top right while it shows and
    /// below the picture once it has faded: placing the footer last is worse there on what
    /// `laidOut` weighs).
    @Test(arguments: [FrameSize(640, 480), FrameSize(1280, 720), FrameSize(600, 900)])
    func theStatsSitTopRight(picture: FrameSize) throws {
        for scale in Self.scales {
            for footer in [Self.footer, nil] {
                var s = Self.state(Self.layouts[0].1, probes: [], framed: true)
                s.statsVisible = true
                var inputs = Self.inputs(s, window: FrameSize(1024, 768), picture: picture, scale: scale)
                inputs.footer = footer
                let plan = OverlayPlan(inputs, uiScale: scale, measure: ApproximateMeasure())
                let what = "\(picture) ×\(scale) footer \(footer != nil)"
                let stats = try #require(plan.stats, "\(what)")
                // Up there: at the window's right edge; lower down: off the picture.
                if stats.shim.y < 768 / 2 {
                    #expect(stats.shim.maxX > 1024 - Double(stats.lines[0].fontSize), "\(what): \(stats.shim)")
                } else {
                    #expect(!stats.shim.intersects(inputs.geometry!.pictureRect), "\(what): \(stats.shim)")
                }
            }
        }
    }

    /// Seen at 1024×768 with the test scene (1280×720) and `i`: the panel's four lines went
    /// over the chart's top while the 176 px band below the picture stood empty. A probe
    /// pair's readouts come first in that band: `i` does not make them smaller.
    @Test func theStatsGoBelowThePictureBeforeOverIt() throws {
        let lines = [
            "90 frames shown · 30.0 fps · CPU 9.7 %", "dropped: 0 by cvdcam, 0 by the camera · 0 corrupt",
            "median latency 2.9 ms · memory 44 MiB, peak 44 MiB", "renderer: software",
        ]
        let window = FrameSize(1024, 768)
        func plan(probes: [Point], stats: Bool) -> (OverlayPlan, ViewGeometry) {
            var s = Self.state(Self.layouts[0].1, probes: probes, framed: true)
            s.statsVisible = stats
            let m = ApproximateMeasure()
            let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 1, measure: m)
            let readings = s.renderedSimulations.map { sim in
                [RGB8(200, 30, 40), RGB8(60, 160, 70)].prefix(probes.count).map {
                    ProbeReading(original: $0, simulation: sim)
                }
            }
            let inputs = OverlayPlan.Inputs(
                geometry: g, state: s, simulations: s.renderedSimulations, window: window, footer: Self.footer,
                compact: false, probeReadings: readings, stats: stats ? lines : nil)
            return (OverlayPlan(inputs, uiScale: 1, measure: m), g)
        }
        let (alone, g) = plan(probes: [], stats: true)
        let panel = try #require(alone.stats)
        #expect(!panel.shim.intersects(g.pictureRect), "off the picture: \(panel.shim), picture \(g.pictureRect)")
        #expect(panel.shim.y >= g.pictureRect.maxY, "below it, where the band is empty: \(panel.shim)")
        #expect(panel.lines.count == lines.count)

        let probes = [Point(0.3, 0.6), Point(0.7, 0.6)]
        let without = plan(probes: probes, stats: false).0
        let with = plan(probes: probes, stats: true).0
        #expect(with.callouts.count == without.callouts.count)
        #expect(with.callouts.map(\.shim) == without.callouts.map(\.shim), "the readouts keep their place and size")
        let shown = try #require(with.stats, "the panel still finds room")
        #expect(!with.callouts.contains { $0.shim.intersects(shown.shim) })
    }

    /// Seen at 1024×768 (a projector), `--ui-scale 2`, 2×2, with `i`, in German and
    /// Japanese: the four lines went over the two upper pictures (the panel 920×145 over
    /// both), while the strip between the rows had room beside the model's chip for them
    /// whole, smaller. Off the picture, they are now set smaller whole where neither their
    /// size nor their lines broken at " · " fit.
    @Test(arguments: ["en", "de", "ja"]) func theStatsIn2x2GoBetweenTheRows(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            let lines = Self.figures(shown: 61, latency: 0.0049, mib: 143, fps: 30, cpu: 14.8)
            var s = Self.state(Self.layouts[2].1, probes: [], framed: true)
            s.statsVisible = true
            let (plan, g) = Self.projectorPlan(s, caption: nil, stats: lines)
            let panel = try #require(plan.stats, "\(language)")
            #expect(!g.pieces.contains { $0.destination.intersects(panel.shim) }, "\(language): \(panel.shim)")
            #expect(panel.lines.count == lines.count, "\(language): whole lines")
            #expect(plan.onPicture.isEmpty, "\(language): \(plan.onPicture.map(\.shim))")
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`, split with the caption (`c`) and `i`, in German and
    /// Japanese: the caption took the band below the pictures, and the four lines went over
    /// both halves (920×144) while a strip 70 px high stood free between the picture and
    /// the caption. The figures now flow, in order, into fewer and longer lines there. (The
    /// 2×2's strip below its lower pictures, beside the model's chip, is checked with the
    /// real font: `StatsE2ETests`; this measure is wider than it.)
    @Test(arguments: ["en", "de", "ja"]) func theStatsFlowIntoAStripBesideTheCaption(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            let lines = Self.figures(shown: 233, latency: 0.0585, mib: 195, fps: 23.4, cpu: 98.3)
            let s = Self.figuresShown(Self.layouts[1].1)
            let (plan, _) = Self.projectorPlan(s, caption: Caption.text(for: s.mode), stats: lines)
            let panel = try #require(plan.stats, "\(language)")
            #expect(plan.caption != nil, "\(language)")
            #expect(plan.onPicture.isEmpty, "\(language): \(plan.onPicture.map(\.shim))")
            let said = panel.lines.map(\.text).joined(separator: " · ")
            #expect(said == lines.joined(separator: " · "), "\(language): every figure, in order")
            #expect(panel.lines.count < lines.count, "\(language): flowed, the strip is too low for four lines")
            #expect(panel.lines.allSatisfy { $0.fontSize >= BadgeLayout.minimumFont })
        }
    }

    /// The `i` figures' lines as `FrameTotals` words them, in the catalogue in use.
    static func figures(shown: Int, latency: Double, mib: Int, fps: Double, cpu: Double) -> [String] {
        var totals = FrameTotals()
        for _ in 0..<shown { totals.shown(latency: latency) }
        totals.memory = ProcessMemory(now: mib << 20, peak: mib << 20)
        totals.renderer = "software"
        return totals.overlayLines(fps: fps, cpuPercent: cpu)
    }

    /// Seen at 1024×768, `--ui-scale 2`, German, 2×2, with the caption and the figures on:
    /// for the footer's five seconds after a key the chip naming the models went from the
    /// bottom strip to the top one, and back when the footer faded. The footer makes way
    /// first now: with it or without, the chip stands in the same place, and in English
    /// and German the figures too. (In Japanese they go to the top strip while the footer
    /// shows and back below when it fades: here whole, smaller; with the real font flowed
    /// into one line, `StatsE2ETests`.)
    @Test(arguments: ["en", "de", "ja"]) func theFooterComesAndGoesWithoutMovingTheChip(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            let lines = Self.figures(shown: 388, latency: 0.0574, mib: 68, fps: 24.4, cpu: 98.3)
            let s = Self.figuresShown(Self.layouts[2].1)
            let caption = Caption.text(for: s.mode)
            let (without, _) = Self.projectorPlan(s, caption: caption, stats: lines)
            let footer = Self.testSceneLine
            let (with, _) = Self.projectorPlan(s, caption: caption, stats: lines, footer: footer)
            #expect(with.footer != nil, "\(language)")
            let chip = try #require(without.chips.first, "\(language): the chip naming the models")
            #expect(with.chips.map(\.shim) == [chip.shim], "\(language)")
            #expect(without.onPicture.isEmpty, "\(language): \(without.onPicture.map(\.shim))")
            #expect(with.onPicture.isEmpty, "\(language): \(with.onPicture.map(\.shim))")
            #expect(with.stats != nil, "\(language)")
            if language != "ja" { #expect(with.stats?.shim == without.stats?.shim, "\(language)") }
        }
    }

    /// Normal vision in `layout`, framed, with the `i` figures on.
    static func figuresShown(_ layout: (inout ViewState) -> Void) -> ViewState {
        var s = ViewState(mode: .normal)
        layout(&s)
        (s.framed, s.statsVisible) = (true, true)
        return s
    }

    /// `state` with the test scene's picture at 1024×768 (a projector), `--ui-scale 2`.
    static func projectorPlan(_ s: ViewState, caption: String?, stats: [String], footer: String? = nil) -> (
        OverlayPlan, ViewGeometry
    ) {
        let window = FrameSize(1024, 768)
        let m = ApproximateMeasure()
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 2, measure: m)
        let inputs = OverlayPlan.Inputs(
            geometry: g, state: s, simulations: s.renderedSimulations, window: window, footer: footer, compact: false,
            caption: caption, stats: stats)
        return (OverlayPlan(inputs, uiScale: 2, measure: m), g)
    }

    /// The figures flowed into `count` lines: in order, each once, broken where the widest
    /// line is narrowest (worked by hand: widths 4, 1, 2, 4 and a gap " · " of 3).
    @Test func flowedFiguresBreakWhereTheWidestLineIsNarrowest() {
        let pieces = ["aaaa", "b", "cc", "dddd"]
        let m = ApproximateMeasure()
        #expect(StatsPanel.flowed(pieces, into: 1, size: 12, m) == ["aaaa · b · cc · dddd"])
        // [aaaa · b][cc · dddd]: 8 and 9 wide, against 13 for either other break.
        #expect(StatsPanel.flowed(pieces, into: 2, size: 12, m) == ["aaaa · b", "cc · dddd"])
        // [aaaa][b · cc][dddd]: 4, 6, 4, against 9 and 8.
        #expect(StatsPanel.flowed(pieces, into: 3, size: 12, m) == ["aaaa", "b · cc", "dddd"])
        #expect(StatsPanel.flowed(pieces, into: 4, size: 12, m) == pieces)
    }

    /// Deuteranopia with the caption on at 1024×768, `--ui-scale 2`, for a wide and a 4:3
    /// picture: each picture's size, plan and geometry.
    static func captionedAtUIScale2() -> [(FrameSize, OverlayPlan, ViewGeometry)] {
        [FrameSize(1280, 720), FrameSize(640, 480)].map { picture in
            var s = ViewState(mode: .deuteranopia)
            s.framed = true
            let (plan, g) = Self.plan(
                s, window: FrameSize(1024, 768), picture: picture, scale: 2, caption: true, stats: false)
            return (picture, plan, g)
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`, with the caption on: the badge had room for
    /// "Deuteranopia" only, and the chip that names the model found the band below the
    /// picture 4 px too short beside the caption at half size: no model named anywhere.
    @Test func theModelIsNamedWithTheCaptionOnAtUIScale2() throws {
        for (picture, plan, g) in Self.captionedAtUIScale2() {
            let named = plan.badges.contains { $0.lines.contains { $0.text.contains("Viénot") } }
            let chip = plan.chips.first { $0.lines.contains { $0.text.contains("Viénot") } }
            #expect(named || chip != nil, "\(picture): no label names the model")
            if let chip {
                #expect(!chip.shim.intersects(g.pictureRect), "\(picture): the model's chip over the picture")
                #expect(chip.lines.allSatisfy { $0.fontSize >= BadgeLayout.minimumFont })
            }
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`: pressing `c` put its notice ("caption on") over
    /// the picture's bottom left, though 61 px of the band below the picture stood free
    /// above the caption: the footer is set smaller to the height left there.
    @Test func theFooterGoesAboveTheCaptionBeforeOverThePicture() throws {
        for (picture, plan, g) in Self.captionedAtUIScale2() {
            let footer = try #require(plan.footer, "\(picture)")
            let caption = try #require(plan.caption, "\(picture)")
            #expect(!footer.shim.intersects(g.pictureRect), "\(picture): the footer \(footer.shim) over the picture")
            #expect(!footer.shim.intersects(caption.shim))
            #expect(footer.lines.allSatisfy { $0.fontSize >= BadgeLayout.minimumFont })
        }
    }

    /// A live picture changes the probes' readings every frame; the plan then keeps the last
    /// one's choices (`init(_:uiScale:measure:keeping:)`: one placing, not the search,
    /// which took 11–18 ms a frame at `--ui-scale 2` in 2×2). Kept on the same inputs it is
    /// the plan laid out in full, box for box, over the placement matrix with probes (at
    /// 1024×768 and 1920×1080: 288 plans) — where the chip naming the model or the footer
    /// was placed last, with them in the same place (where the readouts, going clear of them,
    /// then show fewer or more over a picture, the view lays the plan out in full); kept
    /// over other readings it places as many readouts,
    /// and the footer and the chips where they were (they may be placed after the readouts,
    /// `laidOut`, and would follow their width every frame).
    @Test func aPlanKeepingItsChoicesIsThePlanLaidOutInFull() {
        var checked = 0
        var (lastFirst, laidOutAgain) = (0, 0)
        for window in [FrameSize(1024, 768), FrameSize(1920, 1080)] {
            for scale in Self.scales {
                for picture in Self.pictures {
                    for (name, layout) in Self.layouts {
                        for probes in Self.probeSets where !probes.isEmpty {
                            let s = Self.state(layout, probes: probes, framed: true)
                            let i = Self.inputs(
                                s, window: window, picture: picture, scale: scale, caption: true, legend: true)
                            let m = ApproximateMeasure()
                            let full = OverlayPlan(i, uiScale: scale, measure: m)
                            let kept = OverlayPlan(i, uiScale: scale, measure: m, keeping: full.choices)
                            let what = "\(name) \(window) ×\(scale) \(picture) \(probes)"
                            if full.choices.modelAfterReadouts || full.choices.footerAfterReadouts {
                                // The chip and the footer placed last are placed first when kept, and
                                // the readouts go clear of them (a leader may no longer cross them).
                                // Where that shows fewer readouts, or more over a picture, the view lays
                                // the plan out in full instead (`LayoutStage.plan`).
                                lastFirst += 1
                                if kept.callouts.count < full.callouts.count
                                    || kept.readoutsOnPicture > full.readoutsOnPicture
                                {
                                    laidOutAgain += 1
                                }
                                #expect(kept.footer?.shim == full.footer?.shim, "\(what): the footer")
                                #expect(kept.chips.map(\.shim) == full.chips.map(\.shim), "\(what): the chips")
                            } else {
                                #expect(kept.boxes.map(\.shim) == full.boxes.map(\.shim), "\(what)")
                            }
                            var other = i
                            other.probeReadings =
                                Self.inputs(
                                    s, window: window, picture: picture, scale: scale,
                                    readings: [RGB8(201, 31, 41), RGB8(61, 161, 71)]
                                ).probeReadings
                            let next = OverlayPlan(other, uiScale: scale, measure: m, keeping: full.choices)
                            #expect(next.callouts.count == full.callouts.count, "\(what)")
                            // The footer and the chips hold still while the readings change.
                            #expect(next.footer?.shim == full.footer?.shim, "\(what): the footer moved")
                            #expect(next.chips.map(\.shim) == full.chips.map(\.shim), "\(what): a chip moved")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 288)
        #expect(lastFirst > 0, "the matrix has plans whose chip or footer is placed last")
        #expect(laidOutAgain < lastFirst, "\(laidOutAgain) of \(lastFirst) kept plans laid out again")
    }

    /// The framed 2×2 in deuteranopia with two probes on the colour wheel.
    static var probedQuad: ViewState {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        s.framed = true
        s.probes = [Point(0.19, 0.72), Point(0.28, 0.72)]
        return s
    }

    /// Seen at 1024×768, `--ui-scale 2`, 2×2, two probes on the colour wheel: the chip that
    /// names the models ("Viénot 1999, Brettel 1997") took the band between the rows, and
    /// the Protanopia pane's readout went over its picture's colour chart. The chip makes
    /// way: the readout stands below its picture and the models are still named.
    @Test func theModelChipMakesWayForAReadout() throws {
        let s = Self.probedQuad
        let (plan, g) = Self.plan(
            s, window: FrameSize(1024, 768), picture: FrameSize(1280, 720), scale: 2, stats: false)
        let named = plan.chips.contains { $0.lines.contains { $0.text.contains("Viénot 1999") } }
        #expect(named, "the models are named: \(plan.chips.map { $0.lines.map(\.text) })")
        // The upper row's two readouts (Normal, Protanopia); the lower row's band holds the
        // footer too (`theFooterMakesWayForAReadout`).
        let upper = plan.callouts.filter { $0.shim.y < 384 }
        let over = upper.filter { c in g.pieces.contains { $0.destination.intersects(c.shim) } }
        #expect(upper.count == 2)
        #expect(over.isEmpty, "upper readouts over a picture: \(over.map(\.shim))")
    }

    /// Seen at 1024×768, `--ui-scale 2`, the 2×2 layout, two probes on the test scene (German):
    /// the lower-left pane's readout went over its colour chart, four lines long, while
    /// the band below the picture held the footer ("Quelle: eingebaute Testszene"). The
    /// footer makes way for it as the caption and the model's chip do: every pane's readout
    /// beside its picture, the footer still shown, nothing else over a picture.
    @Test(arguments: ["en", "de", "ja"]) func theFooterMakesWayForAReadout(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            let s = Self.probedQuad
            let (plan, g) = Self.plan(
                s, window: FrameSize(1024, 768), picture: FrameSize(1280, 720), scale: 2, stats: false,
                footer: Self.testSceneLine)
            #expect(plan.callouts.count == 4, "\(language)")
            let over = plan.callouts.filter { c in g.pieces.contains { $0.destination.intersects(c.shim) } }
            #expect(over.isEmpty, "\(language): readouts over a picture: \(over.map(\.shim))")
            _ = try #require(plan.footer, "\(language): the footer is shown")
            #expect(plan.onPicture.isEmpty, "\(language): \(plan.onPicture.map { $0.lines.map(\.text) })")
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`, one probe on the test scene (Japanese): the readout
    /// in the band below the picture said only "1" beside its two swatches, at the scaled
    /// size, where at the size `--ui-scale 1` gives it names the colour and what the mode
    /// makes of it. Giving back the enlargement, the readout says the most it can off the
    /// picture.
    @Test(arguments: ["en", "de", "ja"]) func aReadoutGivesBackTheScaleToNameTheColours(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            var s = ViewState(mode: .deuteranopia)
            s.framed = true
            s.probes = [Point(0.13, 0.35)]
            let i = Self.inputs(
                s, window: FrameSize(1024, 768), picture: FrameSize(1280, 720), scale: 2, stats: false,
                footer: Self.testSceneLine, readings: [RGB8(70, 148, 74)])
            let (plan, g) = (OverlayPlan(i, uiScale: 2, measure: ApproximateMeasure()), try #require(i.geometry))
            let readout = try #require(plan.callouts.first, "\(language)")
            #expect(!readout.shim.intersects(g.pictureRect), "\(language): \(readout.shim) over the picture")
            let said = readout.lines.map(\.text).joined(separator: " ")
            #expect(said.contains("#46944A"), "\(language): the readout says \(said)")
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`, two probes on the test scene: the pair's verdict
    /// (540×154) went over the fruit below the probes while the band below the picture had
    /// room for it at the size `--ui-scale 1` gives. A readout asked larger gives back the
    /// enlargement before it covers the picture — never below half size.
    @Test(arguments: ["en", "de", "ja"])
    func readoutsGiveBackTheScaleBeforeCoveringThePicture(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            for picture in [FrameSize(1280, 720), FrameSize(640, 480)] {
                var s = ViewState(mode: .deuteranopia)
                s.framed = true
                s.probes = [Point(0.3, 0.35), Point(0.77, 0.37)]
                let (plan, g) = Self.plan(
                    s, window: FrameSize(1024, 768), picture: picture, scale: 2, stats: false,
                    footer: Self.sourceLine(Message(verbatim: "/dev/video0")))
                let readout = try #require(plan.callouts.first, "\(language) \(picture)")
                #expect(!readout.shim.intersects(g.pictureRect), "\(language) \(picture): \(readout.shim) over it")
                let small = Int(Double(OverlayPlan.labelFont(s, window: FrameSize(1024, 768), uiScale: 2)) * 0.75)
                #expect(readout.lines.allSatisfy { $0.fontSize >= small / 2 }, "\(language) \(picture)")
            }
        }
    }

    /// Seen at 1024×768, `--ui-scale 2`, 2×2, two probes low on a chart: a readout set in
    /// the band above the Protanopia pane drew its leader lines down through the pane's
    /// badge. No leader from a readout in a band crosses another label (a readout goes where
    /// its leaders cross none; where no such place is, the leader has a gap there); every
    /// window, scale, picture, layout and probe pair of `noLabelCoversAnotherOrARing`.
    @Test func noLeaderCrossesALabel() {
        var crossings: [String] = []
        for window in Self.windows {
            for scale in Self.scales {
                for picture in Self.pictures {
                    for (name, layout) in Self.layouts {
                        for probes in Self.probeSets + [[Point(0.18, 0.8), Point(0.37, 0.8)]] where !probes.isEmpty {
                            var s = Self.state(layout, probes: probes)
                            s.framed = true
                            let (plan, g) = Self.plan(s, window: window, picture: picture, scale: scale)
                            let inBands = plan.callouts.filter { c in
                                !g.pieces.contains { $0.destination.intersects(c.shim) }
                            }
                            guard !inBands.isEmpty else { continue }
                            let others = plan.boxes.filter { b in !plan.callouts.contains { $0.shim == b.shim } }
                            for l in plan.leaders {
                                // A leader starts on its readout's edge: only those that start on one in a band.
                                guard inBands.contains(where: { $0.shim.contains(Rect(l.x0, l.y0, 0, 0), slack: 1) })
                                else { continue }
                                for b in others {
                                    let inner = Rect(b.shim.x + 1, b.shim.y + 1, b.shim.w - 2, b.shim.h - 2)
                                    if SegmentClip.span((l.x0, l.y0), (l.x1, l.y1), in: inner) != nil {
                                        crossings.append(
                                            "\(name) \(window) ×\(scale) \(picture) \(probes): through \(b.lines.map(\.text))"
                                        )
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(crossings.isEmpty, "\(crossings.count) leaders cross a label: \(crossings.prefix(5))")
        // The case seen: every leader whole (none needed a gap), each readout off the badges.
        var s = Self.state(Self.layouts[2].1, probes: [Point(0.18, 0.8), Point(0.37, 0.8)])
        s.framed = true
        let plan = Self.plan(s, window: FrameSize(1024, 768), picture: FrameSize(1280, 720), scale: 2).0
        #expect(plan.callouts.count == 4 && plan.leaders.count == 8, "\(plan.leaders)")
    }
}
