import CVDKernelInterface

/// Packed RGB → packed 4:2:2 (CVDCore's `YCbCrEncoder`), one specialised loop per (source
/// layout, destination layout), pair by pair: per pair two contiguous pixel loads and one
/// 32-bit store (no `x / 2` indexing, no gathers), explicit multiply-adds, integer clipping
/// on the float's bits and rounding by a float addition (`TransferMath.level`).
struct EncoderLoop: RGBLayoutVisitor {
    let k: EncoderCoefficients
    let job: KernelJob

    func visit<S: RGBLayout>(_: S.Type) {
        job.destinationFormat.withYCbCrLayout(Destination<S>(k: k, job: job))
    }

    private struct Destination<S: RGBLayout>: YCbCrLayoutVisitor {
        let k: EncoderCoefficients
        let job: KernelJob

        func visit<D: YCbCrLayout>(_: D.Type) {
            let k = self.k
            let pairs = job.width &>> 1
            let s8 = job.source.assumingMemoryBound(to: UInt8.self)
            guard let destination = job.destination else { return }
            // `YCbCrEncoder.encode` validated both layouts against the buffer sizes (even
            // width, strides): every pixel 2p, 2p + 1 read and every 4-byte pair p written
            // below lies inside its row. Rows of a 4:2:2 destination are whole pairs,
            // written as one unaligned word.
            for y in job.rows {
                let s = s8 + y &* job.sourceBytesPerRow
                let d = destination + y &* job.destinationBytesPerRow
                for p in 0..<pairs {
                    let i = p &* (2 &* S.size)
                    let j = i &+ S.size
                    let r0 = Float(s[i &+ S.r])
                    let g0 = Float(s[i &+ S.g])
                    let b0 = Float(s[i &+ S.b])
                    let r1 = Float(s[j &+ S.r])
                    let g1 = Float(s[j &+ S.g])
                    let b1 = Float(s[j &+ S.b])
                    let y0 = TransferMath.level(
                        TransferMath.fma(k.yB, b0, TransferMath.fma(k.yG, g0, TransferMath.fma(k.yR, r0, k.yOffset))))
                    let y1 = TransferMath.level(
                        TransferMath.fma(k.yB, b1, TransferMath.fma(k.yG, g1, TransferMath.fma(k.yR, r1, k.yOffset))))
                    let r = r0 + r1
                    let g = g0 + g1
                    let b = b0 + b1
                    let cb = TransferMath.level(
                        TransferMath.fma(k.cbB, b, TransferMath.fma(k.cbG, g, TransferMath.fma(k.cbR, r, 128))))
                    let cr = TransferMath.level(
                        TransferMath.fma(k.crB, b, TransferMath.fma(k.crG, g, TransferMath.fma(k.crR, r, 128))))
                    let word =
                        y0 &<< UInt32(8 &* D.y0) | cb &<< UInt32(8 &* D.cb) | y1 &<< UInt32(8 &* D.y1) | cr
                        &<< UInt32(8 &* D.cr)
                    d.storeBytes(of: UInt32(littleEndian: word), toByteOffset: p &* 4, as: UInt32.self)
                }
            }
        }
    }
}
