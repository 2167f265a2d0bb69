import CVDCore
import CVDSources
import CVDViewModel
import Testing

@testable import CVDViewer

/// The view's analysis stage (`AnalysisStage`), without a window: the probes read from the
/// frame for each simulation the view shows, and their lines for stdout.
@Suite struct AnalysisStageTests {
    static let colour = RGB8(200, 30, 40)

    /// 64 × 48 of one colour.
    static func frame(_ c: RGB8 = colour) -> Frame {
        let layout = FrameLayout(format: .rgba, width: 64, height: 48, bytesPerRow: 256)
        let bytes = [[UInt8]](repeating: [c.r, c.g, c.b, 255], count: 64 * 48).flatMap { $0 }
        return Frame(bytes: bytes, layout: layout, timestamp: 0)
    }

    @Test func eachSimulationShownReadsEachProbe() throws {
        var state = ViewState(mode: .deuteranopia)
        state.apply(.probe(Point(0.5, 0.5)))
        var stage = AnalysisStage()
        stage.readProbes(Self.frame(), state, still: nil)
        let sim = try Simulation(mode: .deuteranopia)
        #expect(stage.readout.readings == [[ProbeReading(original: Self.colour, simulation: sim)]])
        let lines = stage.probeLines(state)
        #expect(lines.count == 1 && lines[0].contains(Self.colour.hexString), "\(lines)")

        // Split: normal vision and the simulation, each its own reading of the same probe.
        state.apply(.cycleLayout)
        #expect(state.layout == .split)
        stage.readProbes(Self.frame(), state, still: nil)
        #expect(stage.readout.readings.count == state.renderedSimulations.count)
        #expect(stage.readout.readings.allSatisfy { $0.map(\.original) == [Self.colour] })
        #expect(
            stage.readout.readings.map { $0[0].simulated } == state.renderedSimulations.map { $0.simulate(Self.colour) }
        )
    }

    @Test func noProbesOrNoFrameReadNothing() {
        var state = ViewState(mode: .protanopia)
        var stage = AnalysisStage()
        stage.readProbes(Self.frame(), state, still: nil)
        #expect(stage.readout.readings.isEmpty && stage.probeLines(state).isEmpty)
        state.apply(.probe(Point(0.25, 0.25)))
        stage.readProbes(nil, state, still: nil)
        #expect(stage.readout.readings.isEmpty)
    }
}
