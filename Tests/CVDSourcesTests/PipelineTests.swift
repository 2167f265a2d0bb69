import CVDCore
import CVDSystem
import Foundation
import Testing

@testable import CVDSources

@Suite struct LatestFrameTests {
    func frame(_ t: Double) -> Frame {
        Frame(bytes: [1, 2, 3, 4], layout: FrameLayout(format: .rgba, width: 1, height: 1), timestamp: t)
    }

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

@Suite struct SourceLossTests {
    @Test func cameraLossesAddUpAlongsideTheViewersDrops() {
        let sink = LatestFrame()
        sink.addLosses(camera: 3, corrupt: 0)
        sink.addLosses(camera: 0, corrupt: 2)
        sink.addLosses(camera: 1, corrupt: 1)
        let f = Frame(bytes: [0, 0, 0, 0], layout: FrameLayout(format: .rgba, width: 1, height: 1), timestamp: 0)
        sink.publish(f)
        sink.publish(f)
        #expect(sink.losses == (viewer: 1, camera: 4, corrupt: 3))
    }
}

@Suite struct FrameRingTests {
    static let layout = FrameLayout(format: .rgba, width: 2, height: 1)

    @Test func framesAreWrittenInPlaceAndAHeldFrameNeverChanges() {
        let sink = LatestFrame()
        var ring = FrameRing()
        var held: [Frame] = []
        for value in UInt8(1)...7 {
            let l = ring.publish(to: sink) { (buffer: inout [UInt8]) -> (FrameLayout, YCbCrEncoding)? in
                if buffer.count < 8 { buffer = [UInt8](repeating: 0, count: 8) }
                for i in buffer.indices { buffer[i] = value }
                return (Self.layout, .bt601Limited)
            }
            #expect(l == Self.layout)
            let f = sink.takeNew()
            #expect(f?.bytes == [UInt8](repeating: value, count: 8))
            if let f { held.append(f) }
        }
        // Every frame the "view" kept still shows what it was published with.
        for (i, f) in held.enumerated() { #expect(f.bytes.allSatisfy { $0 == UInt8(i + 1) }, "frame \(i + 1)") }
    }

    @Test func aFrameThatCouldNotBeDecodedPublishesNothing() {
        let sink = LatestFrame()
        var ring = FrameRing()
        let l = ring.publish(to: sink) { _ -> (FrameLayout, YCbCrEncoding)? in nil }
        #expect(l == nil && sink.takeNew() == nil)
        struct Corrupt: Error {}
        #expect(throws: Corrupt.self) {
            try ring.publish(to: sink) { (_) throws(Corrupt) -> (FrameLayout, YCbCrEncoding)? in throw Corrupt() }
        }
        #expect(sink.takeNew() == nil && sink.droppedCount == 0)
    }
}
