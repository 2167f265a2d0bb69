/// Planar 8-bit Y′CbCr as a JPEG decoder delivers it: a luma plane and two chroma planes
/// of half the width, one chroma row per luma row (4:2:2) or per two (4:2:0). The
/// planes may lie anywhere; strides are in bytes.
///
/// `FrameKernel.apply(planes:…)` reads them straight, without packing them to YUYV first.
public struct YCbCrPlanes: @unchecked Sendable { // plain pointers, read only; the caller keeps them alive
    public enum Subsampling: Sendable, Equatable {
        case s422, s420
        /// Luma rows per chroma row.
        public var rowsPerChromaRow: Int { self == .s422 ? 1 : 2 }
    }

    public let y: UnsafeRawPointer
    public let cb: UnsafeRawPointer
    public let cr: UnsafeRawPointer
    public let yStride: Int
    public let chromaStride: Int
    public let width: Int
    public let height: Int
    public let subsampling: Subsampling

    public init(
        y: UnsafeRawPointer, cb: UnsafeRawPointer, cr: UnsafeRawPointer, yStride: Int, chromaStride: Int,
        width: Int, height: Int, subsampling: Subsampling
    ) {
        (self.y, self.cb, self.cr) = (y, cb, cr)
        (self.yStride, self.chromaStride) = (yStride, chromaStride)
        (self.width, self.height, self.subsampling) = (width, height, subsampling)
    }

    /// Chroma rows the planes need.
    public var chromaRows: Int { (height + subsampling.rowsPerChromaRow - 1) / subsampling.rowsPerChromaRow }

    /// Checks the sizes: an even width of at least 2 (whole pairs), strides that hold a row.
    public func validate() throws(FrameError) {
        guard width > 0, height > 0 else { throw .emptyFrame(width: width, height: height) }
        guard width % 2 == 0 else { throw .oddWidthFor422(width) }
        guard yStride >= width else { throw .strideTooSmall(bytesPerRow: yStride, needed: width) }
        guard chromaStride >= width / 2 else { throw .strideTooSmall(bytesPerRow: chromaStride, needed: width / 2) }
    }

    /// The luma row `row` and the chroma rows that serve it.
    @inline(__always)
    func rows(_ row: Int) -> (y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>) {
        let c = (row / subsampling.rowsPerChromaRow) &* chromaStride
        return (
            (y + row &* yStride).assumingMemoryBound(to: UInt8.self),
            (cb + c).assumingMemoryBound(to: UInt8.self), (cr + c).assumingMemoryBound(to: UInt8.self)
        )
    }
}
