import CVDSystem
import Dispatch
import Synchronization

/// The thread a source publishes from: started once with a loop body that polls
/// `isRunning`, and a `stop` that returns only once the loop has ended (so a source that
/// takes over is never followed by a late frame from the one it replaced).
public final class SourceThread: Sendable {
    private let name: String
    private let running = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    public init(name: String) { self.name = name }

    /// Whether the loop should go on; the loop checks it at least every few hundred ms.
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Starts `loop` on a new thread named `name`.
    public func start(_ loop: @escaping @Sendable (SourceThread) -> Void) {
        running.store(true, ordering: .releasing)
        DetachedThread.start(name: name) { [self] in
            loop(self)
            done.signal()
        }
    }

    /// Asks the loop to end and waits up to `timeout` seconds for it. Safe to call when
    /// never started or already stopped.
    public func stop(timeout: Double = 2) {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        _ = done.wait(timeout: .now() + timeout)
    }
}
