import CVDCapture
import CVDCore
import CVDSystem
import Foundation
import Testing
@testable import CVDSources

@Suite struct LatestFrameTests {
    func frame(_ t: Double) -> Frame { Frame(bytes: [1, 2, 3, 4], layout: FrameLayout(format: .rgba, width: 1, height: 1), timestamp: t) }

    @Test func theNewestFrameWinsAndStaleOnesAreCounted() {
        let sink = LatestFrame()
        #expect(sink.takeNew() == nil)
        sink.publish(frame(1))
        sink.publish(frame(2))
        sink.publish(frame(3))
        #expect(sink.takeNew()?.timestamp == 3)
        #expect(sink.takeNew() == nil, "a frame is taken once")
        #expect(sink.droppedCount == 2)
    }
}

@Suite struct CameraErrorPolicyTests {
    @Test func atStartOnlyACameraThatExistsIsWaitedFor() {
        #expect(CameraErrorPolicy.atStart(.noCamera) == .showTestScene)
        #expect(CameraErrorPolicy.atStart(.busy(path: "/dev/video0")) == .waitForCamera)
        #expect(CameraErrorPolicy.atStart(.permissionDenied(path: "/dev/video0")) == .waitForCamera)
        #expect(CameraErrorPolicy.atStart(.noSuchDevice(path: "/dev/video9")) == .fail)
        #expect(CameraErrorPolicy.atStart(.unsupportedFormat(path: "/dev/video0", what: "no MJPG")) == .fail)
    }

    /// After an unplug the node is missing (noSuchDevice) until the camera is back: wait.
    @Test func afterALossEverythingIsWaitedOut() {
        #expect(CameraErrorPolicy.afterLoss(.noSuchDevice(path: "/dev/video0")) == .waitForCamera)
        #expect(CameraErrorPolicy.afterLoss(.busy(path: "/dev/video0")) == .waitForCamera)
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
