import CVDCore
import CVDSystem
import Foundation

/// The built-in test scene as a camera would send it — YUYV at a steady rate — so the
/// whole frame path runs even without a camera. A nil `fps` publishes as fast as the
/// view takes frames (benchmark mode).
public final class TestSceneSource: FrameSource {
    public let name = "built-in test scene"
    public let size: FrameSize
    private let bytes: [UInt8]
    private let layout: FrameLayout
    private let fps: FrameRate?
    private let thread = SourceThread(name: "cvdcam test scene")
    /// Why the test scene shows instead of a camera (e.g. the camera is busy), shown in
    /// the window for as long as the scene runs.
    private let notice: String?

    public init(size: FrameSize, fps: FrameRate?, notice: String? = nil) {
        self.notice = notice
        let yuyv = TestScene.render(width: size.width & ~1, height: size.height).ycbcr(.yuyv)
        bytes = yuyv.bytes
        layout = yuyv.layout
        self.size = FrameSize(layout.width, layout.height)
        self.fps = fps
    }

    public func start(into sink: LatestFrame) {
        if let notice { sink.status = .failed(notice) }
        let bytes = bytes, layout = layout, period = fps?.period
        thread.start { thread in
            var next = SystemClock.monotonic
            while thread.isRunning {
                // Publishing the same array shares its storage: no copy, no allocation.
                sink.publish(Frame(bytes: bytes, layout: layout, timestamp: SystemClock.monotonic))
                if let period {
                    next += period
                    let wait = next - SystemClock.monotonic
                    if wait > 0 { usleep(useconds_t(wait * 1_000_000)) } else { next = SystemClock.monotonic }
                } else {
                    usleep(200)
                }
            }
        }
    }

    /// Stops publishing; returns once the thread has published its last frame.
    public func stop() { thread.stop() }
}
