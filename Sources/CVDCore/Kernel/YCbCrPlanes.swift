import CVDKernelInterface

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

    /// The planes of a planar frame (`FrameLayout.planes`) in `bytes`, which must hold
    /// `layout.minimumByteCount` bytes (nil otherwise, or for a packed format).
    public init?(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        guard layout.format.isPlanar, let base = bytes.baseAddress, bytes.count >= layout.minimumByteCount else {
            return nil
        }
        let g = layout.planes
        self.init(
            y: base, cb: base + g.cbOffset, cr: base + g.crOffset, yStride: layout.bytesPerRow,
            chromaStride: g.chromaStride, width: layout.width, height: layout.height,
            subsampling: layout.format == .i420 ? .s420 : .s422)
    }

    /// The part of the planes from (x, y), `width` × `height` (x even; for 4:2:0 an odd y is
    /// taken down to the even row before it, and the part a row taller): pointers moved,
    /// nothing copied. The part must lie inside the planes.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> YCbCrPlanes {
        let top = subsampling == .s420 ? y & ~1 : y
        let c = (top / subsampling.rowsPerChromaRow) * chromaStride + x / 2
        return YCbCrPlanes(
            y: self.y + top * yStride + x, cb: cb + c, cr: cr + c, yStride: yStride, chromaStride: chromaStride,
            width: w, height: h + (y - top), subsampling: subsampling)
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

extension YCbCrPlanes {
    /// Packs the planes into YUYV at `destination`, `bytesPerRow` apart (the level's own
    /// loop): for what reads only packed frames. The destination must hold `height` rows
    /// of `width` × 2 bytes.
    public func packYUYV(into destination: UnsafeMutableRawPointer, bytesPerRow: Int) {
        KernelLevel.active.entryPoints.planesToYUYV(
            PlanarFrame(self), destination.assumingMemoryBound(to: UInt8.self), bytesPerRow)
    }
}

extension PlanarFrame {
    /// A JPEG decoder's planes (`JPEGDecoder.decodePlanes`, `JPEGStripDecoder`) or a planar
    /// frame's: Cb and Cr separate, one byte between chroma neighbours.
    public init(_ p: YCbCrPlanes) {
        self.init(
            y: p.y.assumingMemoryBound(to: UInt8.self), yStride: p.yStride,
            cb: p.cb.assumingMemoryBound(to: UInt8.self), cr: p.cr.assumingMemoryBound(to: UInt8.self),
            chromaStride: p.chromaStride, chromaStep: 1, chromaRows: p.subsampling.rowsPerChromaRow,
            width: p.width, height: p.height)
    }
}
