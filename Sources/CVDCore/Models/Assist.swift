import CVDSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "Assist (experimental)": daltonization that puts what the simulated eye loses back where it
/// still sees (MODELS.md §10). For each matrix m of the mode's own simulation (so anomalous
/// modes use the simulation at their severity):
///
///     ℓᵀ = pᵀ(I − m)                 how much of x the eye loses, measured along the confusion axis c
///     κ  = clamp(ℓᵀc, 0, 1)          the share of that axis m loses (1: dichromat)
///     u  = κ^g·r + h(κ)·q            where it goes back: r for a dichromat, q on top for an anomalous eye
///     M  = I + s·u·ℓᵀ                in linear light, output clipped by the kernel
///
/// with p = c/(c·c), h(κ) = (κ/κ*)^f·((1 − κ)/(1 − κ*))^e peaking at κ* = f/(e + f), and s the
/// strength 0…1. This is the ChromeOS form `I + s·C·(I − S)` with a rank-one C = u·pᵀ. Greys
/// are unchanged (m keeps them, so ℓᵀ·(1,1,1) = 0). For Brettel's half-planes κ and u come from
/// t1 (t2 sends c to 0 too, so gives the same κ): `t_i′ = I + s·u·pᵀ(I − t_i)`, and
/// `t2′ − t1′ = s·u·pᵀ(t1 − t2) = (−s·u·pᵀv)·nᵀ` stays rank one along n (PixelMath). The result is
/// a `ColourTransform`, so `FrameKernel` runs it at the simulation's speed.
///
/// It does not help everywhere: `helps(for:strength:)` says where it meets MODELS.md §10's
/// criterion (`AssistCriterion`), and the view says so on screen where it does not.
public enum Assist {
    /// One deficiency's constants (MODELS.md §10), all in linear RGB.
    public struct Constants: Sendable {
        /// The confusion axis: the lost cone's LMS axis, `LMS⁻¹·e_k` (Viénot's and Brettel's
        /// matrices send it to 0), scaled to red = 1 (protan, deutan) or blue = 1 (tritan).
        public let c: (Double, Double, Double)
        /// `c / (c·c)`: reads the lost amount along c.
        public let p: (Double, Double, Double)
        /// Where the lost signal goes for a dichromat (κ = 1).
        public let r: (Double, Double, Double)
        /// What an anomalous eye gets on top, weighted h(κ).
        public let q: (Double, Double, Double)
        /// Shape of h(κ) (falls as (1 − κ)^e towards 1, rises as κ^f from 0) and of κ^g on r.
        public let e: Double, f: Double, g: Double
    }

    /// Found by search against the criterion (research notes: assist.py, report.md).
    public static let constants: [Deficiency: Constants] = [
        .protan: Constants(
            c: (1.0, -0.12661173793436487, -0.004512945555859752),
            p: (0.9842026626044483, -0.12461160959197853, -0.004441653032266081),
            r: (-0.186, -0.186, 0.035), q: (0.528, -0.039, -0.595), e: 0.79, f: 1.94, g: 0.76),
        .deutan: Constants(
            c: (1.0, -0.41392741121443993, 0.03158231268053218),
            p: (0.8529997077390261, -0.35307996079108894, 0.026939703486216486),
            r: (-0.081, -0.081, -0.399), q: (0.444, -0.383, -0.490), e: 1.00, f: 1.96, g: 1.82),
        .tritan: Constants(
            c: (0.16830332487705696, -0.16382486730281065, 1.0),
            p: (0.15950433275092413, -0.1552600114479713, 0.9477194396928262),
            r: (-0.050, -0.245, -0.200), q: (0, 0, 0), e: 1, f: 0, g: 0),
    ]

    /// The spreading matrices C = r·pᵀ a dichromat gets (κ = 1; anomalous modes get
    /// `spreading(for:)`). Rows R′, G′, B′.
    public static let spreading: [Deficiency: Matrix3] = constants.mapValues { k in outer(k.r, k.p) }

    /// Strength used when none is given.
    public static let defaultStrength = 1.0

    /// Whether a mode has an assist: the protan, deutan and tritan modes (not normal
    /// vision, and not achromatopsia, which has no colour channel left to move anything to).
    public static func isAvailable(for mode: VisionMode) -> Bool {
        guard let d = mode.deficiency else { return false }
        return constants[d] != nil
    }

    /// The assist transform for a simulation at strength `s` (clipped to 0…1). Modes
    /// without an assist give the identity. A gamma-space simulation (the original iOS
    /// matrices) gives a gamma-space assist, the same formula in that model's own space.
    public static func transform(for simulation: Simulation, strength s: Double = defaultStrength) -> ColourTransform {
        guard let d = simulation.mode.deficiency, let k = constants[d] else { return .identity }
        return transform(simulating: simulation.transform, constants: k, strength: s)
    }

