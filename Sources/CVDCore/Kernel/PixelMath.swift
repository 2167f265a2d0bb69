import CVDKernelInterface

/// A `ColourTransform` as the kernels apply it (`PixelCoefficients`): float32 coefficients
/// and the variant whose loop is compiled for its shape.
enum PixelMath {
    static func coefficients(_ transform: ColourTransform) -> PixelCoefficients {
        let t1: Matrix3
        let v: (Double, Double, Double)
        let n: (Double, Double, Double)
        switch transform {
        case .linear(let m), .gammaSpace(let m):
            t1 = m
            v = (0, 0, 0)
            n = (0, 0, 0)
        case .halfPlanes(let x, let y, let p):
            t1 = x
            n = p
            v = rankOneDifference(x, y, p)
        }
        return PixelCoefficients(
            variant: variant(transform), matrix: t1.m.map(Float.init),
            v: (Float(v.0), Float(v.1), Float(v.2)), n: (Float(n.0), Float(n.1), Float(n.2)))
    }

    static func variant(_ transform: ColourTransform) -> KernelVariant {
        if transform.isIdentity { return .identity }
        switch transform {
        case .linear(let m) where m.rowsEqual(0, 1) && m.rowsEqual(1, 2): return .linearGrey
        case .linear(let m) where m.rowsEqual(0, 1): return .linearRGEqual
        case .linear: return .linearMatrix
        case .halfPlanes: return .linearHalfPlanes
        case .gammaSpace: return .gammaMatrix
        }
    }

    /// The column v with t2 − t1 = v·nᵀ. Two half-plane matrices that agree on their
    /// separating plane n·x = 0 (Brettel's do: both half-planes contain the neutral axis,
    /// and the simulated colours meet there) differ only along n, so
    /// `(n·x < 0 ? t2 : t1)·x = t1·x + v·min(n·x, 0)`: one matrix, one dot product and three
    /// multiply-adds instead of two matrices and a choice.
    static func rankOneDifference(_ t1: Matrix3, _ t2: Matrix3, _ n: (Double, Double, Double)) -> (
        Double, Double, Double
    ) {
        let normal = [n.0, n.1, n.2]
        let nn = normal.reduce(0) { $0 + $1 * $1 }
        let d = (0..<9).map { t2.m[$0] - t1.m[$0] }
        let v = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + d[3 * row + $1] * normal[$1] } / nn }
        let residual = (0..<9).map { i -> Double in abs(d[i] - v[i / 3] * normal[i % 3]) }.max() ?? 0
        let scale = d.map { abs($0) }.max() ?? 0
        precondition(
            residual <= 1e-9 * max(1, scale),
            "half-plane matrices must agree on their separating plane (t2 − t1 = v·nᵀ); off by \(residual)")
        return (v[0], v[1], v[2])
    }
}

extension Matrix3 {
    /// Rows equal to well below float precision (Viénot's R and G rows differ in the 16th digit).
    func rowsEqual(_ a: Int, _ b: Int) -> Bool {
        (0..<3).allSatisfy { abs(self[a, $0] - self[b, $0]) < 1e-12 }
    }
}
