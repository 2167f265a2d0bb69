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
        // 10 ms ticks, a period 1/30 s = 33.3 ms: 0.2 s = 6 periods and the first, each at
        // the tick nearest its grid point (30 or 40 ms apart).
        #expect(counted.count == 7, "\(counted)")
        #expect(zip(counted, counted.dropFirst()).allSatisfy { $1 - $0 >= 0.029 && $1 - $0 <= 0.041 }, "\(counted)")
        let second = Self.counted((0..<100).map { Double($0) / 100 }, isStill: true, sendsOnlyChanges: false)
        #expect(second.count == 30, "a second of 10 ms ticks: \(second.count)")
    }

    /// A held camera's picture: the loop turns as its frames come, a period apart give or
    /// take a few milliseconds. A turn that comes early does not count and the next makes
    /// up for it: 30 in a second, where counting a whole period from each count gave 21.
    @Test func turnsThatComeEarlyAreMadeUp() {
        // A period apart, each 3 ms early, on time or late in turn: one second.
        let turns = (0..<30).map { i in Double(i) / 30 + [-0.003, 0, 0.003][i % 3] + 0.003 }
        let counted = Self.counted(turns, isStill: true, sendsOnlyChanges: false)
        #expect(counted.count == 30, "\(counted.count) of 30: \(counted)")
        // A pause of a second, then turns again: one count a turn, none made up for the pause.
        let after = turns.map { $0 + 2 }
        let both = Self.counted(turns + after, isStill: true, sendsOnlyChanges: false)
        #expect(both.count == 60, "\(both.count)")
    }

    @Test func theScreenCountsOnlyWhileItSendsNothing() {
        // Frames every tick until 0.1 s, then none: counted from a period after the last.
        let frames = Self.ticks.filter { $0 <= 0.1 }
        let counted = Self.counted(Self.ticks, isStill: false, sendsOnlyChanges: true, frames: frames)
        #expect(counted.first == 0.14 && counted.allSatisfy { $0 >= 0.14 }, "\(counted)")
        #expect(counted.count == 3 && zip(counted, counted.dropFirst()).allSatisfy { $1 - $0 >= 0.025 }, "\(counted)")
    }

    @Test func aCamerasFramesCountThemselves() {
        #expect(Self.counted(Self.ticks, isStill: false, sendsOnlyChanges: false).isEmpty)
    }
}
