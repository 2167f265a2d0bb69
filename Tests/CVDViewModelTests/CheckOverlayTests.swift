import CVDLocale
import Testing

@testable import CVDCheck
@testable import CVDCore
@testable import CVDViewModel

/// The check on screen (`z`): the key's round, the modes checked per layout, outlines and
/// numbers only in the panes whose mode puts the pair at risk, and the band beside the
/// picture (never on it in the framed layout, at a projector's 1024×768 and `--ui-scale` 2).
@Suite struct CheckOverlayTests {
    static func region(_ c: RGB8, _ name: String, _ x: Double, _ y: Double) -> CheckTracker.Region {
        CheckTracker.Region(rgb: c, name: ColourName(base: name), x: x, y: y, width: 0.15, height: 0.5, lab: CIELab(c))
    }
    static let red = region(RGB8(213, 40, 40), "red", 0.1, 0.3)
    static let green = region(RGB8(60, 160, 60), "green", 0.3, 0.35)
    static let orange = region(RGB8(240, 150, 20), "orange", 0.7, 0.45)
    /// 1 red ↔ green in deuteranopia (the same) and protanopia (hard); 2 green ↔ orange in protanopia.
    static let shown = CheckTracker.Shown(
        pairs: [
            CheckTracker.Pair(
                number: 1, first: red, second: green,
                risks: [
                    .init(mode: .deuteranopia, verdict: .lookTheSame),
                    .init(mode: .protanopia, verdict: .hardToTellApart),
                ],
                suggestion: .init(colour: RGB8(0, 0x72, 0xB2), replacesFirst: false, keepsApart: true)),
            CheckTracker.Pair(
                number: 2, first: green, second: orange, risks: [.init(mode: .protanopia, verdict: .hardToTellApart)],
                suggestion: nil),
        ], modes: [.protanopia, .deuteranopia, .tritanopia])

