/// A von Kries correction in linear light: each channel scaled by its own gain, so that a
/// measured white or grey card reads neutral at its own luminance (Rec.709 Y). Applied
/// before the simulation by folding it into the simulation's matrices
/// (`ColourTransform.balanced`), so it costs nothing per pixel.
///
/// Gains are kept in steps of 1/256 (at most 0.2 % off the measured gain, below half a
/// level anywhere): a card measured again under the same light gives the same value, so
/// the kernels (and their 64 MiB tables) keyed by it are reused, not rebuilt.
public struct WhiteBalance: Hashable, Sendable, CustomStringConvertible {
    /// Each gain × `steps`.
    public let codes: (r: Int, g: Int, b: Int)
    public static let steps = 256
    /// Gains outside this range are refused as "not a white or grey card" (`WhiteCard`).
    public static let gainRange = (1.0 / 3)...3.0

    /// No correction.
    public static let none = WhiteBalance(codes: (steps, steps, steps))

    init(codes: (Int, Int, Int)) { self.codes = codes }

    /// The gains that make a card measuring `card` (linear light, each channel > 0) neutral
    /// at its own luminance: gain_c = Y / c, quantised.
    public init(card: (Double, Double, Double)) {
        let y = Self.luminance(card)
        func code(_ c: Double) -> Int { Int((Double(Self.steps) * y / max(c, 1e-9)).rounded()) }
        self.init(codes: (code(card.0), code(card.1), code(card.2)))
    }

    /// Exact gains (quantised to the same steps), for tests and scripts.
    public init(gains: (Double, Double, Double)) {
        func code(_ g: Double) -> Int { Int((Double(Self.steps) * g).rounded()) }
        self.init(codes: (code(gains.0), code(gains.1), code(gains.2)))
    }

    public var gains: (r: Double, g: Double, b: Double) {
        let s = Double(Self.steps)
        return (Double(codes.r) / s, Double(codes.g) / s, Double(codes.b) / s)
    }

    public var isNone: Bool { self == .none }

    /// diag(gains).
    public var matrix: Matrix3 {
        let g = gains
        return Matrix3([g.r, 0, 0, 0, g.g, 0, 0, 0, g.b])
    }

    /// Rec.709 luminance of linear RGB.
    public static func luminance(_ c: (Double, Double, Double)) -> Double {
        0.2126 * c.0 + 0.7152 * c.1 + 0.0722 * c.2
    }

    /// One 8-bit colour corrected (decode, scale, clip, encode): what normal vision shows
    /// of it once balanced, for probes.
    public func apply(_ c: RGB8) -> RGB8 {
        guard !isNone else { return c }
        let g = gains
        return RGB8(
            SRGB.level(g.r * SRGB.linear(c.r)), SRGB.level(g.g * SRGB.linear(c.g)), SRGB.level(g.b * SRGB.linear(c.b)))
    }

    /// "R ×1.12 G ×0.98 B ×0.87".
    public var description: String {
        let g = gains
        func f(_ x: Double) -> String {
            let hundredths = Int((x * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }
        return "R ×\(f(g.r)) G ×\(f(g.g)) B ×\(f(g.b))"
    }

    public static func == (a: Self, b: Self) -> Bool { a.codes == b.codes }
    public func hash(into h: inout Hasher) {
        h.combine(codes.r)
        h.combine(codes.g)
        h.combine(codes.b)
    }
}
