import CVDKernelInterface

/// Planar 4:2:2 / 4:2:0 Y′CbCr (`YCbCrPlanes`) → packed RGB, computing every pixel.
///
/// Each row goes through in pieces of `piece` pixels: a piece's pairs are packed into a
/// 1 KiB YUYV buffer on the stack (it stays in L1 cache) and run through the level's
/// packed Y′CbCr loop (`KernelEntryPoints.ycbcr`) itself — so planar and packed frames give identical pixels, and the
/// loop LLVM vectorises is the one already measured. A piece starts on an even pixel, so
/// each pair's chroma is inside it (the packed loop reads only a pixel's own pair).
struct PlanarPath {
    static let piece = 512
    let kernels: KernelEntryPoints
    let math: PixelCoefficients
    let coefficients: YCbCrCoefficients
    let planes: YCbCrPlanes
    let destination: UnsafeMutableRawPointer
    let destinationLayout: FrameLayout
    let rows: Range<Int>

    func run() {
        let width = planes.width
        let bpp = destinationLayout.format.bytesPerPixel
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.piece / 2) { buffer in
            let packed = buffer.baseAddress!
            for y in rows {
                let (ys, us, vs) = planes.rows(y)
                let d = destination + y &* destinationLayout.bytesPerRow
                var x = 0
                while x < width {
                    // `validate` made the width even, so every piece holds whole pairs (n ≥ 2).
                    let n = min(Self.piece, width &- x)
                    let pairs = n / 2
                    let c = x / 2
                    for p in 0..<pairs {
                        // Y0 Cb Y1 Cr, little-endian, one 32-bit word per pair.
                        packed[p] =
                            UInt32(ys[x &+ 2 &* p]) | UInt32(us[c &+ p]) &<< 8
                            | UInt32(ys[x &+ 2 &* p &+ 1]) &<< 16 | UInt32(vs[c &+ p]) &<< 24
                    }
                    // The piece's destination starts inside the validated row and holds n pixels.
                    kernels.ycbcr(
                        math, coefficients,
                        KernelJob(
                            UnsafeRawPointer(packed), FrameLayout(format: .yuyv, width: n, height: 1),
                            d + x &* bpp,
                            FrameLayout(
                                format: destinationLayout.format, width: n, height: 1,
                                bytesPerRow: destinationLayout.bytesPerRow),
                            rows: 0..<1))
                    x &+= n
                }
            }
        }
    }
}
