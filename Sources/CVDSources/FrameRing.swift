import CVDCore
import CVDSystem

/// Three reused frame buffers on a source thread: each frame is decoded straight into the
/// next one and published, so the view can still draw from the one before while the
/// thread fills another, and nothing is allocated per frame once the size is known.
///
/// A source that knows which parts changed (the screen) fills only those
/// (`publishChanges`): the ring first brings the buffer up to the newest frame — it holds
/// the frame of three publishes ago, so what changed in the two since is copied from the
/// newest buffer — and the frame goes out with its `FrameChanges`.
public struct FrameRing {
    private var buffers: [[UInt8]] = [[], [], []]
    private var slot = 0
    /// Per buffer, the publish (counted from 0) whose frame it holds whole, and its layout.
    private var holds: [(publish: Int, layout: FrameLayout)?] = [nil, nil, nil]
    /// The frames published last, newest first (at most as many as buffers): the count of
    /// the publish, its timestamp and layout, and what changed in it since the one before.
    private var history: [(publish: Int, timestamp: Double, layout: FrameLayout, changed: [PixelRect])] = []
    private var published = 0

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
        holds[i] = nil
        defer { buffers[i] = buffer }
        guard let (layout, encoding) = try fill(&buffer) else { return nil }
        precondition(buffer.count >= layout.minimumByteCount, "a frame smaller than its layout")
        let whole = [PixelRect(width: layout.width, height: layout.height)]
        send(Frame(bytes: buffer, layout: layout, ycbcr: encoding, timestamp: SystemClock.monotonic), whole, to: sink)
        return layout
    }

    /// Publishes a frame that differs from the last one published only in `changed`
    /// (frame pixels, merged: `PixelRect.merged`): the buffer is brought up to the last
    /// frame (all but `changed`), then `fill` writes every pixel of `changed` into it (rows
    /// of `layout`). Returns
    /// false, having published nothing and called nothing, when the ring cannot: the last
    /// frame had another layout, or the buffer holds no frame of it yet — then `publish`.
    /// Packed layouts only (a planar frame's parts are not rectangles of its bytes).
    public mutating func publishChanges<E: Error>(
        to sink: LatestFrame, layout: FrameLayout, encoding: YCbCrEncoding, changed: [PixelRect],
        _ fill: (inout [UInt8]) throws(E) -> Void
    ) throws(E) -> Bool {
        let i = slot
        // The buffer's frame, and every frame since, of this layout and with known changes.
        guard let held = holds[i], held.layout == layout, let newest = history.first, newest.layout == layout,
            history.count == buffers.count, history.last?.publish == held.publish,
            history.allSatisfy({ $0.layout == layout }), !layout.format.isPlanar
        else { return false }
        let since = history.dropLast().flatMap(\.changed)
        let newestSlot = (i + buffers.count - 1) % buffers.count
        var buffer = buffers[i]
        buffers[i] = []
        holds[i] = nil
        defer { buffers[i] = buffer }
        // What `fill` writes now is not copied first: a tenth of the screen changing in the
        // same place every frame copies nothing.
        let stale = PixelRect.merged(since, within: PixelRect(width: layout.width, height: layout.height))
            .flatMap { $0.subtracting(changed) }
        Self.copy(stale, from: buffers[newestSlot], into: &buffer, layout)
        try fill(&buffer)
        let frame = Frame(
            bytes: buffer, layout: layout, ycbcr: encoding, timestamp: SystemClock.monotonic,
            changes: FrameChanges(base: newest.timestamp, rects: changed))
        send(frame, changed, to: sink)
        return true
    }

    /// Publishes `frame` from the current slot and notes it in the history.
    private mutating func send(_ frame: Frame, _ changed: [PixelRect], to sink: LatestFrame) {
        holds[slot] = (published, frame.layout)
        history.insert((published, frame.timestamp, frame.layout, changed), at: 0)
        if history.count > buffers.count { history.removeLast() }
        published += 1
        slot = (slot + 1) % buffers.count
        sink.publish(frame)
    }

    /// Copies the parts `rects` of a frame in `layout` from `source` into `target`.
    static func copy(_ rects: [PixelRect], from source: [UInt8], into target: inout [UInt8], _ layout: FrameLayout) {
        let bpp = layout.format.bytesPerPixel
        let stride = layout.bytesPerRow
        precondition(source.count >= layout.minimumByteCount && target.count >= layout.minimumByteCount)
        source.withUnsafeBytes { s in
            target.withUnsafeMutableBytes { t in
                // Both hold a whole frame of `layout` (checked above); each rect lies inside
                // the frame (`PixelRect.merged` clips to it), so every row's span does too.
                for r in rects {
                    for y in r.y..<(r.y + r.height) {
                        let o = y * stride + r.x * bpp
                        (t.baseAddress! + o).copyMemory(from: s.baseAddress! + o, byteCount: r.width * bpp)
                    }
                }
            }
        }
    }
}
