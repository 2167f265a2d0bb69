import CVDCore
import Testing

@testable import CVDViewModel

/// The draw list (`DrawList`): what the window shows over its pictures, made from the
/// overlay plan without a window — rings, strokes, leaders and labels as fills, triangles
/// and text, in the order they cover each other; what each renderer then draws.
@Suite struct DrawListTests {
    static let window = FrameSize(1280, 720)
    static let picture = FrameSize(1280, 720)

    /// Every point of a `.triangles` item.
    static func points(_ item: DrawList.Item) -> [DrawList.Point] {
        if case .triangles(let p, _) = item { p } else { [] }
    }

    /// A probe's ring: black outside, white inside, around the probe, the middle clear.
    @Test func aProbesRingIsBlackOutsideWhiteInsideAndClearInTheMiddle() {
        var list = DrawList()
        let m = ProbeLayout.Marker(x: 300, y: 200, radius: 20)
        list.marker(m)
        #expect(list.items.count == 2)
        let t = max(2, m.radius * 0.22)
        for (i, (inner, outer, colour)) in [(20.0, 20 + t, RGB8(0, 0, 0)), (20 - t, 20.0, RGB8(255, 255, 255))]
            .enumerated()
        {
            guard case .triangles(let p, let c) = list.items[i] else {
                Issue.record("item \(i) is not triangles")
                continue
            }
            #expect(c == colour)
            #expect(p.count % 3 == 0 && p.count >= 3 * 32)
            for q in p {
                let d = ((q.x - 300) * (q.x - 300) + (q.y - 200) * (q.y - 200)).squareRoot()
                #expect(d >= inner - 1e-9 && d <= outer + 1e-9, "a ring point \(d) px from the probe")
            }
        }
    }

    /// A label: its shim first (so the text is over it), then each line as text in its rectangle.
    @Test func aLabelIsItsShimThenItsLines() {
        let box = LabelBox(
            shim: Rect(10, 10, 200, 40),
            lines: [
                .init(text: "deuteranopia", fontSize: 18, rect: Rect(16, 14, 120, 20)),
                .init(text: "#E08020", fontSize: 14, rect: Rect(16, 34, 80, 14)),
            ])
        var list = DrawList()
        list.label(box)
        #expect(
            list.items == [
                .fill(
                    Rect(10, 10, 200, 40), LabelStyle.shimColour, alpha: UInt8((LabelStyle.shimAlpha * 255).rounded())),
                .text("deuteranopia", size: 18, in: Rect(16, 14, 120, 20)),
                .text("#E08020", size: 14, in: Rect(16, 34, 80, 14)),
            ])
    }

    /// The view with two probes: the rings first, then the leaders, then the labels (the
    /// readouts' text last, over everything); every label of the plan is in the list.
    @Test func theOverlaysOfAPlanInTheOrderTheyCoverEachOther() throws {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.probe(Point(0.3, 0.4)))
        s.apply(.probe(Point(0.6, 0.5)))
        let sims = s.renderedSimulations
        let readings = sims.map { sim in
            [RGB8(200, 30, 40), RGB8(60, 160, 70)].map { ProbeReading(original: $0, simulation: sim) }
        }
        let m = ApproximateMeasure()
        let g = ViewGeometry(state: s, window: Self.window, picture: Self.picture, uiScale: 1, measure: m)
        let plan = OverlayPlan(
            .init(
                geometry: g, state: s, simulations: sims, window: Self.window, footer: "Source: test scene",
                compact: false, probeReadings: readings), uiScale: 1, measure: m)
        let list = DrawList.overlays(plan, penWidth: 4, sheet: nil)
        let rings = list.items.prefix(2 * plan.markers.count)
        #expect(plan.markers.count == 2 * sims.count)
        #expect(rings.allSatisfy { if case .triangles = $0 { true } else { false } })
        let texts = list.items.compactMap { if case .text(let t, _, _) = $0 { t } else { nil } }
        let planned = plan.boxes.flatMap { $0.lines.map { (l: LabelBox.Line) in l.text } }
        #expect(texts == planned, "every line of every label, in the plan's order")
        #expect(texts.contains { $0.contains("Source: test scene") })
        // A sheet (the help sheet, the camera panel) covers the picture: the badges and the
        // sheet only, no leader and no readout.
        let sheet = LabelBox(
            shim: Rect(100, 100, 800, 500), lines: [.init(text: "keys", fontSize: 20, rect: Rect(120, 120, 60, 24))])
        let covered = DrawList.overlays(plan, penWidth: 4, sheet: sheet)
        let coveredTexts = covered.items.compactMap { if case .text(let t, _, _) = $0 { t } else { nil } }
        #expect(!plan.badges.contains { $0.shim.intersects(sheet.shim) })
        #expect(coveredTexts == plan.badges.flatMap { $0.lines.map { (l: LabelBox.Line) in l.text } } + ["keys"])
        // A sheet over a badge's edge (the help sheet, tall, under the mode label): the
        // badge is left out rather than shown cut through.
        let badge = try #require(plan.badges.first)
        let over = LabelBox(
            shim: Rect(0, badge.shim.y + badge.shim.h / 2, Double(Self.window.width), 400),
            lines: [.init(text: "keys", fontSize: 20, rect: Rect(120, 120, 60, 24))])
        let overTexts = DrawList.overlays(plan, penWidth: 4, sheet: over).items.compactMap {
            if case .text(let t, _, _) = $0 { t } else { nil }
        }
        #expect(!overTexts.contains { badge.lines.map(\.text).contains($0) }, "\(overTexts)")
        #expect(overTexts.last == "keys")
    }
}
