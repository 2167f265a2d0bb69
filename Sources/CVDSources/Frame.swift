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

    public init(bytes: [UInt8], layout: FrameLayout, ycbcr: YCbCrEncoding = .bt601Limited, timestamp: Double) {
        self.bytes = bytes
        self.layout = layout
        self.ycbcr = ycbcr
        self.timestamp = timestamp
    }

    public var size: FrameSize { FrameSize(layout.width, layout.height) }
}
