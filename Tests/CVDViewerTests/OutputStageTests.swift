import CVDCore
import CVDViewModel
import Testing

@testable import CVDViewer

/// The view's output stage without a window: the overlays' line (`CVDCAM_PRINT_OVERLAYS`)
/// that the window tests read, made from a plan and said once.
@Suite struct OutputStageTests {
    static let window = FrameSize(1024, 768)

    /// A split view with two probes (rings, a readout, leader lines) and the footer.
    static func plan(probes: [Point]) -> (OverlayPlan, ViewGeometry) {
        var state = ViewState()
        state.apply(.cycleLayout)
        state.probes = probes
        let g = ViewGeometry(state: state, window: window, picture: FrameSize(1280, 720))
        let readings = state.renderedSimulations.map { sim in
            [RGB8(200, 30, 40), RGB8(60, 160, 70)].prefix(probes.count).map {
                ProbeReading(original: $0, simulation: sim)
            }
        }
        let inputs = OverlayPlan.Inputs(
            geometry: g, state: state, window: window, footer: "Source: test scene", compact: false,
            probeReadings: readings)
        return (OverlayPlan(inputs, uiScale: 1, measure: LayoutStageTests.Measure()), g)
    }

    /// Every word of the line is one thing the plan holds, where the plan puts it.
    @Test func theLineListsEveryLabelRingLineAndPictureWhereThePlanPutsThem() throws {
        let (plan, g) = Self.plan(probes: [Point(0.3, 0.4), Point(0.6, 0.7)])
        let line = OutputStage.overlaysLine(plan, geometry: g)
        #expect(line.hasPrefix("overlays: "))
        var words = line.dropFirst("overlays: ".count).split(separator: " ").map(String.init)
        func take(_ kind: String) -> [[Int]] {
            let found = words.filter { $0.hasPrefix(kind + ":") }
            words.removeAll { found.contains($0) }
            return found.map {
                $0.dropFirst(kind.count + 1).filter { $0 != "*" }.split(separator: ",")
                    .map { Int($0)! }
            }
        }
        func box(_ r: Rect) -> [Int] { [Int(r.x), Int(r.y), Int(r.w.rounded(.up)), Int(r.h.rounded(.up))] }
        #expect(take("badge") == plan.badges.map { box($0.shim) })
        #expect(take("footer") == [plan.footer].compactMap { $0 }.map { box($0.shim) })
        #expect(take("readout") == plan.callouts.map { box($0.shim) })
        #expect(!plan.callouts.isEmpty)
        #expect(take("ring") == plan.markers.map { [Int($0.x), Int($0.y), Int($0.radius.rounded(.up))] })
        #expect(plan.markers.count == 2)
        #expect(take("line") == plan.leaders.map { [Int($0.x0), Int($0.y0), Int($0.x1), Int($0.y1)] })
        let divider = try #require(g.dividerBar) // (not inside #expect: Swift 6.0.3 refuses that)
        #expect(take("divider") == [box(divider)])
        #expect(take("picture") == g.pieces.map { box($0.destination) })
        #expect(words.isEmpty, "nothing else: \(words)")
        // Over the picture (the labels-over-the-picture layout), a label is marked.
        #expect(line.contains("*") == !plan.onPicture.isEmpty)
    }

    /// The line is said when the layout moves, not on every frame.
    @Test func theLineIsSaidOnceForEachLayout() {
        var said = StdoutLines()
        let one = Self.plan(probes: [Point(0.3, 0.4)])
        let two = Self.plan(probes: [Point(0.3, 0.4), Point(0.6, 0.7)])
        let first = OutputStage.overlaysLine(one.0, geometry: one.1)
        #expect(said.overlaysLine(first) == first)
        #expect(said.overlaysLine(OutputStage.overlaysLine(one.0, geometry: one.1)) == nil)
        let second = OutputStage.overlaysLine(two.0, geometry: two.1)
        #expect(second != first && said.overlaysLine(second) == second)
    }
}
