#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sRGB transfer function (IEC 61966-2-1) and the rounding rule of MODELS.md §1.
public enum SRGB {
    /// Gamma-encoded value in 0…1 → linear light.
    public static func decode(_ x: Double) -> Double {
        x < 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }

    /// Linear light → gamma-encoded value (not clipped).
    public static func encode(_ l: Double) -> Double {
        l < 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// An 8-bit level → linear light.
    public static func linear(_ level: UInt8) -> Double { decode(Double(level) / 255) }

    /// Linear light → 8-bit level: clip to 0…1, encode, `floor(255·s + 0.5)` (round half up).
    public static func level(_ linear: Double) -> UInt8 {
        UInt8(quantize(encode(min(max(linear, 0), 1))))
    }

    /// A gamma-encoded value in 0…1 → 8-bit level, clipped and rounded half up.
    public static func quantize(_ s: Double) -> Int {
        Int(floor(255 * min(max(s, 0), 1) + 0.5))
    }
}
