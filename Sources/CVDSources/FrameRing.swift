import CVDCore
import CVDSystem

/// Three reused frame buffers on a source thread: each decoded frame is copied into the
/// next one and published, so the view can still draw from the one before while the
/// thread fills another, and nothing is allocated per frame once the size is known.
struct FrameRing {
    private var buffers: [[UInt8]] = [[], [], []]
    private var slot = 0

    /// Copies `bytes` (at least `layout.minimumByteCount` of them) into the next buffer
    /// and publishes it.
    mutating func publish(
        _ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout, _ encoding: YCbCrEncoding,
        to sink: LatestFrame
    ) {
        let n = layout.minimumByteCount
        precondition(bytes.count >= n, "a frame smaller than its layout")
        if buffers[slot].count != n { buffers[slot] = [UInt8](repeating: 0, count: n) }
        // Copies into a buffer the view no longer holds (copy-on-write copies it only if
        // the view is still drawing from it); `bytes` holds at least `n` bytes (checked above).
        buffers[slot].withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: n) }
        sink.publish(Frame(bytes: buffers[slot], layout: layout, ycbcr: encoding, timestamp: SystemClock.monotonic))
        slot = (slot + 1) % buffers.count
    }
}
