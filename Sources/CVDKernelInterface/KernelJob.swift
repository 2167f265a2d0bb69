/// Pixel layouts the kernels read and write (CVDCore's `PixelFormat`, without CVDCore:
/// the kernel modules depend on nothing but this module).
public enum KernelFormat: UInt8, Sendable {
    case rgb24, bgr24, rgba, bgra, argb
    /// Packed 4:2:2, `Y0 Cb Y1 Cr` per pair.
    case yuyv
    /// Packed 4:2:2, `Cb Y0 Cr Y1` per pair.
    case uyvy
}

/// One band of rows of one frame for a kernel: where the pixels are and how they are
/// laid out. The caller (CVDCore) has validated both layouts against their buffers —
/// strides at least a row, even widths for 4:2:2, buffers large enough for every row in
/// `rows` — and keeps both buffers alive for the call; the kernels rely on that.
public struct KernelJob {
    public let source: UnsafeRawPointer
    public let sourceFormat: KernelFormat
    public let sourceBytesPerRow: Int
    /// Nil only for jobs that read alone (the confusion map counting without drawing).
    public let destination: UnsafeMutableRawPointer?
    public let destinationFormat: KernelFormat
    public let destinationBytesPerRow: Int
    /// Pixels per row (both sides).
    public let width: Int
    public let rows: Range<Int>

    public init(
        source: UnsafeRawPointer, _ sourceFormat: KernelFormat, bytesPerRow sourceBytesPerRow: Int,
        destination: UnsafeMutableRawPointer?, _ destinationFormat: KernelFormat,
        bytesPerRow destinationBytesPerRow: Int,
        width: Int, rows: Range<Int>
    ) {
        self.source = source
        self.sourceFormat = sourceFormat
        self.sourceBytesPerRow = sourceBytesPerRow
        self.destination = destination
        self.destinationFormat = destinationFormat
        self.destinationBytesPerRow = destinationBytesPerRow
        self.width = width
        self.rows = rows
    }
}
