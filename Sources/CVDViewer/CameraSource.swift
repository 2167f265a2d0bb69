import CVDCapture
import CVDCore
import CVDSystem
import Foundation
import Synchronization

/// A webcam as a frame source. Its own thread waits for frames (never the window's),
/// decodes each into one of three reused buffers and publishes it; the view takes the
/// newest. When the camera goes away (ENODEV) the source says "disconnected", keeps
/// trying to open it again once a second, and carries on by itself when it is back.
///
/// Started `waitingFor` a camera that cannot be used yet (busy), it shows the test scene
/// with the reason, and switches to the camera as soon as it opens.
public final class CameraSource: FrameSource {
    public var name: String { currentName.withLock { $0 } }
    private let currentName: Mutex<String>
    /// The frame size the camera granted (waiting: the test scene's).
    public let size: (width: Int, height: Int)
    /// Shown until the camera opens (waiting only).
    private let scene: TestSceneSource?
    private let options: CameraOptions
    /// The camera opened by init, for the capture thread to take.
    private let first: Handoff
    private let running = RunFlag()
    private let done = DispatchSemaphore(value: 0)
    /// Seconds between attempts to reopen a lost camera.
    public static let retryInterval = 1.0

    /// Opens the camera now, so that start-up problems (busy, no permission) are
    /// reported before the window opens.
    public init(options: CameraOptions) throws(CaptureError) {
        let cam = try Camera(options)
        currentName = Mutex(cam.name)
        size = (cam.format.width, cam.format.height)
        self.options = options
        first = Handoff(cam)
        scene = nil
        say("cvdcam: camera \(cam.name), \(cam.format)")
        for (c, v) in cam.controlsSet { say("cvdcam: control \(c.key) = \(v.map(String.init) ?? "(pressed)")") }
    }

    /// Shows `scene` (which carries the reason as its notice) and opens the camera as soon
    /// as it can be used.
    public init(waitingFor options: CameraOptions, scene: TestSceneSource, size: (width: Int, height: Int)) {
        currentName = Mutex(scene.name)
        self.size = size
        self.options = options
        first = Handoff(nil)
        self.scene = scene
    }

    public func start(into sink: LatestFrame) {
        running.set(true)
        scene?.start(into: sink)
        let options = options, running = running, done = done, first = first
        // Waiting only: when the camera that was busy opens, the scene stops (before the
        // camera's first frame is published) and the name follows.
        let switched: (@Sendable (String) -> Void)?
        if scene == nil {
            switched = nil
        } else {
            switched = { [self] name in
                self.scene?.stop()
                self.currentName.withLock { $0 = name }
            }
        }
        let thread = Thread {
            Self.loop(first, options, sink, running, switched: switched)
            done.signal()
        }
        thread.name = "cvdcam camera"
        thread.start()
    }

    public func stop() {
        scene?.stop()
        guard running.value else { return }
        running.set(false)
        // The loop checks the flag at least every poll timeout (0.5 s).
        _ = done.wait(timeout: .now() + 2)
    }

    private static func loop(_ first: Handoff, _ options: CameraOptions, _ sink: LatestFrame, _ running: RunFlag,
                             switched: (@Sendable (String) -> Void)?) {
        // The loop holds the only reference, so dropping it closes the device (and lets a
        // driver module unload while the camera is away).
        var camera = first.take()
        var switched = switched  // called once, on the first successful open
        var ring: [[UInt8]] = [[], [], []]
        var slot = 0, sequence = 0
        var lastAttempt = 0.0
        while running.value {
            guard let cam = camera else {
                // Lost: try again once a second, with the same options.
                if SystemClock.monotonic - lastAttempt < retryInterval { usleep(100_000); continue }
                lastAttempt = SystemClock.monotonic
                do {
                    let c = try Camera(options)
                    camera = c
                    if let s = switched {
                        s(c.name)
                        switched = nil
                        say("cvdcam: the camera is free now: showing \(c.name), \(c.format)")
                    } else {
                        say("cvdcam: camera back: \(c.name), \(c.format)")
                    }
                    sink.status = .running
                } catch {
                    // Still gone (or busy): keep waiting.
                }
                continue
            }
            do {
                _ = try cam.next(timeout: 0.5) { bytes, layout, enc, _ in
                    let n = layout.minimumByteCount
                    if ring[slot].count != n { ring[slot] = [UInt8](repeating: 0, count: n) }
                    // Copies into a buffer the view no longer holds (copy-on-write copies it
                    // only if the view is still drawing from it).
                    ring[slot].withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: n) }
                    sequence += 1
                    sink.publish(Frame(bytes: ring[slot], layout: layout, ycbcr: enc, sequence: sequence, timestamp: SystemClock.monotonic))
                    slot = (slot + 1) % ring.count
                }
            } catch .timeout {
                continue  // a slow camera, or one that just went: the next wait tells
            } catch {
                // Unplugged (ENODEV), or any other failure mid-stream: keep the last frame,
                // say so, and reopen when it works again.
                if case .disconnected(let path) = error {
                    sink.status = .disconnected(path)
                    say("cvdcam: camera disconnected (\(path)) — waiting for it to come back")
                } else {
                    sink.status = .disconnected("\(error)")
                    say("cvdcam: camera stopped: \(error) — trying to reopen it")
                }
                cam.stop()
                camera = nil
                lastAttempt = SystemClock.monotonic
            }
        }
        camera?.stop()
    }
}

/// Passes the camera opened at start to the capture thread, which then owns it alone.
private final class Handoff: @unchecked Sendable {  // `camera` is only touched under `lock`
    private let lock = NSLock()
    private var camera: Camera?

    init(_ camera: Camera?) { self.camera = camera }

    func take() -> Camera? {
        lock.lock()
        defer { lock.unlock() }
        let c = camera
        camera = nil
        return c
    }
}

/// One line on stdout, flushed (stdout is a pipe in tests and scripts).
private func say(_ s: String) {
    print(s)
    fflush(nil)
}
