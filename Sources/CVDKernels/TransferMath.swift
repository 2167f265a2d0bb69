/// The sRGB transfer functions as branch-free arithmetic that LLVM vectorises:
/// no table lookups (they stop the loop vectoriser, or become gathers that are no faster)
/// and no `squareRoot()` (a libm call on Linux, which does not vectorise).
///
/// Units are chosen so that no value needs rescaling on the way through a kernel:
/// gamma-encoded values are 8-bit levels (0…255, fractional from Y′CbCr), and linear
/// light is scaled by `linearScale` = 12.92 · 255, which makes the sRGB curve's linear
/// segment the identity at both ends (a level c below the knee decodes to c, and encodes
/// back from c). Colour matrices are unchanged by a common scale.
///
/// Fitted here to the exact curves of `SRGB` (MODELS.md §1), with maximum errors
/// measured in float32 over the whole range: decode 0.013 output levels, encode 0.13
/// levels. Together with float32 rounding the kernels land within ±1 level of the
/// float64 reference everywhere (the tests check every vector and random frames).
enum TransferMath {
    /// Linear light 1.0 in the kernels' units.
    static let linearScale: Float = 12.92 * 255

    /// A gamma-encoded level in 0…255 → linear light · `linearScale`.
    @inline(__always)
    static func decode(_ c: Float) -> Float {
        // Degree-5 fit of 12.92·255·((c/255 + 0.055)/1.055)^2.4 on [0.04045·255, 255], weighted
        // by how far an error moves the re-encoded level.
        var p: Float = 2.6670349807339094e-10
        p = fma(p, c, -2.395048771156887e-07)
        p = fma(p, c, 0.00013256003538118167)
        p = fma(p, c, 0.02631535205227451)
        p = fma(p, c, 0.4230793586146444)
        p = fma(p, c, 3.020788068770059)
        return c < 0.04045 * 255 ? c : p
    }

    /// Linear light · `linearScale` → 8-bit level (clipped, rounded).
    @inline(__always)
    static func encode(_ l: Float) -> UInt32 {
        let x = clip(l, linearScale)
        let u = fourthRoot(x)
        // Degree-3 fit of 255·(1.055·(u⁴/linearScale)^(1/2.4) − 0.055) (the sRGB curve at
        // x = u⁴, in levels) on [(0.0031308·linearScale)^¼, linearScale^¼] = [1.79, 7.58].
        var p: Float = -0.08023221371642246
        p = fma(p, u, 4.231909126343677)
        p = fma(p, u, 8.609708775979241)
        p = fma(p, u, -18.29922562025703)
        // p stays within 0…255.07 there, so only the final rounding is needed.
        return rounded(x < 0.0031308 * linearScale ? x : p)
    }

    /// A level (clipped to 0…255) → 8-bit level, rounded to nearest.
    @inline(__always)
    static func level(_ s: Float) -> UInt32 {
        rounded(clip(s, 255))
    }

    /// A value in 0…255.5 → the nearest integer.
    ///
    /// Adding 1.5·2²³ makes the float's unit in the last place 1, so the addition itself
    /// rounds and the integer sits in the low mantissa bits: no `Int(_:)` (which may trap
    /// and does not vectorise). Exact .5 ties round to even rather than up — a float32
    /// result is never trusted to that last half level anyway (tolerance ±1).
    @inline(__always)
    static func rounded(_ s: Float) -> UInt32 {
        (s + 12_582_912.0).bitPattern & 0xFF
    }

    /// x^¼ for x in [0.0031308, 1]·`linearScale` (other x ≥ 0 give a value that is not
    /// used: at most infinite or NaN, never a trap). An initial guess y of x^−¼ from the
    /// float's bits (3.2 % off at worst) is corrected in one step: with s = x·y³ and
    /// r = s·y = x·y⁴ ∈ [0.878, 1.128], x^¼ = s·r^−¾, and r^−¾ is a quadratic fit there
    /// (2.9·10⁻⁴ relative).
    @inline(__always)
    static func fourthRoot(_ x: Float) -> Float {
        let y = Float(bitPattern: 0x4F58_4000 &- (x.bitPattern &>> 2))
        let s = x * (y * y * y)
        let r = s * y
        return s * fma(fma(0.6578736687864273, r, -2.072739401699036), r, 2.4148814024090384)
    }

    /// x clipped to 0…upper (upper > 0), on the float's bits: non-negative floats order
    /// like their bit patterns read as signed integers, and negative ones read as negative
    /// integers. Two integer min/max instructions, which every vector pipe executes, where
    /// `min(max(x, 0), upper)` becomes two compares and two masked moves on the
    /// floating-point pipes that the multiply-adds need.
    @inline(__always)
    static func clip(_ x: Float, _ upper: Float) -> Float {
        let i = min(max(Int32(bitPattern: x.bitPattern), 0), Int32(bitPattern: upper.bitPattern))
        return Float(bitPattern: UInt32(bitPattern: i))
    }

    /// a·b + c in one rounding: one instruction where the CPU has FMA (LLVM does not
    /// contract `a * b + c` by itself), and it vectorises like any other arithmetic.
    /// Builds for CPUs without FMA (Package.swift defines CVDCAM_NO_FMA) multiply and add
    /// instead: there `addingProduct` is a libm call per element, which does not vectorise.
    @inline(__always)
    static func fma(_ a: Float, _ b: Float, _ c: Float) -> Float {
        #if CVDCAM_NO_FMA
            a * b + c
        #else
            c.addingProduct(a, b)
        #endif
    }
}
