import CVDCore

/// One picture handed from a source to whoever shows or sends it.
public struct Frame: Sendable {
    /// Shared, never mutated after publishing (copy-on-write keeps sources allocation-free
    /// when they publish the same buffer again).
    public let bytes: [UInt8]
    public let layout: FrameLayout
    public let ycbcr: YCbCrEncoding
    /// Monotonic seconds (`SystemClock.monotonic`) when the source handed the frame over.
    public let timestamp: Double
    /// What changed since the frame before, when the source knows (nil: all of it).
    public let changes: FrameChanges?

    public init(
        bytes: [UInt8], layout: FrameLayout, ycbcr: YCbCrEncoding = .bt601Limited, timestamp: Double,
        changes: FrameChanges? = nil
    ) {
        self.bytes = bytes
        self.layout = layout
        self.ycbcr = ycbcr
        self.timestamp = timestamp
        self.changes = changes
    }

    /// The same frame with other `changes`.
    public func with(changes: FrameChanges?) -> Frame {
        Frame(bytes: bytes, layout: layout, ycbcr: ycbcr, timestamp: timestamp, changes: changes)
    }

    /// The parts changed since the frame at `timestamp`, when this frame says (nil: all).
    public func changed(since timestamp: Double?) -> [PixelRect]? {
        guard let c = changes, let timestamp, c.base == timestamp else { return nil }
        return c.rects
    }

    public var size: FrameSize { FrameSize(layout.width, layout.height) }
}

extension Frame {
    /// The frame as packed YUYV when it is planar (for what reads only packed frames: the
    /// software panes just after the renderer changed, stills); itself otherwise. Allocates:
    /// not for every frame.
    public func packed() -> Frame {
        guard layout.format.isPlanar else { return self }
        let out = FrameLayout(format: .yuyv, width: layout.width, height: layout.height)
        var packed = [UInt8](repeating: 0, count: out.minimumByteCount)
        bytes.withUnsafeBytes { b in
            packed.withUnsafeMutableBytes { d in
                // The frame's bytes hold its planar layout; `packed` holds the YUYV layout.
                YCbCrPlanes(b, layout)?.packYUYV(into: d.baseAddress!, bytesPerRow: out.bytesPerRow)
            }
        }
        return Frame(bytes: packed, layout: out, ycbcr: ycbcr, timestamp: timestamp)
    }
}
