import CVDCapture
import CVDCore
import CVDSystem
import Foundation
import Testing

@testable import CVDCamera
@testable import CVDSources

@Suite struct CameraErrorPolicyTests {
    static let path = "/dev/video0"

    @Test func atStartOnlyACameraThatExistsIsWaitedForOrRestarted() {
        #expect(CameraErrorPolicy.atStart(.noCamera) == .showTestScene)
        #expect(CameraErrorPolicy.atStart(.busy(path: Self.path)) == .waitForCamera)
        #expect(CameraErrorPolicy.atStart(.permissionDenied(path: Self.path)) == .waitForCamera)
        #expect(CameraErrorPolicy.atStart(.noSuchDevice(path: "/dev/video9")) == .fail)
        #expect(CameraErrorPolicy.atStart(.unsupportedFormat(path: Self.path, what: "no MJPG")) == .fail)
        // Stream faults at start (vivid's "Inject VIDIOC_STREAMON Error", "… REQBUFS Error").
        #expect(
            CameraErrorPolicy.atStart(.system(path: Self.path, call: .ioctl(.streamon), errno: .invalidArgument))
                == .restartStream)
        #expect(
            CameraErrorPolicy.atStart(.system(path: Self.path, call: .ioctl(.reqbufs), errno: .invalidArgument))
                == .restartStream)
        #expect(CameraErrorPolicy.atStart(.timeout(path: Self.path, seconds: 2)) == .restartStream)
    }

    /// After a loss the node is missing (noSuchDevice) until the camera is back: restart.
    @Test func afterALossEverythingIsRestarted() {
        #expect(CameraErrorPolicy.afterLoss(.noSuchDevice(path: Self.path)) == .restartStream)
        #expect(CameraErrorPolicy.afterLoss(.busy(path: Self.path)) == .restartStream)
        #expect(
            CameraErrorPolicy.afterLoss(.system(path: Self.path, call: .ioctl(.dqbuf), errno: .ioError))
                == .restartStream)
    }

    /// Restarts back off, are bounded for commands that need frames now, then settle at
    /// the waiting interval for the live view.
    @Test func restartsBackOffAndAreBounded() {
        let delays = (1...CameraErrorPolicy.restartDelays.count).map { CameraErrorPolicy.restartDelay(attempt: $0) }
        #expect(delays == delays.sorted(), "never shorter than the one before")
        #expect(delays.reduce(0, +) <= 5, "a snapshot gives up within 5 s: \(delays)")
        #expect(CameraErrorPolicy.restartDelay(attempt: 100) == CameraErrorPolicy.waitingInterval)
    }

    /// "until the camera is free" only for a camera another program holds.
    @Test func theWaitIsNamedForWhatItIs() {
        #expect(CameraErrorPolicy.until(.busy(path: Self.path)) == "until the camera is free")
        let refused = CaptureError.system(path: Self.path, call: .ioctl(.streamon), errno: .invalidArgument)
        #expect(!CameraErrorPolicy.until(refused).contains("free"))
        #expect(!CameraErrorPolicy.opened(after: refused).contains("free"))
        #expect(CameraErrorPolicy.opened(after: .busy(path: Self.path)) == "the camera is free now")
    }

    /// The line when the camera stays unusable: the fault, not the missing node after it.
    @Test func givingUpNamesTheFault() {
        let gone = CaptureError.disconnected(path: Self.path)
        #expect(CameraRestart.reason(last: .noSuchDevice(path: Self.path), fault: gone) == gone)
        #expect(CameraRestart.reason(last: .busy(path: Self.path), fault: gone) == .busy(path: Self.path))
        #expect(
            CameraRestart.reason(last: .noSuchDevice(path: Self.path), fault: nil) == .noSuchDevice(path: Self.path))
    }
}

/// A camera's frames are photographs: the check (`z`) takes the lines of blends at their
/// borders for borders (`FrameSource.blendedBorders`, handed to the live check), even
/// while it shows the test scene waiting for the camera; the test scene alone, a drawn
/// picture, does not.
@Suite struct CameraFramesTests {
    @Test func aCamerasFramesHaveBlendedBorders() {
        let scene = TestSceneSource(size: FrameSize(64, 48), fps: FrameRate(30))
        let waiting = CameraSource(
            waitingFor: CameraOptions(), because: .busy(path: "/dev/video0"), scene: scene, reporter: SilentReporter())
        #expect(waiting.blendedBorders)
        #expect(!scene.blendedBorders)
    }
}

