import CVDCapture
import CVDCore
import CVDSources

/// A camera for commands that need its frames now (`snapshot`): when the stream fails —
/// a request refused, a fatal streaming error, no frame in time, an unplug — it is
/// restarted as `CameraErrorPolicy` says (bounded, with back-off, one line each time),
/// and an error is thrown only when the camera stays unusable.
public final class RestartingCamera {
    private var restart: CameraRestart
    private var current: Camera?
    /// Frames counted by the streams before the current one.
    private var earlier = CaptureStats()

    /// Opens the camera, restarting after a fault at start (a refused `VIDIOC_STREAMON`).
    public init(_ options: CameraOptions, reporter: any Reporter) throws(CaptureError) {
        restart = CameraRestart(options, reporter: reporter)
        current = try restart.open()
    }

    /// The camera streaming now (another one after a restart).
    public var camera: Camera { current! }

    /// Counts over every stream so far.
    public var stats: CaptureStats { earlier + camera.stats }

    /// `Camera.next`, restarting the stream as often as the policy allows when it fails.
    /// Returns nil when the frame could not be decoded (counted as corrupt).
    public func next<R>(
        timeout: Double,
        _ body: (UnsafeRawBufferPointer, FrameLayout, YCbCrEncoding, CapturedFrame) -> R
    ) throws(CaptureError) -> R? {
        while true {
            do throws(CaptureError) {
                let r = try camera.next(timeout: timeout, body)
                restart.delivered()
                return r
            } catch {
                earlier = stats
                camera.stop()
                current = nil // closes the device before it is opened again
                current = try restart.open(after: error)
            }
        }
    }

    public func stop() { current?.stop() }
}

extension CaptureStats {
    static func + (a: CaptureStats, b: CaptureStats) -> CaptureStats {
        var s = a
        s.delivered += b.delivered
        s.dropped += b.dropped
        s.corrupt += b.corrupt
        return s
    }
}
