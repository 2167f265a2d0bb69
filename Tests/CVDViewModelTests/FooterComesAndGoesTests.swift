import CVDCore
import Testing

@testable import CVDViewModel

/// The footer shows for five seconds after every key: in a window with room for it, the
/// labels that stay must not move when it comes and when it goes. A lesson at `--ui-scale`
/// 1 in the windows a classroom has (1024×768, 1280×720 and larger), single and side by
/// side, every picture of `OverlayPlacementTests`, with two probes, the caption or the `i`
/// figures: every badge, chip, readout, caption and panel stands where it stands without
/// the footer, and the footer is shown.
@Suite struct FooterComesAndGoesTests {
    @Test func inARoomyWindowTheFooterMovesNothing() {
        var moved: [String] = []
        for window in OverlayPlacementTests.windows where window.width >= 1024 && window.height >= 720 {
            for picture in OverlayPlacementTests.pictures {
                for (name, layout) in OverlayPlacementTests.layouts.prefix(2) {
                    for (caption, stats) in [(true, false), (false, true)] {
                        let s = OverlayPlacementTests.state(
                            layout, probes: [Point(0.4, 0.5), Point(0.6, 0.5)], framed: true)
                        var inputs = OverlayPlacementTests.inputs(
                            s, window: window, picture: picture, scale: 1, caption: caption, stats: stats)
                        let with = OverlayPlan(inputs, uiScale: 1, measure: ApproximateMeasure())
                        inputs.footer = nil
                        let without = OverlayPlan(inputs, uiScale: 1, measure: ApproximateMeasure())
                        let stay = { (p: OverlayPlan) in
                            (p.badges + p.chips + p.callouts + [p.caption, p.stats].compactMap { $0 }).map(\.shim)
                        }
                        if with.footer == nil || stay(with) != stay(without) {
                            moved.append("\(name) \(window) picture \(picture) caption \(caption)")
                        }
                    }
                }
            }
        }
        #expect(moved.isEmpty, "\(moved.count): \(moved)")
    }
}
