import CVDCapture
import CVDCore
import CVDSources
import CVDSystem
import FoundationEssentials
import Glibc

/// A webcam as a frame source. Its own thread waits for frames (never the window's),
/// decodes each into one of three reused buffers and publishes it; the view takes the
/// newest. When the stream fails (unplugged, a fatal streaming error, a refused request,
/// no frame for `stallLimit` seconds) the source says so and keeps trying to open the
/// camera again (`CameraErrorPolicy`: back-off, then every second), and carries on by
/// itself when it works.
///
/// Started `waitingFor` a camera that cannot be used yet (busy), it shows the test scene
/// with the reason, and switches to the camera as soon as it opens.
public final class CameraSource: CameraControlSource {
    public var name: String { currentName.withLock { $0 } }
    private let currentName: Locked<String>
    /// The open camera's identity (`Camera.identity`), or the test scene's while it waits.
    public var identity: String { currentIdentity.withLock { $0 } }
    private let currentIdentity: Locked<String>
    /// The frame size the camera granted (waiting: the test scene's).
    public let size: FrameSize
    /// Shown until the camera opens (waiting only).
    private let scene: TestSceneSource?
    /// Why the camera could not be used at start (waiting only; `.noCamera`: waiting for
    /// one to be plugged in).
    private let waitedFor: CaptureError?
    private let options: CameraOptions
    private let reporter: any Reporter
    /// The camera opened by init, for the capture thread to take.
    private let first: OpenedCamera
    private let thread = SourceThread(name: "cvdcam camera")
    /// Requests from the view (`w`, `n`, the camera panel) and the controls it shows.
    public let link = CameraLink()
    /// Seconds without a frame after which a stream that still runs is restarted.
    public static let stallLimit = 4.0
    /// A camera's frames are photographs: the lens's blur and the chroma at half the
    /// resolution leave lines of blends at every border, which the check (`z`) takes for
    /// borders even where the sensor's noise is too low to tell.
    public var blendedBorders: Bool { true }

    /// Streams `camera`, opened (by `SourceChoice`, through `CameraRestart`) before the
    /// window opens, so that start-up problems (busy, no permission) are reported first.
    public init(camera cam: Camera, options: CameraOptions, reporter: any Reporter) {
        currentName = Locked(cam.name)
        currentIdentity = Locked(cam.identity)
        size = FrameSize(cam.format.width, cam.format.height)
        self.options = options
        self.reporter = reporter
        first = OpenedCamera(cam)
        scene = nil
        waitedFor = nil
        reporter.status("camera \(cam.name), \(cam.format)")
        for (c, v) in cam.controlsSet { reporter.status("control \(c.key) = \(v.map(String.init) ?? "(pressed)")") }
    }

    /// Shows `scene` (which carries the reason as its notice) and opens the camera as soon
    /// as it can be used; `error` is why it cannot be used now (`.noCamera`: the first
    /// camera plugged in).
    public init(
        waitingFor options: CameraOptions, because error: CaptureError, scene: TestSceneSource, reporter: any Reporter
    ) {
        waitedFor = error
        currentName = Locked(scene.name)
        currentIdentity = Locked(scene.identity)
        size = scene.size
        self.options = options
        self.reporter = reporter
        first = OpenedCamera(nil)
        self.scene = scene
    }

    public func start(into sink: LatestFrame) {
        scene?.start(into: sink)
        // Waiting only: when the camera that was busy opens, the scene stops (before the
        // camera's first frame is published) and the name follows.
        var switched: (@Sendable (String) -> Void)?
        if let scene {
            switched = { _ in scene.stop() }
        }
        let loop = CaptureLoop(
            options: options, sink: sink, reporter: reporter, link: link,
            opening: waitedFor.map(CameraErrorPolicy.opened(after:)) ?? "the camera works now",
            switched: switched
        ) { [self] name, identity in
            self.currentName.withLock { $0 = name }
            self.currentIdentity.withLock { $0 = identity }
        }
        let first = first
        thread.start { thread in loop.run(first, while: thread) }
    }

    public func stop() {
        scene?.stop()
        // The loop checks the flag at least every poll timeout (0.5 s).
        thread.stop()
    }
}