    /// C = u·pᵀ for a simulation (the κ-dependent spreading matrix), or nil without an assist.
    public static func spreading(for simulation: Simulation) -> Matrix3? {
        guard let d = simulation.mode.deficiency, let k = constants[d] else { return nil }
        return outer(direction(k, kappa: kappa(firstMatrix(simulation.transform), k)), k.p)
    }

    /// κ = clamp(pᵀ(I − m)·c, 0, 1).
    public static func kappa(_ m: Matrix3, _ k: Constants) -> Double {
        let l = lost(m, k)
        return min(max(l.0 * k.c.0 + l.1 * k.c.1 + l.2 * k.c.2, 0), 1)
    }

    /// `I + s·u·pᵀ(I − m)` applied to each matrix of `simulated`, κ and u from the first.
    static func transform(simulating simulated: ColourTransform, constants k: Constants, strength: Double)
        -> ColourTransform
    {
        let s = min(max(strength, 0), 1)
        let u = direction(k, kappa: kappa(firstMatrix(simulated), k))
        func assist(_ m: Matrix3) -> Matrix3 {
            let l = lost(m, k)
            let su = (s * u.0, s * u.1, s * u.2)
            return Matrix3(
                rows: [1 + su.0 * l.0, su.0 * l.1, su.0 * l.2],
                [su.1 * l.0, 1 + su.1 * l.1, su.1 * l.2],
                [su.2 * l.0, su.2 * l.1, 1 + su.2 * l.2])
        }
        switch simulated {
        case .linear(let m): return .linear(assist(m))
        case .gammaSpace(let m): return .gammaSpace(assist(m))
        case .halfPlanes(let t1, let t2, let n): return .halfPlanes(t1: assist(t1), t2: assist(t2), normal: n)
        }
    }

    /// u = κ^g·r + h(κ)·q.
    static func direction(_ k: Constants, kappa: Double) -> (Double, Double, Double) {
        let a = pow(kappa, k.g)
        let b = k.q == (0, 0, 0) ? 0 : bump(kappa, e: k.e, f: k.f)
        return (a * k.r.0 + b * k.q.0, a * k.r.1 + b * k.q.1, a * k.r.2 + b * k.q.2)
    }

    /// h(κ) = (κ/κ*)^f·((1 − κ)/(1 − κ*))^e, κ* = f/(e + f): 1 at κ*, 0 at κ = 1 (and at 0 for f > 0).
    static func bump(_ kappa: Double, e: Double, f: Double) -> Double {
        guard f > 0 else { return pow(1 - kappa, e) }
        let peak = f / (e + f)
        return pow(kappa / peak, f) * pow((1 - kappa) / (1 - peak), e)
    }

    /// ℓᵀ = pᵀ(I − m): ℓ_j = Σ_i p_i·(δ_ij − m_ij).
    static func lost(_ m: Matrix3, _ k: Constants) -> (Double, Double, Double) {
        func column(_ j: Int) -> Double {
            k.p.0 * ((j == 0 ? 1 : 0) - m[0, j]) + k.p.1 * ((j == 1 ? 1 : 0) - m[1, j])
                + k.p.2 * ((j == 2 ? 1 : 0) - m[2, j])
        }
        return (column(0), column(1), column(2))
    }

    static func firstMatrix(_ t: ColourTransform) -> Matrix3 {
        switch t {
        case .linear(let m), .gammaSpace(let m): m
        case .halfPlanes(let t1, _, _): t1
        }
    }

    static func outer(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Matrix3 {
        Matrix3(
            rows: [a.0 * b.0, a.0 * b.1, a.0 * b.2], [a.1 * b.0, a.1 * b.1, a.1 * b.2],
            [a.2 * b.0, a.2 * b.1, a.2 * b.2])
    }

    // MARK: - Does it help?

    /// Whether the assist meets MODELS.md §10's criterion for this simulation and strength
    /// (`AssistCriterion.evaluate`, about 2 300 colour pairs; remembered per simulation and
    /// strength). Where it does not, the assist view says "assist does not help for this mode".
    public static func helps(for simulation: Simulation, strength: Double = defaultStrength) -> Bool {
        guard isAvailable(for: simulation.mode), simulation.severity > 0 else { return false }
        let key = HelpsKey(simulation: simulation, strength: min(max(strength, 0), 1))
        if let known = helpsCache.withLock({ $0[key] }) { return known }
        let answer = AssistCriterion.evaluate(simulation, strength: key.strength).helps
        helpsCache.withLock { $0[key] = answer }
        return answer
    }

    struct HelpsKey: Hashable, Sendable {
        let simulation: Simulation
        let strength: Double
    }

    private static let helpsCache = Locked<[HelpsKey: Bool]>([:])
}
