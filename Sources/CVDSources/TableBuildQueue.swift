import CVDCore
import CVDSystem
import Dispatch

/// Y′CbCr tables waiting to be built, built one at a time on one background thread at the
/// lowest priority, newest request first. One at a time because a build writes 64 MiB
/// of fresh memory: after `m` in the 2×2 layout four kernels want tables at once, and four
/// builders zeroing and filling 256 MiB together took the memory bandwidth and page
/// allocator the live picture needs (`scripts/soak` saw 60–110 ms frames then). Newest
/// first, because the mode just chosen is the one on screen. A kernel dropped from the
/// cache before its turn is not built for (the queue holds it weakly). The same thread
/// also lets go of kernels the cache evicts (`release`): the last reference to a kernel
/// unmaps its 64 MiB tables, which took the view's thread 10–20 ms per table.
final class TableBuildQueue: Sendable {
    /// Sendable by hand: `kernel` is set once, in `init`, and a weak reference is read
    /// atomically by the runtime (`weak let`, which says so, needs Swift 6.2; Debian 13
    /// builds with 6.0).
    private final class Request: @unchecked Sendable {
        private(set) weak var kernel: FrameKernel?
        let encoding: YCbCrEncoding
        init(_ kernel: FrameKernel, _ encoding: YCbCrEncoding) {
            self.kernel = kernel
            self.encoding = encoding
        }
    }

    private struct State {
        var waiting: [Request] = []
        var releasing: [FrameKernel] = []
        var running = false
    }

    private let state = Locked(State())
    /// Entered per request, left when it is built or skipped: `wait` waits for all of them.
    private let pending = DispatchGroup()

    /// Queues a build; starts the builder thread if none runs.
    func add(_ kernel: FrameKernel, _ encoding: YCbCrEncoding) {
        pending.enter()
        startIfIdle { $0.waiting.append(Request(kernel, encoding)) }
    }

    /// Takes the cache's reference to an evicted kernel, to drop it on the builder thread.
    func release(_ kernel: FrameKernel) {
        startIfIdle { $0.releasing.append(kernel) }
    }

    private func startIfIdle(_ change: (inout State) -> Void) {
        let start = state.withLock { s -> Bool in
            change(&s)
            defer { s.running = true }
            return !s.running
        }
        if start { DetachedThread.start(name: "cvdcam table") { self.drain() } }
    }

    /// The builder thread: lets go of evicted kernels, builds until nothing waits, then ends.
    private func drain() {
        BackgroundPriority.enterForCurrentThread()
        while true {
            let (doomed, next) = state.withLock { s -> ([FrameKernel], Request?) in
                defer { s.releasing.removeAll() }
                let r = s.waiting.popLast()
                if r == nil && s.releasing.isEmpty { s.running = false }
                return (s.releasing, r)
            }
            if doomed.isEmpty && next == nil { return } // `running` was cleared under the lock
            if let next {
                // Strong only while building: the cache may drop the kernel meanwhile; the
                // table then goes with it.
                next.kernel?.prepareTable(for: next.encoding)
                pending.leave()
            }
            // `doomed` ends here, outside the lock: the evicted kernels' tables are unmapped
            // on this thread.
        }
    }

    /// Drops the builds not started yet and waits up to `timeout` seconds for the one
    /// running to end (at quit: no thread may still be writing into a table). True when
    /// none is left.
    func finish(timeout: Double) -> Bool {
        let dropped = state.withLock { s -> Int in
            defer { s.waiting.removeAll() }
            return s.waiting.count
        }
        for _ in 0..<dropped { pending.leave() }
        return pending.wait(timeout: .now() + timeout) == .success
    }
}
