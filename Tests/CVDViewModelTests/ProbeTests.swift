import CVDCore
import Testing

@testable import CVDViewModel

@Suite struct ProbeTests {
    let window = FrameSize(1280, 720), picture = FrameSize(1280, 720)

    /// A probe marks a place on the picture: after zooming and panning it is still drawn
    /// over the same picture point.
    @Test func probesFollowPanAndZoom() throws {
        var s = ViewState(mode: .deuteranopia)
        let g0 = ViewGeometry(state: s, window: window, picture: picture)
        let p = try #require(g0.picturePoint(960, 180))
        #expect(abs(p.x - 0.75) < 1e-9 && abs(p.y - 0.25) < 1e-9)
        s.apply(.zoom(factor: 2, at: Point(0.75, 0.25)))
        let g1 = ViewGeometry(state: s, window: window, picture: picture)
        let w = try #require(g1.windowPoint(p, texture: 0))
        let back = try #require(g1.picturePoint(w.x, w.y))
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        s.apply(.pan(dx: -0.5, dy: 0))
        let g2 = ViewGeometry(state: s, window: window, picture: picture)
        #expect(g2.windowPoint(p, texture: 0) == nil || g2.windowPoint(Point(0.75, 0.25), texture: 0)!.x < 1280)
    }

    @Test func aClickProbesADragPans() throws {
        let g = ViewGeometry(state: ViewState(), window: window, picture: picture)
        var gesture = PointerGesture()
        _ = gesture.press(640, 360, g)
        _ = gesture.move(642, 361, g)
        #expect(gesture.release(642, 361, g) == .probe(Point(642.0 / 1280, 361.0 / 720)))
        _ = gesture.press(640, 360, g)
        _ = gesture.move(700, 360, g)
        #expect(gesture.release(700, 360, g) == nil, "a drag is a pan, not a probe")
    }

    @Test func twoProbesThenAThirdStartsAgainAndDeleteClears() {
        var s = ViewState()
        s.apply(.probe(Point(0.1, 0.1)))
        s.apply(.probe(Point(0.2, 0.2)))
        #expect(s.probes.count == 2)
        s.apply(.probe(Point(0.3, 0.3)))
        #expect(s.probes == [Point(0.3, 0.3)])
        #expect(Command.forKey(.delete) == .clearProbes && Command.forKey(.backspace) == .clearProbes)
        s.apply(.clearProbes)
        #expect(s.probes.isEmpty)
        #expect(Command.forKey(.letter("p")) == .probeAtPointer)
    }

    /// The stdout lines scripts read: the mode, #RRGGBB before and after (with a plain
    /// name), and for a pair contrast (two decimals) and ΔE00 (one), normal → mode.
    @Test func linesCarryTheNumbers() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let red = ProbeReading(original: RGB8(200, 40, 40), simulation: sim)
        let green = ProbeReading(original: RGB8(60, 160, 70), simulation: sim)
        let seen = sim.simulate(RGB8(200, 40, 40))
        #expect(
            ProbeReport.probeLine(0, red, sim)
                == "probe 1: #C82828 (\(ColourNames.name(of: RGB8(200, 40, 40)))) → \(seen.hexString) (\(ColourNames.name(of: seen))) under deuteranopia (Viénot 1999)"
        )
        let pair = ProbeReport.pair(red, green)
        let line = ProbeReport.pairLine(pair, sim)
        #expect(line == "probes 1–2 under deuteranopia (Viénot 1999): \(pair.numbersText) (\(pair.verdictSeen.text))")
        #expect(pair.deltaENormal > 30, "red and green differ a lot in normal vision")
        #expect(pair.contrastNormal >= 1 && pair.contrastSeen >= 1)
    }

    @Test func calloutsStayInTheirPane() throws {
        var s = ViewState(mode: .protanopia)
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        s.apply(.probe(Point(0.98, 0.98)))
        s.apply(.probe(Point(0.02, 0.02)))
        let g = ViewGeometry(state: s, window: window, picture: picture)
        let sims = s.renderedSimulations
        let readings = sims.map { sim in
            s.probes.map { _ in ProbeReading(original: RGB8(200, 40, 40), simulation: sim) }
        }
        let plan = OverlayPlan(
            .init(
                geometry: g, state: s, simulations: sims, window: window, footer: nil, compact: false,
                probeReadings: readings), uiScale: 1, measure: ApproximateMeasure())
        #expect(
            plan.markers.count == 8 && plan.callouts.count == 4, "two rings in each of four panes, one readout each")
        for c in plan.callouts {
            #expect(g.panes.contains { $0.contains(c.shim) }, "readout \(c.shim) leaves its pane")
        }
    }
}
