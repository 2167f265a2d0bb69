#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour in CIE 1976 L*a*b* (D65 white, the sRGB white point).
public struct CIELab: Equatable, Sendable {
    public var l: Double, a: Double, b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From an sRGB colour: decode (IEC 61966-2-1), linear RGB → XYZ with the sRGB
    /// primaries, XYZ → L*a*b* relative to D65 taken as the matrix's own white (so every
    /// grey has a* = b* = 0 exactly).
    public init(_ c: RGB8) {
        self.init(linear: (SRGB.linear(c.r), SRGB.linear(c.g), SRGB.linear(c.b)))
    }

    /// From linear-light sRGB components (0…1).
    public init(linear c: (Double, Double, Double)) {
        let m = Self.xyz
        let x = m.apply(c)
        let white = m.apply((1, 1, 1))
        func f(_ t: Double) -> Double {
            let d = 6.0 / 29
            return t > d * d * d ? cbrt(t) : t / (3 * d * d) + 4.0 / 29
        }
        let fx = f(x.0 / white.0)
        let fy = f(x.1 / white.1)
        let fz = f(x.2 / white.2)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// Linear sRGB → CIE XYZ (IEC 61966-2-1, D65).
    public static let xyz = Matrix3(
        rows: [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041])
}
