/// The confusion map's definition, exact and in float64: pixel colour p is *confusable*
/// with the picked colour c under a simulation when
///
///     ΔE00(sim(p), sim(c)) ≤ 6   (the deficiency makes them look alike)   and
///     ΔE00(p, c) > 12            (in normal vision they are clearly different colours)
///
/// sim(·) is the simulation's float64 output in linear light, clipped, unrounded
/// (`ColourTransform.linearOutput`). `ConfusionMap` evaluates this once per grid cell
/// and looks the answer up per pixel.
public struct ConfusionCriterion: Sendable {
    /// Confusable only if the simulated difference is at most this (ΔE00).
    public static let seenAtMost = 6.0
    /// … and the difference in normal vision is more than this (ΔE00).
    public static let normalMoreThan = 12.0

    public let picked: RGB8
    public let transform: ColourTransform
    private let pickedLab: CIELab
    private let pickedSeenLab: CIELab

    public init(picked: RGB8, transform: ColourTransform) {
        self.picked = picked
        self.transform = transform
        let e = (Double(picked.r) / 255, Double(picked.g) / 255, Double(picked.b) / 255)
        pickedLab = CIELab(picked)
        pickedSeenLab = CIELab(linear: transform.linearOutput(gammaEncoded: e))
    }

    public init(picked: RGB8, simulation: Simulation) {
        self.init(picked: picked, transform: simulation.transform)
    }

    /// Whether an 8-bit colour is confusable with the picked one.
    public func isConfusable(_ p: RGB8) -> Bool {
        isConfusable(gammaEncoded: (Double(p.r) / 255, Double(p.g) / 255, Double(p.b) / 255))
    }

    /// The same for gamma-encoded R′, G′, B′ in 0…1 (clipped), e.g. a grid cell's centre.
    public func isConfusable(gammaEncoded e: (Double, Double, Double)) -> Bool {
        let c = (min(max(e.0, 0), 1), min(max(e.1, 0), 1), min(max(e.2, 0), 1))
        let seen = CIELab(linear: transform.linearOutput(gammaEncoded: c))
        // Cheap exact exits first: ΔE00 ≥ |ΔL′|/S_L always (see `lightnessBound`), and most
        // colours differ from the picked one in lightness by far more than 6.
        if Self.lightnessBound(seen.l, pickedSeenLab.l) > Self.seenAtMost { return false }
        let lab = CIELab(linear: (SRGB.decode(c.0), SRGB.decode(c.1), SRGB.decode(c.2)))
        if CIEDE2000.difference(seen, pickedSeenLab) > Self.seenAtMost { return false }
        if Self.lightnessBound(lab.l, pickedLab.l) > Self.normalMoreThan { return true }
        return CIEDE2000.difference(lab, pickedLab) > Self.normalMoreThan
    }

    /// A lower bound of ΔE00 from lightness alone: |ΔL′|/S_L. CIEDE2000 is
    /// √((ΔL′/S_L)² + x² + y² + R_T·x·y) with |R_T| < 2 (R_T = −sin(2Δθ)·R_C, R_C < 2), and
    /// x² + y² + R_T·x·y ≥ 0 whenever |R_T| ≤ 2, so ΔE00 ≥ |ΔL′|/S_L exactly.
    static func lightnessBound(_ l1: Double, _ l2: Double) -> Double {
        let lBar = (l1 + l2) / 2
        let l50 = (lBar - 50) * (lBar - 50)
        return abs(l1 - l2) / (1 + 0.015 * l50 / (20 + l50).squareRoot())
    }
}
