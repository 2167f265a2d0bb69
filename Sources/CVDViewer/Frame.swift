import CVDCore

/// One picture handed from a source to the view.
public struct Frame: Sendable {
    /// Shared, never mutated after publishing (copy-on-write keeps sources allocation-free
    /// when they publish the same buffer again).
    public let bytes: [UInt8]
    public let layout: FrameLayout
    public let ycbcr: YCbCrEncoding
    /// Increases by one per frame the source produced; gaps mean dropped frames.
    public let sequence: Int
    /// Monotonic seconds when the source handed the frame over.
    public let timestamp: Double

    public init(bytes: [UInt8], layout: FrameLayout, ycbcr: YCbCrEncoding = .bt601Limited, sequence: Int, timestamp: Double) {
        self.bytes = bytes
        self.layout = layout
        self.ycbcr = ycbcr
        self.sequence = sequence
        self.timestamp = timestamp
    }
}