/// The capture thread's work: frames into the sink, the lost-camera policy, and the
/// view's requests (`CameraService`): controls, the next camera, cameras plugged in.
struct CaptureLoop: Sendable {
    let options: CameraOptions
    let sink: LatestFrame
    let reporter: any Reporter
    let link: CameraLink
    /// How the first successful open is announced (waiting only).
    let opening: String
    /// Called once, on the first successful open (waiting only).
    let switched: (@Sendable (String) -> Void)?
    /// Called with the camera's name whenever one opens.
    let named: @Sendable (_ name: String, _ identity: String) -> Void

    func run(_ first: OpenedCamera, while thread: SourceThread) {
        // The loop holds the only reference, so dropping it closes the device (and lets a
        // driver re-register or unload while the camera is away). Taken here, not passed
        // in: a parameter would keep the first camera open for as long as the loop runs.
        var camera = first.take()
        var options = self.options // `n` changes the device
        var service = CameraService(link: link, reporter: reporter)
        if let c = camera { service.opened(c) }
        var switched = switched
        var ring = FrameRing()
        // Failed opens since the last good frame (the back-off's position), and when to try next.
        var inARow = 0
        var nextAttempt = 0.0
        var lastFrame = SystemClock.monotonic
        // The current camera's counts already added to the sink's totals.
        var counted = CaptureStats()
        while thread.isRunning {
            if service.serve(camera) {
                switchCamera(&camera, &options, &service)
                counted = CaptureStats() // the next camera counts from zero
            }
            for c in service.newCameras() {
                // With no camera open, the next attempt opens it (and says so) at once.
                if camera == nil {
                    nextAttempt = 0
                    continue
                }
                reporter.status(
                    "camera plugged in: \(PathName.shown(c.capabilities?.card ?? "camera")) (\(PathName.shown(c.path))) — n switches to it"
                )
            }
            guard let cam = camera else {
                if SystemClock.monotonic < nextAttempt {
                    usleep(50_000)
                    continue
                }
                do {
                    let c = try Camera(options)
                    camera = c
                    counted = CaptureStats()
                    lastFrame = SystemClock.monotonic
                    named(c.name, c.identity)
                    service.opened(c)
                    if let s = switched {
                        s(c.name)
                        switched = nil
                        reporter.status("\(opening): showing \(c.name), \(c.format)")
                    } else {
                        reporter.status("camera back: \(c.name), \(c.format)")
                    }
                    sink.status = .running
                } catch {
                    // Still gone, busy or failing: keep trying, slower and slower, then every second.
                    assert(CameraErrorPolicy.afterLoss(error) == .restartStream)
                    inARow += 1
                    nextAttempt = SystemClock.monotonic + CameraErrorPolicy.restartDelay(attempt: inARow)
                }
                continue
            }
            do throws(CaptureError) {
                var got = true
                let want = sink.request
                if want.paused {
                    try cam.skip(timeout: 0.5)
                } else {
                    got =
                        try ring.publish(to: sink) { (buffer) throws(CaptureError) in
                            try cam.next(timeout: 0.5, reduction: want.reduction, planar: want.planar, into: &buffer)
                        } != nil
                }
                if got {
                    inARow = 0
                    lastFrame = SystemClock.monotonic
                }
                let now = cam.stats
                sink.addLosses(camera: now.dropped - counted.dropped, corrupt: now.corrupt - counted.corrupt)
                counted = now
            } catch {
                // A slow camera, or one that just went: the next wait tells — unless no
                // frame has come for a long time; then the stream is restarted.
                if case .timeout = error, SystemClock.monotonic - lastFrame < CameraSource.stallLimit { continue }
                // Unplugged, stalled, or any other failure mid-stream: keep the last frame,
                // say so, and restart the stream (`CameraErrorPolicy.afterLoss`).
                if case .disconnected(let path) = error {
                    sink.status = .disconnected(PathName.shown(path))
                    reporter.status("camera disconnected (\(PathName.shown(path))) — waiting for it to come back")
                } else {
                    sink.status = .disconnected("\(error)")
                    reporter.status("camera stopped: \(error.fault) — restarting the stream")
                }
                service.closing(cam, keepLock: true)
                cam.stop()
                camera = nil
                inARow += 1
                nextAttempt = SystemClock.monotonic + CameraErrorPolicy.restartDelay(attempt: inARow)
            }
        }
        if let c = camera {
            service.closing(c)
            c.stop()
        }
    }
}
