import Testing

@testable import CVDViewer

/// A still picture counts as shown once a camera frame period (1/30 s), so scripts' frame
/// counts (`--press KEY@N`, `--screenshot-after N`) mean the same time for a picture file as
/// for a camera; the screen, which sends only changes, counts so only while it sends none.
@Suite struct StillShowingsTests {
    /// The times among `times` at which the picture counts as shown.
    static func counted(_ times: [Double], isStill: Bool, sendsOnlyChanges: Bool, frames: [Double] = []) -> [Double] {
        var pace = StillShowings(now: 0)
        var out: [Double] = []
        for t in times {
            if frames.contains(t) { pace.taken(at: t) }
            if pace.stillShown(at: t, isStill: isStill, sendsOnlyChanges: sendsOnlyChanges) { out.append(t) }
        }
        return out
    }

    static let ticks = stride(from: 0.0, through: 0.2, by: 0.01).map { ($0 * 100).rounded() / 100 }

    @Test func aStillPictureCountsOnceAFramePeriod() {
        let counted = Self.counted(Self.ticks, isStill: true, sendsOnlyChanges: false)
        // 10 ms ticks: every fourth (1/30 s = 33.3 ms), 0.2 s = 6 periods and the first.
        #expect(counted == [0, 0.04, 0.08, 0.12, 0.16, 0.2])
    }

    @Test func theScreenCountsOnlyWhileItSendsNothing() {
        // Frames every tick until 0.1 s, then none: counted from a period after the last.
        let frames = Self.ticks.filter { $0 <= 0.1 }
        let counted = Self.counted(Self.ticks, isStill: false, sendsOnlyChanges: true, frames: frames)
        #expect(counted.first == 0.14 && counted.allSatisfy { $0 >= 0.14 }, "\(counted)")
        #expect(counted == [0.14, 0.18])
    }

    @Test func aCamerasFramesCountThemselves() {
        #expect(Self.counted(Self.ticks, isStill: false, sendsOnlyChanges: false).isEmpty)
    }
}
