/// Packed RGB → packed 4:2:2 Y′CbCr (YUYV, UYVY), as a webcam sends it: each pixel its own
/// luma, each pair of pixels one chroma sample, the mean of the pair's chroma. What a
/// virtual camera writes (V4L2 output devices and the programs reading them expect YUYV).
///
/// Vectorised like the other kernels: one loop per (source layout, destination layout),
/// specialised through generics; per pair two contiguous pixel loads and one 32-bit store
/// (no `x / 2` indexing, no gathers); explicit multiply-adds (`TransferMath.fma`); integer
/// clipping on the float's bits and rounding by a float addition (`TransferMath.level`).
public enum YCbCrEncoder {
    /// Encodes `source` (any packed RGB format; alpha is ignored) into `destination` (YUYV
    /// or UYVY). Both must have the same width (even) and height; any row strides.
    public static func encode(source: UnsafeRawBufferPointer, _ sl: FrameLayout,
                              destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
                              encoding: YCbCrEncoding = .bt601Limited) throws(FrameError) {
        try sl.validate()
        try dl.validate()
        guard sl.format.rgbOffsets != nil else { throw .unsupportedSource(sl.format) }
        guard dl.format.isYCbCr else { throw .not422Destination(dl.format) }
        guard sl.width == dl.width, sl.height == dl.height else {
            throw .sizeMismatch(source: sl.description, destination: dl.description)
        }
        guard source.count >= sl.minimumByteCount else { throw .bufferTooSmall(have: source.count, need: sl.minimumByteCount) }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        guard let s = source.baseAddress, let d = destination.baseAddress else { return }
        let pass = EncoderPass(k: Coefficients(encoding), source: s, sl: sl, destination: d, dl: dl)
        sl.format.withRGBLayout(SourceStep(pass: pass))
    }

    /// The forward matrix in 8-bit units: Y = yOffset + yR·R′ + yG·G′ + yB·B′ (R′G′B′ as
    /// levels 0…255); Cb = 128 + cbR·(R′₀ + R′₁) + … over a pair's summed R′G′B′ (so the
    /// halving of the mean is folded in), likewise Cr. Chroma is linear in R′G′B′, so the
    /// chroma of the pair's mean colour is the mean of the two chroma values.
    struct Coefficients: Sendable {
        let yOffset, yR, yG, yB: Float
        let cbR, cbG, cbB, crR, crG, crB: Float

        init(_ e: YCbCrEncoding) {
            let kr = e.matrix == .bt601 ? 0.299 : 0.2126, kb = e.matrix == .bt601 ? 0.114 : 0.0722
            let kg = 1 - kr - kb
            let limited = e.range == .limited
            let ys = (limited ? 219.0 : 255.0) / 255, cs = (limited ? 224.0 : 255.0) / 255
            yOffset = limited ? 16 : 0
            yR = Float(kr * ys); yG = Float(kg * ys); yB = Float(kb * ys)
            // Cb = cs·(B′ − Y′)/(2(1 − kb)), Cr = cs·(R′ − Y′)/(2(1 − kr)); halved for the pair sum.
            let pb = cs / (2 * (1 - kb)) / 2, pr = cs / (2 * (1 - kr)) / 2
            cbR = Float(-kr * pb); cbG = Float(-kg * pb); cbB = Float((1 - kb) * pb)
            crR = Float((1 - kr) * pr); crG = Float(-kg * pr); crB = Float(-kb * pr)
        }
    }

    private struct SourceStep: RGBLayoutVisitor {
        let pass: EncoderPass
        func visit<S: RGBLayout>(_: S.Type) { pass.dl.format.withYCbCrLayout(DestinationStep<S>(pass: pass)) }
    }

    private struct DestinationStep<S: RGBLayout>: YCbCrLayoutVisitor {
        let pass: EncoderPass
        func visit<D: YCbCrLayout>(_: D.Type) { pass.loop(S.self, D.self) }
    }
}

/// One frame's encoding; a value, so a frame allocates nothing.
private struct EncoderPass {
    let k: YCbCrEncoder.Coefficients
    let source: UnsafeRawPointer
    let sl: FrameLayout
    let destination: UnsafeMutableRawPointer
    let dl: FrameLayout

    /// One specialised loop per (source layout, destination layout), pair by pair.
    func loop<S: RGBLayout, D: YCbCrLayout>(_: S.Type, _: D.Type) {
        let k = self.k
        let pairs = sl.width &>> 1
        let s8 = source.assumingMemoryBound(to: UInt8.self)
        // `encode` validated both layouts against the buffer sizes (even width, strides):
        // every pixel 2p, 2p + 1 read and every 4-byte pair p written below lies inside its
        // row. Rows of a 4:2:2 destination are whole pairs, written as one unaligned word.
        for y in 0..<sl.height {
            let s = s8 + y &* sl.bytesPerRow
            let d = destination + y &* dl.bytesPerRow
            for p in 0..<pairs {
                let i = p &* (2 &* S.size), j = i &+ S.size
                let r0 = Float(s[i &+ S.r]), g0 = Float(s[i &+ S.g]), b0 = Float(s[i &+ S.b])
                let r1 = Float(s[j &+ S.r]), g1 = Float(s[j &+ S.g]), b1 = Float(s[j &+ S.b])
                let y0 = TransferMath.level(TransferMath.fma(k.yB, b0, TransferMath.fma(k.yG, g0, TransferMath.fma(k.yR, r0, k.yOffset))))
                let y1 = TransferMath.level(TransferMath.fma(k.yB, b1, TransferMath.fma(k.yG, g1, TransferMath.fma(k.yR, r1, k.yOffset))))
                let r = r0 + r1, g = g0 + g1, b = b0 + b1
                let cb = TransferMath.level(TransferMath.fma(k.cbB, b, TransferMath.fma(k.cbG, g, TransferMath.fma(k.cbR, r, 128))))
                let cr = TransferMath.level(TransferMath.fma(k.crB, b, TransferMath.fma(k.crG, g, TransferMath.fma(k.crR, r, 128))))
                let word = y0 &<< UInt32(8 &* D.y0) | cb &<< UInt32(8 &* D.cb) | y1 &<< UInt32(8 &* D.y1) | cr &<< UInt32(8 &* D.cr)
                d.storeBytes(of: UInt32(littleEndian: word), toByteOffset: p &* 4, as: UInt32.self)
            }
        }
    }
}
