#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A simulation reduced to what a kernel executes.
public enum ColourTransform: Hashable, Sendable {
    /// `rgb_out = M · rgb` in linear light.
    case linear(Matrix3)
    /// `rgb_out = (dot(rgb, n) < 0 ? t2 : t1) · rgb` in linear light (ties go to `t1`).
    case halfPlanes(t1: Matrix3, t2: Matrix3, normal: (Double, Double, Double))
    /// `rgb_out = M · rgb` on gamma-encoded values, no linearisation.
    case gammaSpace(Matrix3)

    public static let identity = ColourTransform.linear(.identity)

    /// Blends with the identity: `s·out + (1−s)·in`, in the transform's own space.
    public func blended(severity s: Double) -> ColourTransform {
        switch self {
        case .linear(let m): .linear(.lerp(.identity, m, s))
        case .gammaSpace(let m): .gammaSpace(.lerp(.identity, m, s))
        case .halfPlanes(let t1, let t2, let n):
            .halfPlanes(t1: .lerp(.identity, t1, s), t2: .lerp(.identity, t2, s), normal: n)
        }
    }

    /// Whether every colour maps to itself (normal vision, in either space).
    public var isIdentity: Bool {
        switch self {
        case .linear(let m), .gammaSpace(let m): m == .identity
        case .halfPlanes: false
        }
    }

    /// Whether the matrices work on linear light (sRGB decode before, encode after).
    public var isLinearLight: Bool {
        if case .gammaSpace = self { return false }
        return true
    }

    /// Applies the transform to one colour in double precision: the reference the
    /// frame kernels are tested against (MODELS.md §1: decode, apply, clip, encode, round half up).
    public func apply(_ c: RGB8) -> RGB8 {
        apply(gammaEncoded: (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255))
    }

    /// The same for a colour given as gamma-encoded R′, G′, B′ in 0…1 (clipped), such as a
    /// Y′CbCr sample decodes to before any rounding.
    public func apply(gammaEncoded e: (Double, Double, Double)) -> RGB8 {
        let c = (min(max(e.0, 0), 1), min(max(e.1, 0), 1), min(max(e.2, 0), 1))
        switch self {
        case .gammaSpace(let m):
            let v = m.apply((c.0 * 255, c.1 * 255, c.2 * 255))
            // The matrices are decimal (0.7, 0.375, …) and MODELS.md §7 rounds their exact
            // products half up; binary doubles land a hair below some exact halves
            // (0.7 × 255 = 178.4999…), so nudge by far less than any real difference.
            func q(_ x: Double) -> UInt8 { UInt8(min(max(floor(x + 0.5 + 1e-9), 0), 255)) }
            return RGB8(q(v.0), q(v.1), q(v.2))
        case .linear(let m):
            return Self.encode(m.apply(Self.decode(c)))
        case .halfPlanes(let t1, let t2, let n):
            let l = Self.decode(c)
            let d = l.0 * n.0 + l.1 * n.1 + l.2 * n.2
            return Self.encode((d < 0 ? t2 : t1).apply(l))
        }
    }

    private static func decode(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
        (SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2))
    }

    private static func encode(_ l: (Double, Double, Double)) -> RGB8 {
        RGB8(SRGB.level(l.0), SRGB.level(l.1), SRGB.level(l.2))
    }

    public static func == (a: ColourTransform, b: ColourTransform) -> Bool {
        switch (a, b) {
        case (.linear(let x), .linear(let y)), (.gammaSpace(let x), .gammaSpace(let y)): x == y
        case (.halfPlanes(let a1, let a2, let an), .halfPlanes(let b1, let b2, let bn)):
            a1 == b1 && a2 == b2 && an == bn
        default: false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .linear(let m):
            h.combine(0)
            h.combine(m)
        case .gammaSpace(let m):
            h.combine(1)
            h.combine(m)
        case .halfPlanes(let t1, let t2, let n):
            h.combine(2)
            h.combine(t1)
            h.combine(t2)
            h.combine(n.0)
            h.combine(n.1)
            h.combine(n.2)
        }
    }
}
