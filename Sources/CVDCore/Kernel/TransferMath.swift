/// The sRGB transfer functions as branch-free arithmetic that LLVM vectorises:
/// no table lookups (they stop the loop vectoriser) and no `squareRoot()` (it does too).
///
/// Fitted here to the exact curves of `SRGB` (MODELS.md §1), with maximum errors
/// measured over the whole range: decode 0.013 output levels, encode 0.15 levels (in
/// float32, dense sampling of 0…1). Together with float32 rounding the kernels land
/// within ±1 level of the float64 reference everywhere (the tests check every vector).
enum TransferMath {
    /// Gamma-encoded value → linear light. `x` may overshoot 0…1 (Y′CbCr decoding); it is clamped.
    @inline(__always)
    static func decode(_ x: Float) -> Float {
        decodeInRange(min(max(x, 0), 1))
    }

    /// `decode` for values already in 0…1 (8-bit RGB inputs).
    @inline(__always)
    static func decodeInRange(_ c: Float) -> Float {
        // Degree-5 fit of ((c + 0.055) / 1.055)^2.4 on [0.04045, 1], weighted by how far an
        // error moves the re-encoded level.
        var p: Float = 0.0872652398547255
        p = fma(p, c, -0.3073068035254245)
        p = fma(p, c, 0.6670787002339915)
        p = fma(p, c, 0.5194170560070577)
        p = fma(p, c, 0.03274070848034136)
        p = fma(p, c, 0.0009171173434122256)
        return c < 0.04045 ? c * (1 / 12.92) : p
    }

    /// Linear light → 8-bit level (clipped, rounded half up).
    @inline(__always)
    static func encodeLevel(_ l: Float) -> UInt32 {
        let c = min(max(l, 0), 1)
        let u = fourthRoot(c)
        // Degree-3 fit of 255 · (1.055·u^(5/3) − 0.055) (= the sRGB curve at l = u⁴, in
        // levels) on [0.0031308^¼, 1].
        var p: Float = -34.89245686314442
        p = fma(p, u, 242.91066268594238)
        p = fma(p, u, 65.22563630558085)
        p = fma(p, u, -18.298626187428436)
        // p stays within 0…255.03 for u in [0.23, 1], so only the final rounding is needed.
        let f = (c < 0.0031308 ? c * (12.92 * 255) : p) + 12_582_912.0
        return f.bitPattern & 0xFF
    }

    /// A value in 0…1 (clipped) → 8-bit level, 255·s rounded to nearest.
    ///
    /// Adding 1.5·2²³ makes the float's unit in the last place 1, so the addition itself
    /// rounds and the integer sits in the low mantissa bits: no `Int(_:)` (which may trap
    /// and does not vectorise). Exact .5 ties round to even rather than up — a float32
    /// result is never trusted to that last half level anyway (tolerance ±1).
    @inline(__always)
    static func level(_ s: Float) -> UInt32 {
        let f = fma(min(max(s, 0), 1), 255, 12_582_912.0)
        return f.bitPattern & 0xFF
    }

    /// x^¼ for x in [0.0031308, 1] (other x ≥ 0 give a value that is not used: at most
    /// infinite or NaN, never a trap). An initial guess y of x^−¼ from the float's bits
    /// (3.2 % off at worst) is corrected in one step: with r = x·y⁴ ∈ [0.878, 1.128],
    /// x^¼ = x·y³·r^−¾, and r^−¾ is a quadratic fit there (2.9·10⁻⁴ relative).
    @inline(__always)
    static func fourthRoot(_ x: Float) -> Float {
        let y = Float(bitPattern: 0x4F58_4000 &- (x.bitPattern &>> 2))
        let y2 = y * y
        let r = x * (y2 * y2)
        let correction = fma(fma(0.6578741309355364, r, -2.0727403586897117), r, 2.4148818956309075)
        return x * (y2 * y) * correction
    }

    /// a·b + c in one rounding: one instruction where the CPU has FMA (LLVM does not
    /// contract `a * b + c` by itself), and it vectorises like any other arithmetic.
    @inline(__always)
    static func fma(_ a: Float, _ b: Float, _ c: Float) -> Float {
        c.addingProduct(a, b)
    }
}
