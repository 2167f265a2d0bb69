import CVDCore
import CVDSystem
import Dispatch
import Synchronization

/// Y′CbCr tables waiting to be built, built one at a time on one background thread at the
/// lowest priority, newest request first. One at a time because a build writes 64 MiB
/// of fresh memory: after `m` in the 2×2 layout four kernels want tables at once, and four
/// builders zeroing and filling 256 MiB together took the memory bandwidth and page
/// allocator the live picture needs (`scripts/soak` saw 60–110 ms frames then). Newest
/// first, because the mode just chosen is the one on screen. A kernel dropped from the
/// cache before its turn is not built for (the queue holds it weakly).
final class TableBuildQueue: Sendable {
    private final class Request: Sendable {
        weak let kernel: FrameKernel?
        let encoding: YCbCrEncoding
        init(_ kernel: FrameKernel, _ encoding: YCbCrEncoding) { self.kernel = kernel; self.encoding = encoding }
    }

    private struct State {
        var waiting: [Request] = []
        var running = false
    }

    private let state = Mutex(State())
    /// Entered per request, left when it is built or skipped: `wait` waits for all of them.
    private let pending = DispatchGroup()

    /// Queues a build; starts the builder thread if none runs.
    func add(_ kernel: FrameKernel, _ encoding: YCbCrEncoding) {
        pending.enter()
        let start = state.withLock { s -> Bool in
            s.waiting.append(Request(kernel, encoding))
            defer { s.running = true }
            return !s.running
        }
        if start { DetachedThread.start(name: "cvdcam table") { self.drain() } }
    }

    /// The builder thread: builds until nothing waits, then ends.
    private func drain() {
        BackgroundPriority.enterForCurrentThread()
        while let next = state.withLock({ s -> Request? in
            if let r = s.waiting.popLast() { return r }
            s.running = false
            return nil
        }) {
            // Strong only while building: the cache may drop the kernel meanwhile; the
            // table then goes with it.
            next.kernel?.prepareTable(for: next.encoding)
            pending.leave()
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
