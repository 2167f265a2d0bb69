import CVDCore
import CVDLocale
import Testing

@testable import CVDViewModel

/// What a teacher's trial found (issue 32), as geometry: the split view's original side
/// gives the simulated eye's verdict, a pen stroke across the split divider is drawn up to
/// it on both sides, and the mode's name is never smaller than any other label.
@Suite struct LessonLayoutTests {
    /// Two probes on red and green bars, both on the original (left) side of the split in
    /// deuteranopia: the readout there gives deuteranopia's verdict (what the class must
    /// see), not normal vision's.
    @Test func theSplitsOriginalSideGivesTheSimulatedVerdict() throws {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        s.probes = [Point(0.2, 0.5), Point(0.3, 0.5)]
        let sim = try Simulation(mode: .deuteranopia)
        // A red and a green that deuteranopia makes hard to tell apart (or look the same).
        let candidates =
            [(RGB8(200, 30, 40), RGB8(60, 160, 70)), (RGB8(190, 90, 50), RGB8(130, 130, 50))]
            + [(RGB8(210, 70, 60), RGB8(140, 140, 60)), (RGB8(180, 80, 60), RGB8(110, 120, 60))]
        let (red, green) = try #require(
            candidates.first { PairComparison($0.0, $0.1, under: sim).verdictSeen != .easyToTellApart })
        let pair = PairComparison(red, green, under: sim)
        try #require(pair.verdictNormal == .easyToTellApart)
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
        #expect(g.pieces.count == 2)
        let readings = s.renderedSimulations.map { sim in
            [red, green].map { ProbeReading(original: $0, simulation: sim) }
        }
        let plan = OverlayPlan(
            .init(
                geometry: g, state: s, window: FrameSize(1280, 720), footer: nil, compact: false,
                probeReadings: readings), uiScale: 1, measure: ApproximateMeasure())
        let texts = plan.callouts.flatMap { $0.lines.map(\.text) }
        #expect(!texts.isEmpty, "a readout")
        #expect(texts.contains { $0.contains(tr(pair.verdictSeen.rawValue)) }, "deuteranopia's verdict: \(texts)")
        #expect(!texts.contains { $0.contains(tr(pair.verdictNormal.rawValue)) }, "not normal vision's: \(texts)")
    }

    /// A stroke from the left third to the right third of the picture in the split view:
    /// drawn on both sides, each part reaching the divider (no gap, nothing lost).
    @Test func aStrokeAcrossTheDividerIsDrawnOnBothSides() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        s.strokes = [[Point(0.3, 0.5), Point(0.7, 0.52)]]
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
        let parts = OverlayPlan.strokes(s.strokes, g)
        #expect(parts.count == 2, "one part per side: \(parts)")
        let divider = g.pieces[0].destination.maxX
        let xs = parts.map { $0.map(\.x) }
        #expect(xs.contains { abs(($0.max() ?? 0) - divider) < 0.5 && abs(($0.min() ?? 0) - 384) < 0.5 }, "\(xs)")
        #expect(xs.contains { abs(($0.min() ?? 0) - divider) < 0.5 && abs(($0.max() ?? 0) - 896) < 0.5 }, "\(xs)")
    }

    /// The 2×2 at 1024×768 (a projector), `--ui-scale 2`, framed, with `c`: the caption
    /// (three lines at the label size) lay along the window's bottom over the lower
    /// pictures' bottom third, while the strip between the rows, above the lower badges,
    /// was empty. It now stands there, set smaller (not below the secondary labels' floor
    /// in a band), over no picture — in English, German and Japanese, whose captions are
    /// the longest. The secondary labels then take the band below the pictures.
    @Test(arguments: ["en", "de", "ja"]) func theCaptionIn2x2StandsBetweenTheRows(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            var s = ViewState(mode: .normal)
            s.apply(.cycleLayout)
            s.apply(.cycleLayout)
            s.framed = true
            s.captionVisible = true
            let window = FrameSize(1024, 768)
            let m = ApproximateMeasure()
            let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 2, measure: m)
            let population: Population = language == "ja" ? .eastAsian : .european
            let plan = OverlayPlan(
                .init(
                    geometry: g, state: s, simulations: s.renderedSimulations, window: window,
                    footer: tr("caption on"), compact: false,
                    caption: Caption.text(for: s.mode, population: population)), uiScale: 2, measure: m)
            let caption = try #require(plan.caption, "\(language)")
            #expect(!g.pieces.contains { $0.destination.intersects(caption.shim) }, "\(language): \(caption.shim)")
            let middle = PictureBands.middleStrip(g, window: Rect(0, 0, 1024, 768))
            #expect(middle.contains(caption.shim), "\(language): \(caption.shim) between the rows \(middle)")
            let badge = plan.badges.compactMap { $0.lines.first?.fontSize }.min() ?? 0
            let size = caption.lines.map(\.fontSize).min() ?? 0
            #expect(size >= OverlayPlan.bandFloor(Int(Double(badge) * OverlayPlan.smallTextScale)), "\(language)")
            #expect(plan.boxes.allSatisfy { b in !g.pieces.contains { $0.destination.intersects(b.shim) } })
        }
    }

    /// The same 2×2 with two probes too: the caption between the rows costs the readouts
    /// nothing — none lost, none more over a picture than with the caption along the
    /// window's bottom, where it went before. (With the caption on, two readouts lie over
    /// a picture either way, none with it off: the bands have no room for both.)
    @Test(arguments: ["en", "de", "ja"]) func theCaptionBetweenTheRowsCostsTheReadoutsNothing(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        Localization.$catalogue.withValue(catalogue) {
            var s = ViewState(mode: .normal)
            s.apply(.cycleLayout)
            s.apply(.cycleLayout)
            s.framed = true
            s.probes = [Point(0.3, 0.6), Point(0.7, 0.6)]
            let window = FrameSize(1024, 768)
            let m = ApproximateMeasure()
            let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 2, measure: m)
            let readings = s.renderedSimulations.map { sim in
                [RGB8(200, 30, 40), RGB8(60, 160, 70)].map { ProbeReading(original: $0, simulation: sim) }
            }
            func plan(caption: Bool) -> OverlayPlan {
                OverlayPlan(
                    .init(
                        geometry: g, state: s, simulations: s.renderedSimulations, window: window, footer: nil,
                        compact: false, probeReadings: readings,
                        caption: caption ? Caption.text(for: s.mode) : nil), uiScale: 2, measure: m)
            }
            let without = plan(caption: false)
            let with = plan(caption: true)
            var bottom = OverlayPlan.Choices()
            bottom.captionInBands = false
            let along = OverlayPlan(
                .init(
                    geometry: g, state: s, simulations: s.renderedSimulations, window: window, footer: nil,
                    compact: false, probeReadings: readings, caption: Caption.text(for: s.mode)), uiScale: 2,
                measure: m, keeping: bottom)
            #expect(with.caption != nil, "\(language)")
            #expect(with.callouts.count == without.callouts.count, "\(language)")
            #expect(with.readoutsOnPicture <= along.readoutsOnPicture, "\(language): \(along.readoutsOnPicture)")
        }
    }

    /// In every layout, window, `--ui-scale` and picture of the placement tests, framed or
    /// not, with everything on: no label's text is larger than the smallest badge's.
    @Test func theModeIsNeverSmallerThanAnyOtherLabel() {
        var checked = 0
        for window in OverlayPlacementTests.windows {
            for scale in OverlayPlacementTests.scales {
                for picture in OverlayPlacementTests.pictures {
                    for (name, layout) in OverlayPlacementTests.layouts {
                        for framed in [false, true] {
                            let s = OverlayPlacementTests.state(
                                layout, probes: [Point(0.4, 0.5), Point(0.6, 0.5)], framed: framed)
                            let (plan, _) = OverlayPlacementTests.plan(
                                s, window: window, picture: picture, scale: scale, caption: true, legend: true)
                            let modeSizes = plan.badges.compactMap { $0.lines.first?.fontSize }
                            guard let mode = modeSizes.min() else { continue }
                            let others = (plan.boxes.filter { b in !plan.badges.contains(b) }).flatMap {
                                $0.lines.map(\.fontSize)
                            }
                            #expect(
                                others.allSatisfy { $0 <= mode },
                                "\(name) \(window) ×\(scale) \(picture) framed \(framed): mode \(mode), others \(Set(others))"
                            )
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    /// Seen with `--screen` on one 1024×768 laptop (the window on its right half, 512×768)
    /// at `--ui-scale 2`: the badge read "Deuteranopia · Viénot 1999" at 24 px where
    /// `--ui-scale 1` gave "Deuteranopia" at 35 px — a larger scale set the mode's name
    /// smaller. Over the placement tests' windows and pictures plus that half, each layout,
    /// framed or not: the mode's name at a larger `--ui-scale` is never smaller.
    @Test func aLargerUIScaleNeverSetsTheModeSmaller() {
        var checked = 0
        for window in OverlayPlacementTests.windows + [FrameSize(512, 768)] {
            for picture in OverlayPlacementTests.pictures + [FrameSize(512, 768)] {
                for (name, layout) in OverlayPlacementTests.layouts {
                    for framed in [false, true] {
                        let s = OverlayPlacementTests.state(layout, probes: [], framed: framed)
                        let sizes = OverlayPlacementTests.scales.map { scale in
                            OverlayPlacementTests.plan(s, window: window, picture: picture, scale: scale).0.badges
                                .compactMap { $0.lines.first?.fontSize }.min() ?? 0
                        }
                        #expect(
                            zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 },
                            "\(name) \(window) \(picture) framed \(framed): the mode's name at ×1, ×1.5, ×2: \(sizes)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 180)
    }
}
