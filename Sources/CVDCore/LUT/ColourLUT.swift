/// A simulation as a 3D lookup table: for other programs (OBS's Apply LUT filter, ffmpeg's
/// lut3d, DaVinci Resolve, GIMP) that cannot run cvdcam's kernel. Each node holds the
/// exact (unrounded, float64) simulated R′G′B′ of its grid colour; programs interpolate
/// in between, trilinearly (or tetrahedrally), which is where the error comes from (see
/// docs/virtual-camera-and-luts.md for the measured figures).
public struct ColourLUT: Sendable, Equatable {
    /// Nodes per axis.
    public let size: Int
    /// R′, G′, B′ in 0…1 per node, red fastest, then green, then blue (the .cube order).
    public let values: [Double]

    public init(size: Int, values: [Double]) {
        precondition(
            size >= 2 && values.count == 3 * size * size * size, "a \(size)³ table has \(3 * size * size * size) values"
        )
        self.size = size
        self.values = values
    }

    /// Samples `transform` at the grid colours i/(size − 1).
    public init(_ transform: ColourTransform, size: Int) {
        precondition(size >= 2)
        var v: [Double] = []
        v.reserveCapacity(3 * size * size * size)
        let n = Double(size - 1)
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size {
                    let o = Self.simulate(transform, (Double(r) / n, Double(g) / n, Double(b) / n))
                    v += [o.0, o.1, o.2]
                }
            }
        }
        self.init(size: size, values: v)
    }

    /// The node (r, g, b), each index 0..<size.
    public subscript(r: Int, g: Int, b: Int) -> (Double, Double, Double) {
        let i = 3 * ((b * size + g) * size + r)
        return (values[i], values[i + 1], values[i + 2])
    }

    /// The simulated R′G′B′ of a gamma-encoded colour (0…1), clipped to 0…1 but not
    /// rounded: the reference maths of `ColourTransform.apply` (MODELS.md §1) before its
    /// last step.
    public static func simulate(_ t: ColourTransform, _ c: (Double, Double, Double)) -> (Double, Double, Double) {
        func clip(_ x: Double) -> Double { min(max(x, 0), 1) }
        func enc(_ l: (Double, Double, Double)) -> (Double, Double, Double) {
            (SRGB.encode(clip(l.0)), SRGB.encode(clip(l.1)), SRGB.encode(clip(l.2)))
        }
        switch t {
        case .gammaSpace(let m):
            let o = m.apply(c)
            return (clip(o.0), clip(o.1), clip(o.2))
        case .linear(let m):
            return enc(m.apply((SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2))))
        case .halfPlanes(let t1, let t2, let n):
            let l = (SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2))
            return enc((l.0 * n.0 + l.1 * n.1 + l.2 * n.2 < 0 ? t2 : t1).apply(l))
        }
    }
}
