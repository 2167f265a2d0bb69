/// Who holds each memory-mapped buffer of a video output stream: cvdcam (free to fill)
/// or the driver (queued with `VIDIOC_QBUF`, not yet handed back by `VIDIOC_DQBUF`).
/// A pure type, so the bookkeeping is tested without a device (`MappedOutput` makes the
/// calls).
///
/// Buffers are filled in turn (0, 1, 2, …, wrapping), skipping those the driver holds,
/// so every buffer is used and none is refilled while an older free one waits.
public struct BufferOwnership: Sendable, Equatable {
    /// `true` where the driver holds the buffer.
    public private(set) var queued: [Bool]
    /// Where the search for the next free buffer starts.
    private var cursor = 0

    public init(count: Int) {
        precondition(count > 0, "an output stream needs buffers")
        queued = Array(repeating: false, count: count)
    }

    public var count: Int { queued.count }
    /// Buffers the driver holds.
    public var queuedCount: Int { queued.lazy.filter { $0 }.count }
    /// Whether every buffer is with the driver: one must come back before the next frame.
    public var allQueued: Bool { !queued.contains(false) }

    /// The next buffer to fill, or nil when the driver holds them all. Does not change
    /// the state: `markQueued` does once the buffer went to the driver.
    public func nextFree() -> Int? {
        (0..<count).lazy.map { (cursor + $0) % count }.first { !queued[$0] }
    }

    /// The buffer went to the driver (`VIDIOC_QBUF` succeeded).
    public mutating func markQueued(_ index: Int) {
        precondition(queued.indices.contains(index) && !queued[index], "buffer \(index) is not free")
        queued[index] = true
        cursor = (index + 1) % count
    }

    /// The driver handed a buffer back (`VIDIOC_DQBUF`). Returns false, changing nothing,
    /// for an index the driver did not hold (out of range, or already back): a driver's
    /// mistake that must not corrupt the bookkeeping.
    @discardableResult
    public mutating func markReturned(_ index: Int) -> Bool {
        guard queued.indices.contains(index), queued[index] else { return false }
        queued[index] = false
        return true
    }

    /// Streaming stopped (`VIDIOC_STREAMOFF` hands every buffer back).
    public mutating func reset() {
        queued = Array(repeating: false, count: count)
        cursor = 0
    }
}
