/// A camera frame in planes (Y, then Cb and Cr at half width, as NV12's interleaved CbCr
/// plane or JPEG's separate planes), for repacking to YUYV. The caller (CVDCapture) has
/// checked the buffers hold every row described and keeps them alive for the call.
public struct PlanarFrame {
    public let y: UnsafePointer<UInt8>
    public let yStride: Int
    /// First Cb and Cr sample; `chromaStep` bytes between neighbours (2 for NV12's
    /// interleaved plane, 1 for separate planes).
    public let cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>
    public let chromaStride: Int, chromaStep: Int
    /// Luma rows per chroma row: 1 for 4:2:2, 2 for 4:2:0.
    public let chromaRows: Int
    public let width: Int, height: Int

    public init(
        y: UnsafePointer<UInt8>, yStride: Int, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
        chromaStride: Int, chromaStep: Int, chromaRows: Int, width: Int, height: Int
    ) {
        self.y = y
        self.yStride = yStride
        self.cb = cb
        self.cr = cr
        self.chromaStride = chromaStride
        self.chromaStep = chromaStep
        self.chromaRows = chromaRows
        self.width = width
        self.height = height
    }
}
