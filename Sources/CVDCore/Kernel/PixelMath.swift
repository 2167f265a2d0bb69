/// The per-pixel work of every kernel: decode, matrix (or one of two, by the side of a
/// plane), encode. Loops copy it into a local so its coefficients stay in registers.
struct PixelMath: Sendable {
    let a0, a1, a2, a3, a4, a5, a6, a7, a8: Float  // t1, or the only matrix
    let b0, b1, b2, b3, b4, b5, b6, b7, b8: Float  // t2 (half-planes only)
    let n0, n1, n2: Float

    init(_ transform: ColorTransform) {
        let t1: Matrix3, t2: Matrix3, n: (Double, Double, Double)
        switch transform {
        case .linear(let m), .gammaSpace(let m): t1 = m; t2 = m; n = (0, 0, 0)
        case .halfPlanes(let x, let y, let p): t1 = x; t2 = y; n = p
        }
        let a = t1.m.map(Float.init), b = t2.m.map(Float.init)
        (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        (b0, b1, b2, b3, b4, b5, b6, b7, b8) = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8])
        (n0, n1, n2) = (Float(n.0), Float(n.1), Float(n.2))
    }

    /// Gamma-encoded R′, G′, B′ in 0…1 (overshoot allowed) → output levels.
    /// `V` selects linear light or gamma space, one matrix or two, at compile time.
    /// `inRange`: the inputs are known to lie in 0…1 (8-bit RGB), so no clamp is needed.
    ///
    /// `@_transparent` rather than `@inline(__always)`: with several call sites in one
    /// function (the Y′CbCr loop has three) the latter was not always honoured, and an
    /// out-of-line call stops the loop vectorising; measured in one run, `@_transparent`
    /// is also 7–11 % faster on the loops that did inline.
    @_transparent
    func map<V: MathVariant>(_: V.Type, _ rIn: Float, _ gIn: Float, _ bIn: Float, inRange: Bool) -> (r: UInt32, g: UInt32, b: UInt32) {
        let rc = inRange ? rIn : min(max(rIn, 0), 1)
        let gc = inRange ? gIn : min(max(gIn, 0), 1)
        let bc = inRange ? bIn : min(max(bIn, 0), 1)
        let r = V.linearLight ? TransferMath.decodeInRange(rc) : rc
        let g = V.linearLight ? TransferMath.decodeInRange(gc) : gc
        let b = V.linearLight ? TransferMath.decodeInRange(bc) : bc
        var ro = dot(a0, a1, a2, r, g, b)
        var go = dot(a3, a4, a5, r, g, b)
        var bo = dot(a6, a7, a8, r, g, b)
        if V.halfPlanes {
            // Branch-free choice (noise would mispredict a branch on every other pixel).
            // Both products are computed before choosing: inside `?:` they would be
            // evaluated conditionally, which LLVM vectorised as masked gathers of the inputs.
            let second = dot(n0, n1, n2, r, g, b) < 0
            let r2 = dot(b0, b1, b2, r, g, b), g2 = dot(b3, b4, b5, r, g, b), b2 = dot(b6, b7, b8, r, g, b)
            ro = second ? r2 : ro
            go = second ? g2 : go
            bo = second ? b2 : bo
        }
        if V.linearLight {
            // Viénot protan/deutan put every colour on R = G, achromatopsia on R = G = B:
            // encode such shared channels once.
            let r8 = TransferMath.encodeLevel(ro)
            let g8 = V.sharedChannels >= 2 ? r8 : TransferMath.encodeLevel(go)
            let b8 = V.sharedChannels >= 3 ? r8 : TransferMath.encodeLevel(bo)
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

/// Which kind of transform a loop is specialised for.
protocol MathVariant {
    static var linearLight: Bool { get }
    static var halfPlanes: Bool { get }
    /// 1: three independent rows; 2: R and G rows equal; 3: all rows equal.
    static var sharedChannels: Int { get }
}
enum LinearMatrix: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 1 } }
enum LinearRGEqual: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 2 } }
enum LinearGrey: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 3 } }
enum LinearHalfPlanes: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { true }; static var sharedChannels: Int { 1 } }
enum GammaMatrix: MathVariant { static var linearLight: Bool { false }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 1 } }
