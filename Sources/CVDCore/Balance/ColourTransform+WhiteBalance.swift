#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ColourTransform {
    /// The transform with a white balance applied to its input first: `M · diag(g)` for
    /// each matrix, so a kernel runs correction and simulation as one matrix (the per-pixel
    /// loops do not change, and the Y′CbCr table is built from the folded matrix).
    ///
    /// - Linear light: exact. For Brettel's half-planes the plane test moves with the
    ///   input, n·(D·x) = (D·n)·x, so the normal becomes D·n (still rank one: t2·D − t1·D = v·(D·n)ᵀ).
    /// - Gamma space (the original iOS matrices): there is no linear light to scale, so the
    ///   gains apply to the gamma-encoded values as g^(1/2.2) — exact for a pure 2.2 power
    ///   curve, within about a level of the linear-light correction for sRGB (tested).
    ///
    /// No clip between correction and simulation: a linear-light scaling followed by the
    /// model, clipped once at the output (MODELS.md §1). Colours the correction pushes past
    /// the cube's edge therefore keep their ratio until the output clip.
    public func balanced(_ balance: WhiteBalance) -> ColourTransform {
        guard !balance.isNone else { return self }
        let d = balance.matrix
        let g = balance.gains
        switch self {
        case .linear(let m):
            return .linear(m.multiplied(by: d))
        case .halfPlanes(let t1, let t2, let n):
            return .halfPlanes(
                t1: t1.multiplied(by: d), t2: t2.multiplied(by: d), normal: (n.0 * g.r, n.1 * g.g, n.2 * g.b))
        case .gammaSpace(let m):
            let e = 1 / 2.2
            return .gammaSpace(m.multiplied(by: Matrix3([pow(g.r, e), 0, 0, 0, pow(g.g, e), 0, 0, 0, pow(g.b, e)])))
        }
    }
}
