#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CIELab {
    /// The sRGB colour of this L*a*b* (the inverse of `init(_: RGB8)`: XYZ relative to the
    /// same white, the inverse of `xyz`, encoded and rounded as `SRGB.level`); nil when it
    /// lies outside sRGB by more than half a level in linear light of any channel.
    public var rgb: RGB8? {
        let m = Self.xyz
        let white = m.apply((1, 1, 1))
        func finv(_ t: Double) -> Double {
            let d = 6.0 / 29
            return t > d ? t * t * t : 3 * d * d * (t - 4.0 / 29)
        }
        let fy = (l + 16) / 116
        let xyz = (white.0 * finv(fy + a / 500), white.1 * finv(fy), white.2 * finv(fy - b / 200))
        let c = Self.linearRGB.apply(xyz)
        let slack = 0.5 / 255
        guard [c.0, c.1, c.2].allSatisfy({ $0 >= -slack && $0 <= 1 + slack }) else { return nil }
        return RGB8(SRGB.level(c.0), SRGB.level(c.1), SRGB.level(c.2))
    }

    /// The same lightness and hue with the chroma lowered (10 % at a time) until the colour
    /// is in sRGB; nil when even grey is not (L* outside 0…100).
    public var nearestInGamut: RGB8? {
        var c = self
        for _ in 0..<40 {
            if let rgb = c.rgb { return rgb }
            c.a *= 0.9
            c.b *= 0.9
        }
        return CIELab(l: l, a: 0, b: 0).rgb
    }

    /// CIE XYZ → linear sRGB (IEC 61966-2-1, D65): the inverse of `xyz`.
    public static let linearRGB = Matrix3(
        rows: [3.2404542, -1.5371385, -0.4985314],
        [-0.9692660, 1.8760108, 0.0415560],
        [0.0556434, -0.2040259, 1.0572252])
}
