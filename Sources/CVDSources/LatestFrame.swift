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
        var reduction = 1
        var paused = false
        var planar = false
    }

    private let state = Locked(State())

    public init() {}

    /// Called by the source thread. A frame that replaces one not taken yet takes its
    /// changes too (`FrameChanges.chained`): what changed is counted from the frame the
    /// view took last.
    public func publish(_ f: Frame) {
        state.withLock { s in
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
        }
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

    /// How much smaller than the source's size the view may be sent the picture (1, 2, 4
    /// or 8), because it shows it no larger than that: set by the view, read by the source
    /// before each decode (an MJPEG camera then decodes at a reduced DCT scale).
    public var reduction: Int {
        get { state.withLock { $0.reduction } }
        set { state.withLock { $0.reduction = max(1, newValue) } }
    }

    /// Whether the view reads Y′CbCr planes as they come (the GL renderer, with nothing on
    /// the CPU that needs packed frames): set by the view, read by the source before each
    /// decode (an MJPEG camera's frames are then decoded straight into planes, NV12's chroma
    /// only separated: `FrameDecoder.decode(_:reduction:planar:into:)`).
    public var planar: Bool {
        get { state.withLock { $0.planar } }
        set { state.withLock { $0.planar = newValue } }
    }

    /// Whether nothing would show new frames now (a frozen view; a minimised window with no
    /// virtual camera): set by the view, read by the source before each frame, which then
    /// hands the camera's frames back undecoded (the stream keeps going, so a new frame
    /// comes one frame period after the view asks again). Skipped frames are not losses.
    public var paused: Bool {
        get { state.withLock { $0.paused } }
        set { state.withLock { $0.paused = newValue } }
    }

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
        set { state.withLock { $0.status = newValue } }
    }
}
