import CVDCapture
import CVDCore
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
    @Test func publishesAtItsRateAndStopsCleanly() async throws {
        let source = TestSceneSource(size: FrameSize(64, 48), fps: FrameRate(100))
        #expect(source.size == FrameSize(64, 48))
        let sink = LatestFrame()
        source.start(into: sink)
        try await Task.sleep(for: .milliseconds(200))
        source.stop()
        let f = try #require(sink.takeNew())
        #expect(f.layout.format == .yuyv && f.size == FrameSize(64, 48))
        let published = sink.droppedCount + 1
        #expect((5...40).contains(published), "about 20 frames in 0.2 s at 100 fps, got \(published)")
        _ = sink.takeNew()
        try await Task.sleep(for: .milliseconds(50))
        #expect(sink.takeNew() == nil, "nothing is published after stop returns")
    }
}
