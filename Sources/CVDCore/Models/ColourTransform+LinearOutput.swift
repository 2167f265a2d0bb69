extension ColourTransform {
    /// The transform's output in float64 linear light, clipped to 0…1 and not quantised:
    /// what the colour measures as (CIELAB, CIEDE2000) before the 8-bit encode that `apply`
    /// adds. Input is gamma-encoded R′, G′, B′ in 0…1 (clipped).
    public func linearOutput(gammaEncoded e: (Double, Double, Double)) -> (Double, Double, Double) {
        let c = (min(max(e.0, 0), 1), min(max(e.1, 0), 1), min(max(e.2, 0), 1))
        func clip(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (min(max(v.0, 0), 1), min(max(v.1, 0), 1), min(max(v.2, 0), 1))
        }
        switch self {
        case .gammaSpace(let m):
            let v = clip(m.apply(c))
            return (SRGB.decode(v.0), SRGB.decode(v.1), SRGB.decode(v.2))
        case .linear(let m):
            return clip(m.apply((SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2))))
        case .halfPlanes(let t1, let t2, let n):
            let l = (SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2))
            let d = l.0 * n.0 + l.1 * n.1 + l.2 * n.2
            return clip((d < 0 ? t2 : t1).apply(l))
        }
    }
}
