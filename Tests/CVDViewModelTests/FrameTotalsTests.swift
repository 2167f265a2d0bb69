import CVDCore
import Testing

@testable import CVDViewModel

/// The live view's totals: what is counted as shown, the median latency (0.01 ms bins, so
/// within 0.01 ms of the exact median), the line printed on quit, and the `i` overlay.
@Suite struct FrameTotalsTests {
    @Test func countsAndMedianLatency() throws {
        var t = FrameTotals()
        #expect(t.medianLatency == nil)
        #expect(
            t.line == "0 frames shown, 0 dropped by cvdcam, 0 dropped by the camera, 0 corrupt, median latency – ms")
        // 7 latencies; the exact median is 4.0 ms.
        for ms in [2.0, 9.0, 4.0, 3.1, 50.0, 4.0, 1.2] { t.shown(latency: ms / 1000) }
        #expect(t.shown == 7)
        let median = try #require(t.medianLatency)
        #expect(abs(median - 0.004) <= FrameTotals.binWidth, "median \(median)")
        // An even count takes the lower of the two middle values, as sorted[(n - 1) / 2].
        t.shown(latency: 0.0031)
        #expect(abs(try #require(t.medianLatency) - 0.0031) <= FrameTotals.binWidth)
    }

    @Test func outlandishLatenciesAreCountedNotLost() throws {
        var t = FrameTotals()
        t.shown(latency: 30) // beyond the histogram: the overflow bin
        t.shown(latency: -0.001) // clocks never go back, but a negative value must not trap
        t.shown(latency: .infinity)
        #expect(t.shown == 3)
        #expect(try #require(t.medianLatency) > 0.5, "two of three beyond a second: so is the median")
    }

    @Test func theQuitLineHasTheExactFormScriptsRead() throws {
        var t = FrameTotals()
        for _ in 0..<299 { t.shown(latency: 0.003623) }
        t.shown(latency: 0.2)
        (t.droppedByViewer, t.droppedByCamera, t.corrupt) = (4, 2, 1)
        #expect(
            t.line == "300 frames shown, 4 dropped by cvdcam, 2 dropped by the camera, 1 corrupt, median latency 3.6 ms"
        )
        let pattern =
            /(\d+) frames shown, (\d+) dropped by cvdcam, (\d+) dropped by the camera, (\d+) corrupt, median latency ([0-9.]+) ms/
        let m = try? pattern.wholeMatch(in: t.line)
        #expect(m?.output.1 == "300" && m?.output.3 == "2" && m?.output.5 == "3.6")
        // With the memory known, its peak is added at the end (the pattern above still
        // finds its figures: scripts that read the line are not broken by it).
        t.memory = .init(now: 90 * 1_048_576, peak: 118 * 1_048_576 + 600_000)
        #expect(t.line.hasSuffix("median latency 3.6 ms, peak memory 119 MiB"))
        #expect(try pattern.firstMatch(in: t.line)?.output.5 == "3.6")
        // With the renderer known, it comes last, and the `i` overlay gets a line of it.
        t.renderer = "OpenGL 4.5 (llvmpipe)"
        #expect(t.line.hasSuffix("peak memory 119 MiB, renderer OpenGL 4.5 (llvmpipe)"))
        #expect(t.overlayLines(fps: 30, cpuPercent: 5).last == "renderer: OpenGL 4.5 (llvmpipe)")
        t.renderer = "software"
        #expect(t.overlayLines(fps: nil, cpuPercent: nil, still: "map.png").last == "renderer: software")
    }

    @Test func overlayShowsTheSameFiguresWithFpsAndCPU() {
        var t = FrameTotals()
        for _ in 0..<30 { t.shown(latency: 0.012) }
        (t.droppedByViewer, t.droppedByCamera, t.corrupt) = (1, 5, 0)
        #expect(
            t.overlayLines(fps: 29.97, cpuPercent: 11.24) == [
                "30 frames shown · 30.0 fps · CPU 11.2 %",
                "dropped: 1 by cvdcam, 5 by the camera · 0 corrupt",
                "median latency 12.0 ms",
            ])
        #expect(FrameTotals().overlayLines(fps: nil, cpuPercent: nil)[0] == "0 frames shown · – fps · CPU –")
        t.memory = .init(now: 61 * 1_048_576, peak: 112 * 1_048_576)
        #expect(t.overlayLines(fps: 30, cpuPercent: 9)[2] == "median latency 12.0 ms · memory 61 MiB, peak 112 MiB")
    }

    @Test func iTogglesTheOverlayAndLeavesTheCycleRunning() {
        var s = ViewState()
        #expect(Command.forKey(.letter("i")) == .toggleStats)
        s.apply(.toggleStats)
        #expect(s.statsVisible)
        s.apply(.toggleCycle)
        s.apply(.toggleStats)
        #expect(!s.statsVisible && s.cycling, "i is not a key that stops the mode cycle")
        #expect(Command.helpLines.contains { $0.0 == "i" })
    }

    /// "1 frame shown", on quit and in the `i` overlay (its catalogues' plural forms).
    @Test func oneFrameIsOneFrame() throws {
        var t = FrameTotals()
        t.shown(latency: 0.004)
        #expect(t.line.hasPrefix("1 frame shown, 0 dropped by cvdcam"), "\(t.line)")
        #expect(t.overlayLines(fps: 1, cpuPercent: 1)[0].hasPrefix("1 frame shown"))
        t.shown(latency: 0.004)
        #expect(t.line.hasPrefix("2 frames shown, "))
    }

    /// The screen drops no frames of its own and sends none corrupt: its `i` lines say only
    /// what cvdcam dropped.
    @Test func theScreensFiguresSayNothingOfACamera() {
        let lines = FrameTotals().overlayLines(fps: 30, cpuPercent: 5, camera: false)
        #expect(lines[1] == "dropped: 0 by cvdcam")
        #expect(!lines.joined().contains("camera") && !lines.joined().contains("corrupt"))
    }
}
