import CVDCore
import CVDSystem

/// A one-slot hand-off from a source thread to the view: a new frame replaces the one
/// waiting, so the view always shows the newest picture and latency stays about one
/// frame. Stale frames are dropped and counted, never queued.
public final class LatestFrame: Sendable {
    private struct State {
        var frame: Frame?
        var fresh = false // `frame` has not been taken by the view yet
        var dropped = 0 // published but replaced before the view took them
        var cameraDropped = 0 // never delivered by the camera (sequence gaps)
        var corrupt = 0 // delivered but not decodable
        var status: SourceStatus = .running
        var request = SourceRequest()
        var news: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    public init() {}

    /// Called by the source thread. A frame that replaces one not taken yet takes its
    /// changes too (`FrameChanges.chained`): what changed is counted from the frame the
    /// view took last.
    public func publish(_ f: Frame) {
        let news = state.withLock { s in
            var f = f
            if s.fresh, let old = s.frame {
                s.dropped += 1
                if f.changes != nil {
                    let bounds = PixelRect(width: f.layout.width, height: f.layout.height)
                    f = f.with(changes: FrameChanges.chained(old.changes, at: old.timestamp, f.changes, within: bounds))
                }
            }
            s.frame = f
            s.fresh = true
            return s.news
        }
        news?()
    }

    /// `news` is called on the source's thread after each frame published and each change of
    /// `status`, outside the lock: the view sleeps until then instead of looking every few
    /// milliseconds. Nil: nobody is told.
    public func onNews(_ news: (@Sendable () -> Void)?) {
        state.withLock { $0.news = news }
    }

    /// The newest frame if the view has not taken it yet.
    public func takeNew() -> Frame? {
        state.withLock { s in
            guard s.fresh else { return nil }
            s.fresh = false
            return s.frame
        }
    }

    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// What the view wants of the frames: set whole by the view when it changes, read by the
    /// source before each frame.
    public var request: SourceRequest {
        get { state.withLock { $0.request } }
        set { state.withLock { $0.request = newValue } }
    }

    /// Whether the view asks for no frames now (`SourceRequest.paused`).
    public var paused: Bool { request.paused }

    /// Called by the source thread: frames lost before they could be published, by the
    /// camera (gaps in its sequence numbers) and as corrupt data, added to the totals.
    public func addLosses(camera: Int, corrupt: Int) {
        guard camera != 0 || corrupt != 0 else { return }
        state.withLock { s in
            s.cameraDropped += camera
            s.corrupt += corrupt
        }
    }

    /// Frames dropped by cvdcam (replaced before the view took them), by the camera, and corrupt.
    public var losses: (viewer: Int, camera: Int, corrupt: Int) {
        state.withLock { ($0.dropped, $0.cameraDropped, $0.corrupt) }
    }

    public var status: SourceStatus {
        get { state.withLock { $0.status } }
        set {
            let news = state.withLock { s -> (@Sendable () -> Void)? in
                guard s.status != newValue else { return nil }
                s.status = newValue
                return s.news
            }
            news?()
        }
    }
}