    @Test func zGoesMarksRecolouredOff() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleCheck)
        #expect(s.check == .marks)
        s.apply(.cycleCheck)
        #expect(s.check == .off, "nothing to recolour: z turns the check off")
        s.apply(.cycleCheck)
        s.checkHasFix = true
        s.apply(.cycleCheck)
        #expect(s.check == .recoloured)
        s.apply(.cycleCheck)
        #expect(s.check == .off)
        s.apply(.cycleCheck)
        s.apply(.escape)
        #expect(s.check == .off && s.notice?.english == "check off", "Esc turns the check off first")
        #expect(Command.forKey(.letter("z")) == .cycleCheck)
    }

    @Test func theModesCheckedFollowThePanes() {
        var s = ViewState(mode: .normal)
        // Normal vision everywhere: the forms a class has, as `cvdcam check` counts them
        // (not achromatopsia, about 1 in 30,000, nor tritanomaly).
        #expect(
            s.checkedSimulations.map(\.mode) == [.protanopia, .deuteranopia, .tritanopia, .protanomaly, .deuteranomaly])
        s.mode = .deuteranomaly
        s.severity = 0.6
        #expect(s.checkedSimulations.map(\.mode) == [.deuteranomaly])
        #expect(s.checkedSimulations.first?.severity == 0.6)
        s.apply(.cycleLayout) // split: the simulated side's mode
        #expect(s.checkedSimulations.map(\.mode) == [.deuteranomaly])
        s.apply(.cycleLayout) // 2×2
        #expect(s.checkedSimulations.map(\.mode) == [.protanopia, .deuteranopia, .tritanopia])
    }

    static func plan(_ s: ViewState, window: FrameSize, scale: Double = 1, recoloured: Bool = false) -> (
        OverlayPlan, ViewGeometry
    ) {
        let m = ApproximateMeasure()
        let picture = FrameSize(1280, 720)
        let input = OverlayPlan.CheckInput(shown: shown, recoloured: recoloured)
        let g = ViewGeometry(state: s, window: window, picture: picture, uiScale: scale, measure: m)
        return (
            OverlayPlan(
                .init(
                    geometry: g, state: s, window: window, footer: "Source: image chart.png", compact: false,
                    check: input), uiScale: scale, measure: m), g
        )
    }

    /// In 2×2 (normal, protanopia, deuteranopia, tritanopia): the normal pane numbers every
    /// pair, protanopia both, deuteranopia only 1, tritanopia none; every tag in its pane.
    @Test func eachPaneOutlinesItsOwnModesPairs() {
        var s = ViewState(mode: .normal)
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        let (plan, g) = Self.plan(s, window: FrameSize(1280, 720))
        var perPane: [Int: [String]] = [:]
        for tag in plan.checkTags {
            let piece = g.pieces.first { $0.destination.contains(tag.shim) }
            #expect(piece != nil, "tag \(tag.lines.map(\.text)) is not inside a pane")
            if let p = piece { perPane[p.texture, default: []].append(tag.lines.map(\.text).joined()) }
        }
        #expect(perPane[0]?.sorted() == ["1", "1 2", "2"], "\(perPane)")
        #expect(perPane[1]?.sorted() == ["1", "1 2", "2"], "\(perPane)")
        #expect(perPane[2]?.sorted() == ["1", "1"], "\(perPane)")
        #expect(perPane[3] == nil, "\(perPane)")
        // Four sides per outlined region, inside its pane.
        #expect(plan.checkOutlines.count == 3 + 3 + 2)
        for line in plan.checkOutlines {
            #expect(g.pieces.contains { p in line.allSatisfy { p.destination.contains($0.x, $0.y) } })
        }
    }

    /// The split (divider in the middle): the original side numbers what it shows of every
    /// pair (red, green; orange lies right of the divider); the deuteranopia side shows only
    /// pair 1's regions, which lie left of it — so no tag is pushed to its edge.
    @Test func theSplitsOtherSideGetsNoTagForWhatItDoesNotShow() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        let (plan, g) = Self.plan(s, window: FrameSize(1280, 720))
        let left = g.pieces.first { $0.texture == 0 }!.destination
        #expect(plan.checkTags.map { $0.lines.map(\.text).joined() }.sorted() == ["1", "1 2"])
        for tag in plan.checkTags { #expect(left.contains(tag.shim), "\(tag.lines.map(\.text)) is not on the left") }
        s.divider = 0.9
        let (wide, _) = Self.plan(s, window: FrameSize(1280, 720))
        #expect(wide.checkTags.count == 3, "orange shows left of the divider at 0.9")
    }

    /// The band lists the pairs with their modes and a suggestion, off the picture in the
    /// framed layout — single, split and 2×2, at 800×600, 1024×768 and 1920×1080, `--ui-scale`
    /// 1, 1.5 and 2; in full (modes, swatches, suggestions) where there is room.
    @Test func theBandStaysOffThePictureWhenFramed() {
        for window in [FrameSize(1024, 768), FrameSize(1920, 1080), FrameSize(800, 600)] {
            for scale in [1.0, 1.5, 2.0] {
                for layouts in 0..<3 {
                    var s = ViewState(mode: .deuteranopia)
                    for _ in 0..<layouts { s.apply(.cycleLayout) }
                    s.framed = true
                    let (plan, _) = Self.plan(s, window: window, scale: scale)
                    let what = "\(window) ×\(scale) layout \(layouts)"
                    let band = plan.checkBand
                    #expect(band != nil, "\(what): no band")
                    // (A 2×2 at 800×600 and a larger `--ui-scale` has no band left for even a
                    // line: there it lies over the lower panes' bottom edge, as other labels do.)
                    #expect(
                        plan.onPicture.isEmpty || (layouts == 2 && window.width < 1024 && scale > 1),
                        "\(what): on the picture: \(plan.onPicture.map { $0.lines.map(\.text) })")
                    let text = band?.lines.map(\.text).joined(separator: " ") ?? ""
                    #expect(text.contains("1 red ↔ green"), "\(what): \(text)")
                    // (At `--ui-scale` 2 the fixed bands hold the pairs' names only, at a size
                    // read from the back of the room: `theBandScalesWithTheUIScale`.)
                    if scale == 1 {
                        #expect(text.contains("1 red ↔ green: the same in Deuteranopia"), "\(what): \(text)")
                        #expect(band?.swatches.count ?? 0 >= 4, "\(what): two swatches a pair")
                    }
                    if layouts == 0, scale == 1 {
                        #expect(text.contains("instead of green: #0072B2"), "\(what): \(text)")
                        #expect(band?.lines.first?.fontSize == plan.footer?.lines.first?.fontSize, "\(what)")
                    }
                }
            }
        }
    }

    /// A picture with many pairs at risk (the test scene has 23) in the 2×2 view at a
    /// projector's 1024×768: the list goes off every picture, not over a pane (with the real
    /// font it goes between the rows: `CheckTagsE2ETests.theListOfA2x2GoesBetweenItsRows`).
    /// 23 pairs at risk (as many as the test scene has), each in one of three modes.
    static var manyPairs: CheckTracker.Shown {
        let regions = [red, green, orange]
        return CheckTracker.Shown(
            pairs: (1...23).map { n in
                CheckTracker.Pair(
                    number: n, first: regions[n % 3], second: regions[(n + 1) % 3],
                    risks: [.init(mode: [.protanopia, .deuteranopia, .tritanopia][n % 3], verdict: .hardToTellApart)],
                    suggestion: nil)
            }, modes: [.protanopia, .deuteranopia, .tritanopia])
    }

    /// The framed 2×2 view: normal, protanopia, deuteranopia, tritanopia.
    static var framedQuad: ViewState {
        var s = ViewState(mode: .normal)
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        s.framed = true
        return s
    }

    @Test func aLongListGoesBetweenTheRowsOfA2x2() {
        let (many, s) = (Self.manyPairs, Self.framedQuad)
        let m = ApproximateMeasure()
        let window = FrameSize(1024, 768)
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 1, measure: m)
        let plan = OverlayPlan(
            .init(
                geometry: g, state: s, window: window, footer: "Source: built-in test scene", compact: false,
                check: .init(shown: many, recoloured: false)), uiScale: 1, measure: m)
        let band = plan.checkBand
        #expect(band != nil)
        #expect(
            band.map { b in !g.pieces.contains { $0.destination.intersects(b.shim) } } == true, "\(band?.shim as Any)")
        #expect(PictureBands.middleStrip(g, window: Rect(0, 0, 1024, 768)).h > 100, "a strip between the rows")
    }

    /// The same list at `--ui-scale 2` (seen in German at 1024×768: it lay over the whole
    /// Deuteranopia pane while the chip naming the models, "Viénot 1999, Brettel 1997",
    /// held the strip between the rows): the chip makes way for it, as for a readout, and
    /// the models are still named.
    @Test(arguments: ["en", "de", "ja"]) func aLongListGoesBetweenTheRowsAtUIScale2(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            let (many, s) = (Self.manyPairs, Self.framedQuad)
            let m = ApproximateMeasure()
            let window = FrameSize(1024, 768)
            let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 2, measure: m)
            let plan = OverlayPlan(
                .init(
                    geometry: g, state: s, simulations: s.renderedSimulations, window: window,
                    footer: OverlayPlacementTests.testSceneLine, compact: false,
                    check: .init(shown: many, recoloured: false)), uiScale: 2, measure: m)
            let band = try #require(plan.checkBand, "\(language)")
            #expect(!plan.checkBandOnPicture, "\(language): the list \(band.shim) over a picture")
            #expect(
                plan.chips.contains { $0.lines.contains { $0.text.contains("Viénot 1999") } },
                "\(language): the models are named: \(plan.chips.map { $0.lines.map(\.text) })")
            #expect(plan.footer != nil, "\(language): the footer is shown")
        }
    }

    /// Side by side at 1024×768 and `--ui-scale 2`, a message in the footer (`m`'s, three
    /// lines there) and the list cannot both have the band below the pictures: the footer
    /// makes way — the list keeps the band it has without the message, and the message, shown
    /// for a few seconds, goes over the pictures, covering no more of the check's tags than
    /// the list would have.
    @Test(arguments: ["en", "de", "ja"]) func aFooterMessageLeavesTheListItsBand(language: String) throws {
        let catalogue = language == "en" ? nil : try LabelLayoutTests.catalogue(language)
        try Localization.$catalogue.withValue(catalogue) {
            var s = ViewState(mode: .normal)
            s.apply(.cycleLayout)
            s.framed = true
            let m = ApproximateMeasure()
            let window = FrameSize(1024, 768)
            let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 2, measure: m)
            func plan(footer: String?) -> OverlayPlan {
                OverlayPlan(
                    .init(
                        geometry: g, state: s, simulations: s.renderedSimulations, window: window, footer: footer,
                        compact: false, check: .init(shown: Self.manyPairs, recoloured: false)), uiScale: 2, measure: m)
            }
            let quiet = plan(footer: nil)
            let text = tr("model %s — it applies to the colour-deficient modes (2–7)", "Machado 2009")
            let message = plan(footer: text)
            let band = try #require(message.checkBand, "\(language)")
            #expect(!message.checkBandOnPicture, "\(language): the list \(band.shim) over a picture")
            #expect(message.footer != nil, "\(language): the message is shown")
            #expect(band.shim == quiet.checkBand?.shim, "\(language): the list stays where it is without the message")
            let footerFirst = OverlayPlan(
                .init(
                    geometry: g, state: s, simulations: s.renderedSimulations, window: window,
                    footer: text, compact: false,
                    check: .init(shown: Self.manyPairs, recoloured: false)), uiScale: 2, measure: m,
                keeping: OverlayPlan.Choices())
            // Against the footer placed first (the list then over the pictures).
            #expect(footerFirst.checkBandOnPicture, "\(language)")
            #expect(message.tagsCovered <= footerFirst.tagsCovered, "\(language): tags covered")
        }
    }

    /// The band scales with `--ui-scale` as the other labels do: at 1.5 and 2 it is never set
    /// smaller than at 1 (the same window and layout) — it says less (the pairs' names on one
    /// line) rather than shrink the list out of reach of the back of the room — and it stays
    /// in the framed layout's bands, off the picture. (Measured, the band's size at 1 → 2:
    /// single 1024×768 26 → 29, 1920×1080 36 → 67; 2×2 1024×768 16 → 17, 1920×1080 25 → 33;
    /// before, 26 → 13 and 25 → 14.)
    @Test func theBandScalesWithTheUIScale() {
        for window in [FrameSize(1024, 768), FrameSize(1280, 720), FrameSize(1920, 1080)] {
            for layouts in 0..<3 {
                var sizes: [Double: Int] = [:]
                for scale in [1.0, 1.5, 2.0] {
                    var s = ViewState(mode: .deuteranopia)
                    for _ in 0..<layouts { s.apply(.cycleLayout) }
                    s.framed = true
                    let (plan, g) = Self.plan(s, window: window, scale: scale)
                    let what = "\(window) ×\(scale) layout \(layouts)"
                    let band = plan.checkBand
                    #expect(band != nil, "\(what): no band")
                    sizes[scale] = band?.lines.map(\.fontSize).min() ?? 0
                    #expect(
                        band.map { b in !g.pieces.contains { $0.destination.intersects(b.shim) } } == true, "\(what)")
                    #expect(band?.lines.contains { $0.text.contains("1 red ↔ green") } == true, "\(what)")
                }
                #expect(sizes[1.5]! >= sizes[1]! && sizes[2]! >= sizes[1]!, "\(window) layout \(layouts): \(sizes)")
            }
        }
    }

    @Test func recolouredShowsTheReplacementsAndNoOutlines() {
        let (plan, _) = Self.plan(ViewState(mode: .deuteranopia), window: FrameSize(1280, 720), recoloured: true)
        #expect(plan.checkOutlines.isEmpty && plan.checkTags.isEmpty)
        let text = plan.checkBand?.lines.map(\.text).joined(separator: " ") ?? ""
        #expect(
            text.contains("Left as it is, right recoloured with the suggestions:")
                && text.contains("1 green now #0072B2"), "\(text)")
        #expect(plan.chips.contains { $0.lines.contains { $0.text == "Recoloured" } })
        let safe = CheckTracker.Shown(pairs: [], modes: [.deuteranopia])
        #expect(
            CheckWords.paragraphs(safe, recoloured: false).map(\.text) == [
                "Check: no pair of colours at risk in Deuteranopia"
            ])
    }
}
