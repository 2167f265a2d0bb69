/// Y′CbCr → R′G′B′ decode levels in 16.16 fixed point, for one encoding.
///
/// Results are rounded half up and may fall outside 0…255 (−290…550 for every
/// encoding here); `PixelMap`'s decode table clamps them, so no branch is needed.
struct YCbCrDecoder {
    let yOffset: Int32, yMul: Int32, crR: Int32, cbG: Int32, crG: Int32, cbB: Int32

    init(_ e: YCbCrEncoding) {
        let c = e.coefficients
        func q(_ x: Double) -> Int32 { Int32((x * 65536).rounded()) }
        yOffset = Int32(c.yOffset)
        yMul = q(c.yScale)
        crR = q(c.crToR); cbG = q(c.cbToG); crG = q(c.crToG); cbB = q(c.cbToB)
    }

    /// Chroma contributions of one pair, shared by both of its pixels.
    @inline(__always)
    func chroma(cb: UInt8, cr: UInt8) -> (r: Int32, g: Int32, b: Int32) {
        let u = Int32(cb) &- 128, v = Int32(cr) &- 128
        return (crR &* v, 0 &- cbG &* u &- crG &* v, cbB &* u)
    }

    /// R′, G′, B′ levels of one pixel.
    @inline(__always)
    func levels(y: UInt8, _ c: (r: Int32, g: Int32, b: Int32)) -> (Int, Int, Int) {
        let yy = (Int32(y) &- yOffset) &* yMul &+ 32768
        return (Int((yy &+ c.r) >> 16), Int((yy &+ c.g) >> 16), Int((yy &+ c.b) >> 16))
    }
}
