import CV4L2
import CVDCapture
import Testing

/// Who holds each buffer of a memory-mapped output stream, and which way frames reach a node.
@Suite struct BufferOwnershipTests {
    /// `markReturned` outside `#expect` (which cannot call mutating members).
    static func returned(_ b: inout BufferOwnership, _ i: Int) -> Bool { b.markReturned(i) }

    @Test func buffersAreFilledInTurn() {
        var b = BufferOwnership(count: 3)
        var order: [Int] = []
        for _ in 0..<3 {
            let i = b.nextFree()!
            order.append(i)
            b.markQueued(i)
        }
        #expect(order == [0, 1, 2])
        #expect(b.allQueued && b.queuedCount == 3 && b.nextFree() == nil)
    }

    @Test func aReturnedBufferIsReusedAfterOlderFreeOnes() {
        var b = BufferOwnership(count: 4)
        b.markQueued(0)
        b.markQueued(1)
        #expect(Self.returned(&b, 0))
        // 2 and 3 have waited longer than 0: they come first.
        #expect(b.nextFree() == 2)
        b.markQueued(2)
        b.markQueued(3)
        #expect(b.nextFree() == 0)
        b.markQueued(0)
        #expect(b.allQueued)
        #expect(Self.returned(&b, 3))
        #expect(b.nextFree() == 3 && b.queuedCount == 3)
    }

    @Test func nextFreeDoesNotChangeTheBooks() {
        let b = BufferOwnership(count: 2)
        #expect(b.nextFree() == 0 && b.nextFree() == 0 && b.queuedCount == 0)
    }

    /// A driver that hands back a buffer it did not hold (v4l2loopback's output DQBUF
    /// never waits) or an index out of range changes nothing.
    @Test func strayReturnsAreIgnored() {
        var b = BufferOwnership(count: 2)
        b.markQueued(0)
        let before = b
        #expect(!Self.returned(&b, 1))
        #expect(!Self.returned(&b, 7))
        #expect(!Self.returned(&b, -1))
        #expect(b == before)
        #expect(Self.returned(&b, 0))
        #expect(!Self.returned(&b, 0))
    }

    @Test func resetHandsEverythingBack() {
        var b = BufferOwnership(count: 3)
        b.markQueued(0)
        b.markQueued(1)
        b.reset()
        #expect(b == BufferOwnership(count: 3) && b.nextFree() == 0)
    }

    static let streaming = UInt32(V4L2_CAP_STREAMING), readWrite = UInt32(V4L2_CAP_READWRITE)
    static let output = UInt32(V4L2_CAP_VIDEO_OUTPUT)
    static func node(_ driver: String, _ flags: UInt32) -> OutputSelection.Node {
        .init(path: "/dev/video4", driver: driver, card: "card", flags: flags)
    }

    /// v4l2loopback: write(), as OBS does; vb2 drivers that stream (vivid): mapped buffers;
    /// a driver that only writes: write().
    @Test func howFramesReachTheNode() {
        #expect(
            OutputSelection.method(for: Self.node("v4l2 loopback", Self.output | Self.streaming | Self.readWrite))
                == .write)
        #expect(
            OutputSelection.method(for: Self.node("vivid", Self.output | Self.streaming | Self.readWrite))
                == .mappedBuffers)
        #expect(OutputSelection.method(for: Self.node("somedriver", Self.output | Self.readWrite)) == .write)
    }
}
