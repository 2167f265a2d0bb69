import CVDCore
import CVDSystem
import Foundation
import Synchronization

/// Something that publishes frames into a `LatestFrame` from its own thread.
public protocol FrameSource: AnyObject, Sendable {
    /// Shown on screen and printed: "built-in test scene", "image photo.png", a camera name.
    var name: String { get }
    func start(into sink: LatestFrame)
    func stop()
}

/// The built-in test scene as a camera would send it — YUYV at a steady rate — so the
/// whole frame path runs even without a camera. `fps` 0 publishes as fast as the view
/// takes frames (benchmark mode).
public final class TestSceneSource: FrameSource {
    public let name = "built-in test scene"
    private let bytes: [UInt8]
    private let layout: FrameLayout
    private let fps: Double
    private let running = RunFlag()
    private let done = DispatchSemaphore(value: 0)
    /// Why the test scene shows instead of a camera (e.g. the camera is busy), shown in
    /// the window for as long as the scene runs.
    private let notice: String?

    public init(width: Int, height: Int, fps: Double, notice: String? = nil) {
        self.notice = notice
        let yuyv = TestScene.render(width: width & ~1, height: height).ycbcr(.yuyv)
        bytes = yuyv.bytes
        layout = yuyv.layout
        self.fps = fps
    }

    public func start(into sink: LatestFrame) {
        running.set(true)
        if let notice { sink.status = .failed(notice) }
        let bytes = bytes, layout = layout, fps = fps, done = done
        let thread = Thread { [running] in
            defer { done.signal() }
            var sequence = 0
            var next = SystemClock.monotonic
            while running.value {
                sequence += 1
                // Publishing the same array shares its storage: no copy, no allocation.
                sink.publish(Frame(bytes: bytes, layout: layout, sequence: sequence, timestamp: SystemClock.monotonic))
                if fps > 0 {
                    next += 1 / fps
                    let wait = next - SystemClock.monotonic
                    if wait > 0 { usleep(useconds_t(wait * 1_000_000)) } else { next = SystemClock.monotonic }
                } else {
                    usleep(200)
                }
            }
        }
        thread.name = "cvdcam test scene"
        thread.start()
    }

    /// Stops publishing; returns once the thread has published its last frame, so a source
    /// taking over (a camera that was busy) is never followed by a late scene frame.
    public func stop() {
        guard running.value else { return }
        running.set(false)
        _ = done.wait(timeout: .now() + 2)
    }
}

/// A still picture from a file, published once.
public final class ImageSource: FrameSource {
    public let name: String
    private let image: RGBAImage

    public init(path: String, image: RGBAImage) {
        name = "image " + (path as NSString).lastPathComponent
        self.image = image
    }

    public func start(into sink: LatestFrame) {
        sink.publish(Frame(bytes: image.pixels, layout: image.layout, sequence: 1, timestamp: SystemClock.monotonic))
    }

    public func stop() {}
}

/// A flag one thread sets and another polls.
final class RunFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var value: Bool { flag.load(ordering: .acquiring) }
    func set(_ v: Bool) { flag.store(v, ordering: .releasing) }
}
