import CVDKernelInterface

/// Packed 4:2:2 Y′CbCr (YUYV, UYVY) → packed RGB, computing every pixel.
/// `startYCbCrPath` picks the source layout `S`, `SpecialisedLoop.run(_:into:)` the rest.
struct YCbCrPath<S: YCbCrLayout>: SpecialisedLoop {
    let math: PixelCoefficients
    let coefficients: YCbCrCoefficients
    let job: KernelJob

    func run<V: MathVariant, D: RGBLayout>(_: V.Type, _: D.Type) {
        let m = math
        let k = coefficients
        let width = job.width
        let luma = S.y0
        let chroma = S.cb // offsets inside a pixel's 16-bit word
        guard let destination = job.destination else { return }
        let sStride = job.sourceBytesPerRow
        let dStride = job.destinationBytesPerRow
        // The caller validated both layouts (even width ≥ 2, strides, buffer sizes;
        // `KernelJob`): for x in 1..<width − 1 the words x − 1, x, x + 1 all lie inside the row.
        for y in job.rows {
            let row = job.source + y &* sStride
            let d = destination.assumingMemoryBound(to: UInt8.self) + y &* dStride
            // Whole 16-bit words, so the loads stay contiguous vector loads; the bytes are
            // taken apart with shifts.
            @inline(__always) func word(_ x: Int) -> UInt32 {
                UInt32(UInt16(littleEndian: row.loadUnaligned(fromByteOffset: x &* 2, as: UInt16.self)))
            }
            @inline(__always) func chromaOf(_ w: UInt32) -> UInt32 { (w &>> UInt32(chroma &* 8)) & 0xFF }
            @inline(__always) func pixel(_ x: Int, _ w: UInt32, cb: UInt32, cr: UInt32) {
                let u = Float(cb)
                let v = Float(cr)
                let l = Float((w &>> UInt32(luma &* 8)) & 0xFF)
                // Out-of-gamut samples clamp to the RGB cube here, as any decoder does.
                let r = TransferMath.clip(TransferMath.fma(k.crToR, v, TransferMath.fma(l, k.yScale, k.rOffset)), 255)
                let g = TransferMath.clip(
                    TransferMath.fma(
                        -k.cbToG, u, TransferMath.fma(-k.crToG, v, TransferMath.fma(l, k.yScale, k.gOffset))), 255)
                let b = TransferMath.clip(TransferMath.fma(k.cbToB, u, TransferMath.fma(l, k.yScale, k.bOffset)), 255)
                let px = m.map(V.self, r, g, b)
                D.store(px.r, px.g, px.b, alpha: 255, to: d, at: x)
            }
            let first = word(0)
            pixel(0, first, cb: chromaOf(first), cr: chromaOf(word(1)))
            for x in 1..<(width &- 1) {
                let w = word(x)
                let own = chromaOf(w)
                let previous = chromaOf(word(x &- 1))
                let next = chromaOf(word(x &+ 1))
                let even = x & 1 == 0
                pixel(x, w, cb: even ? own : previous, cr: even ? next : own)
            }
            let last = width &- 1
            let lw = word(last)
            pixel(last, lw, cb: chromaOf(word(last &- 1)), cr: chromaOf(lw))
        }
    }
}

/// Starts a band of rows: picks the loop for the source's layout.
func startYCbCrPath(_ math: PixelCoefficients, _ coefficients: YCbCrCoefficients, _ job: KernelJob) {
    job.sourceFormat.withYCbCrLayout(YCbCrPathStart(math: math, coefficients: coefficients, job: job))
}

private struct YCbCrPathStart: YCbCrLayoutVisitor {
    let math: PixelCoefficients, coefficients: YCbCrCoefficients, job: KernelJob
    func visit<L: YCbCrLayout>(_: L.Type) {
        YCbCrPath<L>(math: math, coefficients: coefficients, job: job).run(math.variant, into: job.destinationFormat)
    }
}

/// One specialised loop per (variant, source layout, destination layout), one pass per
/// row, pixel by pixel, so LLVM vectorises it like the RGB loop.
///
/// Pixel x's 16-bit word holds its luma and one chroma sample: Cb for even x, Cr for
/// odd x. The other sample sits in the neighbouring word (x + 1 for even x, x − 1 for
/// odd x). Reading both neighbours — contiguous, affine loads — and choosing by parity
/// (a fixed alternating pattern across vector lanes) avoids the x / 2 indexing that
/// would otherwise need gathers, and the buffers a separate unpack pass needs.
/// The first and last pixel of a row have only one neighbour and are done on their own.
