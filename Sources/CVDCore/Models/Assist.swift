/// "Assist (experimental)": daltonization by error spreading, the form ChromeOS uses
/// (ash/color_enhancement, after Fidaner, Lin & Ozguven 2005). What the simulated eye
/// loses, `(I − S)·x`, is spread onto the channels it still sees by a fixed matrix C and
/// added back:
///
///     M = I + s·C·(I − S)      in linear light, output clipped by the kernel
///
/// with S the mode's own simulation matrix at its severity (so anomalous modes use the
/// simulation at that severity), s the strength 0…1, and C per deficiency (MODELS.md §10).
/// For Brettel's two half-planes (tritan by default) the assist is piecewise on the same
/// plane, `t_i′ = I + s·C·(I − t_i)`; the result is a `ColorTransform`, so `FrameKernel`
/// runs it at the simulation's speed. A labelled comparison, not a claim that it helps:
/// it raises some contrasts and lowers others.
public enum Assist {
    /// The spreading matrices C (rows R′, G′, B′): the lost channel's error goes to the other two.
    public static let spreading: [Deficiency: Matrix3] = [
        .protan: Matrix3(rows: [0, 0, 0], [0.7, 1, 0], [0.7, 0, 1]),
        .deutan: Matrix3(rows: [1, 0.7, 0], [0, 0, 0], [0, 0.7, 1]),
        .tritan: Matrix3(rows: [1, 0, 0.7], [0, 1, 0.7], [0, 0, 0]),
    ]

    /// Strength used when none is given.
    public static let defaultStrength = 1.0

    /// Whether a mode has an assist: the protan, deutan and tritan modes (not normal
    /// vision, and not achromatopsia, which has no colour channel left to spread onto).
    public static func isAvailable(for mode: VisionMode) -> Bool {
        guard let d = mode.deficiency else { return false }
        return spreading[d] != nil
    }

    /// The assist transform for a simulation at strength `s` (clipped to 0…1). Modes
    /// without an assist give the identity. A gamma-space simulation (the original iOS
    /// matrices) gives a gamma-space assist, the same formula in that model's own space.
    public static func transform(for simulation: Simulation, strength s: Double = defaultStrength) -> ColorTransform {
        guard let d = simulation.mode.deficiency, let c = spreading[d] else { return .identity }
        return transform(simulating: simulation.transform, spreading: c, strength: s)
    }

    /// `I + s·C·(I − S)` applied to each matrix of `simulated`.
    static func transform(simulating simulated: ColorTransform, spreading c: Matrix3, strength: Double)
        -> ColorTransform
    {
        let s = min(max(strength, 0), 1)
        func assist(_ m: Matrix3) -> Matrix3 {
            let lost = Matrix3(zip(Matrix3.identity.m, m.m).map { $0 - $1 }) // I − S
            let spread = c.multiplied(by: lost)
            return Matrix3(zip(Matrix3.identity.m, spread.m).map { $0 + s * $1 })
        }
        switch simulated {
        case .linear(let m): return .linear(assist(m))
        case .gammaSpace(let m): return .gammaSpace(assist(m))
        // t2′ − t1′ = s·C·(t1 − t2) = (−s·C·v)·nᵀ when t2 − t1 = v·nᵀ: still rank one along
        // n, so the kernel's one-matrix-plus-correction form (PixelMath) holds.
        case .halfPlanes(let t1, let t2, let n): return .halfPlanes(t1: assist(t1), t2: assist(t2), normal: n)
        }
    }
}
