import CVDKernelInterface

/// The per-pixel work of every kernel: decode, matrix (plus a correction on one side of a
/// plane), encode. Loops copy the coefficients into a local so they stay in registers.
extension PixelCoefficients {
    /// Gamma-encoded R′, G′, B′ as levels in 0…255 (fractional allowed) → output levels.
    /// `V` selects linear light or gamma space, one matrix or a corrected one, at compile
    /// time. Linear light is in `TransferMath`'s units; a colour matrix does not mind.
    ///
    /// `@_transparent` rather than `@inline(__always)`: with several call sites in one
    /// function (the Y′CbCr loop has three) the latter was not always honoured, and an
    /// out-of-line call stops the loop vectorising; `@_transparent` was also faster on the
    /// loops that did inline.
    @_transparent
    func map<V: MathVariant>(_: V.Type, _ rc: Float, _ gc: Float, _ bc: Float) -> (r: UInt32, g: UInt32, b: UInt32) {
        if V.identity {
            // Normal vision: decoding to linear light and encoding again gives the input back.
            return (TransferMath.rounded(rc), TransferMath.rounded(gc), TransferMath.rounded(bc))
        }
        let r = V.linearLight ? TransferMath.decode(rc) : rc
        let g = V.linearLight ? TransferMath.decode(gc) : gc
        let b = V.linearLight ? TransferMath.decode(bc) : bc
        var ro = dot(a0, a1, a2, r, g, b)
        var go = dot(a3, a4, a5, r, g, b)
        var bo = dot(a6, a7, a8, r, g, b)
        if V.halfPlanes {
            // t2 on the negative side of the plane, as t1 + v·nᵀ (CVDCore's `PixelMath.rankOneDifference`);
            // branch-free, as noise would mispredict a branch on every other pixel.
            let side = min(dot(n0, n1, n2, r, g, b), 0)
            ro = TransferMath.fma(v0, side, ro)
            go = TransferMath.fma(v1, side, go)
            bo = TransferMath.fma(v2, side, bo)
        }
        if V.linearLight {
            // Viénot protan/deutan put every colour on R = G, achromatopsia on R = G = B:
            // encode such shared channels once.
            let r8 = TransferMath.encode(ro)
            let g8 = V.sharedChannels >= 2 ? r8 : TransferMath.encode(go)
            let b8 = V.sharedChannels >= 3 ? r8 : TransferMath.encode(bo)
            return (r8, g8, b8)
        }
        return (TransferMath.level(ro), TransferMath.level(go), TransferMath.level(bo))
    }
}

/// x·r + y·g + z·b as one multiply and two fused multiply-adds.
@inline(__always)
private func dot(_ x: Float, _ y: Float, _ z: Float, _ r: Float, _ g: Float, _ b: Float) -> Float {
    TransferMath.fma(z, b, TransferMath.fma(y, g, x * r))
}

/// Which kind of transform a loop is specialised for. A variant states only where it differs
/// from the common case: a matrix in linear light, three independent rows.
protocol MathVariant {
    /// The identity: no matrix, no transfer functions.
    static var identity: Bool { get }
    /// The matrix applies to linear light (decoded first, encoded after); false: to the levels.
    static var linearLight: Bool { get }
    /// Brettel 1997's two half-plane matrices rather than one.
    static var halfPlanes: Bool { get }
    /// 1: three independent rows; 2: R and G rows equal; 3: all rows equal.
    static var sharedChannels: Int { get }
}
extension MathVariant {
    static var identity: Bool { false }
    static var linearLight: Bool { true }
    static var halfPlanes: Bool { false }
    static var sharedChannels: Int { 1 }
}
enum Identity: MathVariant {
    static var identity: Bool { true }
    static var linearLight: Bool { false }
}
enum LinearMatrix: MathVariant {}
enum LinearRGEqual: MathVariant { static var sharedChannels: Int { 2 } }
enum LinearGrey: MathVariant { static var sharedChannels: Int { 3 } }
enum LinearHalfPlanes: MathVariant { static var halfPlanes: Bool { true } }
enum GammaMatrix: MathVariant { static var linearLight: Bool { false } }
