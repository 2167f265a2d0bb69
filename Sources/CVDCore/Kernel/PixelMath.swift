/// The per-pixel work of every kernel: decode, matrix (plus a correction on one side of a
/// plane), encode. Loops copy it into a local so its coefficients stay in registers.
struct PixelMath: Sendable {
    let a0, a1, a2, a3, a4, a5, a6, a7, a8: Float  // t1, or the only matrix
    let v0, v1, v2: Float  // t2 − t1 = v·nᵀ (half-planes only)
    let n0, n1, n2: Float

    init(_ transform: ColorTransform) {
        let t1: Matrix3, v: (Double, Double, Double), n: (Double, Double, Double)
        switch transform {
        case .linear(let m), .gammaSpace(let m): t1 = m; v = (0, 0, 0); n = (0, 0, 0)
        case .halfPlanes(let x, let y, let p): t1 = x; n = p; v = Self.rankOneDifference(x, y, p)
        }
        let a = t1.m.map(Float.init)
        (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        (v0, v1, v2) = (Float(v.0), Float(v.1), Float(v.2))
        (n0, n1, n2) = (Float(n.0), Float(n.1), Float(n.2))
    }

    /// The column v with t2 − t1 = v·nᵀ. Two half-plane matrices that agree on their
    /// separating plane n·x = 0 (Brettel's do: both half-planes contain the neutral axis,
    /// and the simulated colours meet there) differ only along n, so
    /// `(n·x < 0 ? t2 : t1)·x = t1·x + v·min(n·x, 0)`: one matrix, one dot product and three
    /// multiply-adds instead of two matrices and a choice.
    static func rankOneDifference(_ t1: Matrix3, _ t2: Matrix3, _ n: (Double, Double, Double)) -> (Double, Double, Double) {
        let normal = [n.0, n.1, n.2]
        let nn = normal.reduce(0) { $0 + $1 * $1 }
        let d = (0..<9).map { t2.m[$0] - t1.m[$0] }
        let v = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + d[3 * row + $1] * normal[$1] } / nn }
        let residual = (0..<9).map { i -> Double in abs(d[i] - v[i / 3] * normal[i % 3]) }.max() ?? 0
        let scale = d.map { abs($0) }.max() ?? 0
        precondition(residual <= 1e-9 * max(1, scale),
                     "half-plane matrices must agree on their separating plane (t2 − t1 = v·nᵀ); off by \(residual)")
        return (v[0], v[1], v[2])
    }

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
            // t2 on the negative side of the plane, as t1 + v·nᵀ (see `rankOneDifference`);
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

/// Which kind of transform a loop is specialised for.
protocol MathVariant {
    /// The identity: no matrix, no transfer functions.
    static var identity: Bool { get }
    static var linearLight: Bool { get }
    static var halfPlanes: Bool { get }
    /// 1: three independent rows; 2: R and G rows equal; 3: all rows equal.
    static var sharedChannels: Int { get }
}
extension MathVariant { static var identity: Bool { false } }
enum Identity: MathVariant { static var identity: Bool { true }; static var linearLight: Bool { false }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 1 } }
enum LinearMatrix: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 1 } }
enum LinearRGEqual: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 2 } }
enum LinearGrey: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 3 } }
enum LinearHalfPlanes: MathVariant { static var linearLight: Bool { true }; static var halfPlanes: Bool { true }; static var sharedChannels: Int { 1 } }
enum GammaMatrix: MathVariant { static var linearLight: Bool { false }; static var halfPlanes: Bool { false }; static var sharedChannels: Int { 1 } }