@Suite struct TestSceneSourceTests {
    /// Paced at its rate (never faster), and nothing arrives after `stop` returns. The rate is
    /// judged over the time that really passed: on a loaded machine a sleep can last longer.
    @Test func publishesAtItsRateAndStopsCleanly() throws {
        let source = TestSceneSource(size: FrameSize(64, 48), fps: FrameRate(100))
        #expect(source.size == FrameSize(64, 48))
        let sink = LatestFrame()
        let start = SystemClock.monotonic
        source.start(into: sink)
        usleep(300_000)
        source.stop()
        let elapsed = SystemClock.monotonic - start
        let f = try #require(sink.takeNew())
        #expect(f.layout.format == .yuyv && f.size == FrameSize(64, 48))
        let published = sink.droppedCount + 1
        #expect(Double(published) <= elapsed * 100 + 2, "\(published) frames in \(elapsed) s at 100 fps")
        _ = sink.takeNew()
        usleep(50_000)
        #expect(sink.takeNew() == nil, "nothing is published after stop returns")
    }
}

@Suite struct MJPEGTestSceneTests {
    /// `--test-scene --format mjpeg`: the camera-like scene encoded once by TurboJPEG (4:2:2,
    /// quality 85), each frame decoded by the camera's decoder: the frames published are
    /// exactly that decoder's output, and within JPEG's loss of the scene itself.
    @Test func streamsTheEncodedSceneDecodedAsACameraFrame() throws {
        let size = FrameSize(320, 240)
        let source = TestSceneSource(size: size, fps: FrameRate(60), format: .mjpeg)
        #expect(source.size == size && source.name.contains("MJPEG"))
        let sink = LatestFrame()
        source.start(into: sink)
        var frame: Frame?
        for _ in 0..<200 where frame == nil {
            usleep(10_000)
            frame = sink.takeNew()
        }
        source.stop()
        let f = try #require(frame)
        #expect(f.layout.format == .yuyv && f.size == size && f.ycbcr == CaptureFormat.jfif)
        let jpeg = TestSceneSource.encodedScene(width: 320, height: 240)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let decoder = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: 320, height: 240, bytesPerLine: 0, sizeImage: jpeg.count))
        let expected = try jpeg.withUnsafeBytes { j in
            try decoder.decode(j) { out, l, _ in Array(out.prefix(l.minimumByteCount)) }
        }
        #expect(f.bytes == expected, "the frame is the decoder's output, byte for byte")
        // Against the scene it encodes: mean error ≤ 6 levels (quality 85 smooths the scene's
        // sensor noise, σ 3 levels, away, and 4:2:2 halves the chroma at the edges; measured 5.2).
        let scene = SyntheticFrames.camera(width: 320, height: 240)
        let k = FrameKernel(try Simulation(mode: .normal))
        var rgba = [UInt8](repeating: 0, count: 320 * 240 * 4)
        try f.bytes.withUnsafeBytes { s in
            try rgba.withUnsafeMutableBytes { d in
                try k.apply(
                    source: s, sourceLayout: f.layout, destination: d,
                    destinationLayout: FrameLayout(format: .rgba, width: 320, height: 240),
                    ycbcr: f.ycbcr)
            }
        }
        var total = 0
        for i in 0..<(320 * 240) {
            for c in 0..<3 { total += abs(Int(rgba[i * 4 + c]) - Int(scene.pixels[i * 4 + c])) }
        }
        let mean = Double(total) / Double(320 * 240 * 3)
        #expect(mean <= 6, "mean error \(mean) levels")
        #expect(sink.losses.corrupt == 0)
    }
}

/// `FrameRing`: each frame is written straight into the next of three buffers and
/// published; a frame the view holds is never written under it; a frame that could not be
/// decoded publishes nothing.
/// `SourceRequest.paused`: while the view says nothing would show new frames, the MJPEG test
/// scene decodes none (as a camera hands its frames back undecoded); they come again when
/// it asks.
@Suite struct PausedSourceTests {
    @Test func aPausedSourcePublishesNothingAndResumes() {
        let sink = LatestFrame()
        let source = TestSceneSource(size: FrameSize(320, 240), fps: FrameRate(100)!, format: .mjpeg)
        source.start(into: sink)
        defer { source.stop() }
        func waitForFrame(_ seconds: Double) -> Frame? {
            let end = SystemClock.monotonic + seconds
            while SystemClock.monotonic < end {
                if let f = sink.takeNew() { return f }
                usleep(5000)
            }
            return nil
        }
        #expect(waitForFrame(5) != nil, "frames before the pause")
        sink.request.paused = true
        usleep(100_000) // a frame being decoded when paused may still come
        _ = sink.takeNew()
        #expect(waitForFrame(0.3) == nil, "no frame decoded while paused (30 frame periods)")
        sink.request.paused = false
        #expect(waitForFrame(5) != nil, "frames again after the pause")
        #expect(sink.losses.corrupt == 0)
    }
}
