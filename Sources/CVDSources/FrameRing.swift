import CVDCore
import CVDSystem

/// Three reused frame buffers on a source thread: each frame is decoded straight into the
/// next one and published, so the view can still draw from the one before while the
/// thread fills another, and nothing is allocated per frame once the size is known.
public struct FrameRing {
    private var buffers: [[UInt8]] = [[], [], []]
    private var slot = 0

    public init() {}

    /// Lets `fill` write a frame into the next buffer (growing it as needed) and publishes
    /// it with the layout `fill` returns; nil (a frame that could not be decoded) publishes
    /// nothing and leaves the slot for the next frame. Returns the layout published.
    @discardableResult
    public mutating func publish<E: Error>(
        to sink: LatestFrame, _ fill: (inout [UInt8]) throws(E) -> (FrameLayout, YCbCrEncoding)?
    ) throws(E) -> FrameLayout? {
        // Taken out of the ring while it is written: the ring's reference does not make a
        // copy-on-write copy of it. A buffer the view still draws from is copied once, by
        // the write (copy-on-write), so the view's picture never changes under it.
        let i = slot
        var buffer = buffers[i]
        buffers[i] = []
        defer { buffers[i] = buffer }
        guard let (layout, encoding) = try fill(&buffer) else { return nil }
        precondition(buffer.count >= layout.minimumByteCount, "a frame smaller than its layout")
        sink.publish(Frame(bytes: buffer, layout: layout, ycbcr: encoding, timestamp: SystemClock.monotonic))
        slot = (i + 1) % buffers.count
        return layout
    }
}
