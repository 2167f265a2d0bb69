import Foundation
import Testing

@testable import CVDSystem

/// `Locked` is what every shared state in cvdcam sits behind. Two threads contend for one
/// lock on purpose: each change must be seen whole by the other. Under `scripts/tsan`
/// this is also the check that a contended lock is something Thread Sanitizer understands
/// (with `Synchronization.Mutex` this same shape was reported as a race).
@Suite struct LockedTests {
    @Test func twoThreadsContendingLoseNoChange() {
        let counter = Locked((count: 0, log: [Int]()))
        let rounds = 20_000
        let other = Thread {
            for i in 0..<rounds {
                counter.withLock {
                    $0.count += 1
                    $0.log.append(i)
                    if $0.log.count > 64 { $0.log.removeAll(keepingCapacity: true) }
                }
            }
        }
        other.start()
        for i in 0..<rounds {
            counter.withLock {
                $0.count += 1
                $0.log.append(-i)
                if $0.log.count > 64 { $0.log.removeAll(keepingCapacity: true) }
            }
        }
        while !other.isFinished { usleep(1000) }
        #expect(counter.withLock { $0.count } == 2 * rounds)
    }

    @Test func whatTheBodyReturnsAndThrowsComesOut() {
        struct Refused: Error {}
        let value = Locked(41)
        #expect(
            value.withLock { v -> Int in
                v += 1
                return v
            } == 42)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        #expect(value.withLock { $0 } == 42)
    }
}
