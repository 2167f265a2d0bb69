import CVDViewModel
import Synchronization

/// A one-slot hand-off from a source thread to the view: a new frame replaces the one
/// waiting, so the view always shows the newest picture and latency stays about one
/// frame. Stale frames are dropped and counted, never queued.
public final class LatestFrame: Sendable {
    private struct State {
        var frame: Frame?
        var taken = 0       // sequence of the last frame the view took
        var dropped = 0     // published but replaced before the view took them
        var status: SourceStatus = .running
    }

    private let state = Mutex(State())

    public init() {}

    /// Called by the source thread.
    public func publish(_ f: Frame) {
        state.withLock { s in
            // A source that hands over to another (test scene → camera) may publish one
            // late frame: never replace a newer frame with an older one.
            if let old = s.frame, f.sequence < old.sequence { return }
            if let old = s.frame, old.sequence > s.taken { s.dropped += 1 }
            s.frame = f
        }
    }

    /// The newest frame if the view has not taken it yet.
    public func takeNew() -> Frame? {
        state.withLock { s in
            guard let f = s.frame, f.sequence > s.taken else { return nil }
            s.taken = f.sequence
            return f
        }
    }

    /// The sequence number of the newest frame published (0 before any).
    public var lastSequence: Int { state.withLock { $0.frame?.sequence ?? 0 } }

    public var droppedCount: Int { state.withLock { $0.dropped } }

    public var status: SourceStatus {
        get { state.withLock { $0.status } }
        set { state.withLock { $0.status = newValue } }
    }
}
