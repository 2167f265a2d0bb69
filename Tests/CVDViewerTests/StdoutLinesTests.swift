import CVDCore
import Testing

@testable import CVDViewer

/// What the view prints on stdout is said once (`StdoutLines`): scripts and the tests read
/// these lines, and a line repeated every frame would bury the rest.
@Suite struct StdoutLinesTests {
    @Test func aSummaryIsSaidWhenItChanges() {
        var said = StdoutLines()
        let out1 = said.summaryChanged("deuteranopia (Viénot 1999)")
        #expect(out1)
        let out2 = said.summaryChanged("deuteranopia (Viénot 1999)")
        #expect(!out2)
        let out3 = said.summaryChanged("protanopia (Viénot 1999)")
        #expect(out3)
        #expect(said.summary == "protanopia (Viénot 1999)")
    }

    @Test func aProbesLineIsSaidOnce() {
        var said = StdoutLines()
        let out4 = said.newProbeLines(["probe 1: #C00000"])
        #expect(out4 == ["probe 1: #C00000"])
        // The second probe placed: only its line.
        let out5 = said.newProbeLines(["probe 1: #C00000", "probe 2: #00A000"])
        #expect(out5 == ["probe 2: #00A000"])
        // The first removed, then placed again: said again.
        let out6 = said.newProbeLines(["probe 2: #00A000"])
        #expect(out6.isEmpty)
        let out7 = said.newProbeLines(["probe 1: #C00000", "probe 2: #00A000"])
        #expect(out7 == ["probe 1: #C00000"])
    }

    @Test func theOverlaysAreSaidWhenTheyMove() {
        var said = StdoutLines()
        let out8 = said.overlaysLine("overlays: badge:10,10,80,20")
        #expect(out8 == "overlays: badge:10,10,80,20")
        let out9 = said.overlaysLine("overlays: badge:10,10,80,20")
        #expect(out9 == nil)
        let out10 = said.overlaysLine("overlays: badge:12,10,80,20")
        #expect(out10 != nil)
    }

    @Test func aSharesLineWhenPickedAndWhenItMovesByAPoint() throws {
        var said = StdoutLines()
        let red = RGB8(200, 30, 30)
        let sims = [try Simulation(mode: .normal), try Simulation(mode: .deuteranopia)]
        // Nothing picked: nothing said.
        let out11 = said.shareLines(picked: nil, shares: [nil, 0.2], simulations: sims)
        #expect(out11.isEmpty)
        let first = said.shareLines(picked: red, shares: [1, 0.2], simulations: sims)
        #expect(first.count == 1, "normal vision's pane has no line: \(first)")
        #expect(first.first?.hasPrefix("confusable with #C81E1E under deuteranopia") == true)
        #expect(first.first?.hasSuffix(": 20.0 % of what is shown") == true)
        #expect(said.shares == [nil, 0.2])
        // Less than a point: quiet. A point: said.
        let out12 = said.shareLines(picked: red, shares: [1, 0.2090], simulations: sims)
        #expect(out12.isEmpty)
        let moved = said.shareLines(picked: red, shares: [1, 0.211], simulations: sims)
        #expect(moved.first?.hasSuffix(": 21.1 % of what is shown") == true)
        // Another colour: said again, whatever the share.
        let out13 = said.shareLines(picked: RGB8(0, 160, 0), shares: [1, 0.21], simulations: sims)
        #expect(out13.count == 1)
        // Picked no more: the shares are forgotten.
        let out14 = said.shareLines(picked: nil, shares: [1, 0.21], simulations: sims)
        #expect(out14.isEmpty)
        #expect(said.shares.isEmpty)
    }
}
