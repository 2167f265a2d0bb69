import Testing

@testable import CVDSources

/// The live view builds a 64 MiB table only where computing costs a real share of the
/// frame period (`TablePolicy`).
@Suite struct TablePolicyTests {
    /// Feeds `frames` frames at `fps`, each computed in `kernel` seconds.
    func run(_ policy: inout TablePolicy, fps: Double, kernel: Double, frames: Int, from start: Double = 100) {
        for i in 0..<frames { policy.computed(kernel, frameTimestamp: start + Double(i) / fps) }
    }

    @Test func a1080pFrameAt30fpsOnAFastCPUGetsNoTable() {
        var p = TablePolicy()
        run(&p, fps: 30, kernel: 0.0044, frames: 300) // AVX2's compute path at 1080p: 13 % of 33 ms
        #expect(!p.pays)
    }

    @Test func a2160pFrameOrASlowCPUGetsOne() {
        var p = TablePolicy()
        run(&p, fps: 30, kernel: 0.017, frames: 16) // 2160p on AVX2: half the frame period
        #expect(!p.pays, "one window of \(p.samples) slow frames is not enough")
        run(&p, fps: 30, kernel: 0.017, frames: 15, from: 100.6)
        #expect(p.pays, "two windows in a row are")
        // Once it pays it keeps paying: frames drawn from the table are fast, which says
        // nothing about computing.
        run(&p, fps: 30, kernel: 0.001, frames: 100, from: 101)
        #expect(p.pays)
    }

    @Test func theShareIsOfTheFramePeriod() {
        var at30 = TablePolicy()
        var at60 = TablePolicy()
        run(&at30, fps: 30, kernel: 0.008, frames: 60)
        run(&at60, fps: 60, kernel: 0.008, frames: 60)
        #expect(!at30.pays && at60.pays, "8 ms is 24 % of a 30 fps period, 48 % of a 60 fps one")
    }

    @Test func oneSlowStretchIsNotEnough() {
        var p = TablePolicy()
        for round in 0..<10 {
            // A slow window (a busy moment) between fast ones, again and again.
            run(&p, fps: 30, kernel: 0.02, frames: 15, from: 100 + Double(round))
            run(&p, fps: 30, kernel: 0.003, frames: 15, from: 100.5 + Double(round))
        }
        #expect(!p.pays)
        #expect(TablePolicy(always: true).pays, "--always-tables")
    }

    @Test func aStillPictureAndJumpsSayNothing() {
        var p = TablePolicy()
        for _ in 0..<100 { p.computed(0.5, frameTimestamp: 7) } // the same picture drawn again
        #expect(!p.pays)
        for i in 0..<100 { p.computed(0.5, frameTimestamp: 10 + Double(i) * 5) } // 5 s apart: a pause, not a rate
        #expect(!p.pays)
    }
}
