import CVDCore
import CVDKernelInterface

/// Repacking a camera's planes to YUYV, through the active instruction-set level's loop
/// (`KernelEntryPoints.planesToYUYV`, in CVDKernels).
enum Repack {
    /// Y, Cb and Cr planes (`chromaStep` bytes between chroma neighbours, `chromaRows` luma
    /// rows per chroma row) → YUYV rows of `outStride` bytes at `out`. The caller has checked
    /// that the planes hold every row described and that `out` holds `height` rows.
    static func planesToYUYV(y: UnsafePointer<UInt8>, yStride: Int, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                             chromaStride: Int, chromaStep: Int, chromaRows: Int, width: Int, height: Int,
                             to out: UnsafeMutablePointer<UInt8>, outStride: Int) {
        let planes = PlanarFrame(y: y, yStride: yStride, cb: cb, cr: cr, chromaStride: chromaStride, chromaStep: chromaStep,
                                 chromaRows: chromaRows, width: width, height: height)
        KernelLevel.active.entryPoints.planesToYUYV(planes, out, outStride)
    }
}
