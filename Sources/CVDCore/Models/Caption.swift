/// A plain-words caption per vision mode for a class: what it is and how common it is,
/// e.g. "Deuteranomaly — the green-sensitive cones respond more like the red ones. About
/// 5 in 100 men and 4 in 1,000 women of European descent." Figures from `Prevalence`.
public enum Caption {
    /// The whole caption: what it is, then how common.
    public static func text(for mode: VisionMode) -> String {
        "\(mode.displayName) — \(whatItIs(mode)) \(howCommon(mode))"
    }

    /// What the mode is, in plain words (one sentence, ending in a full stop).
    public static func whatItIs(_ mode: VisionMode) -> String {
        switch mode {
        case .normal: "all three kinds of cone work as usual."
        case .protanopia: "the red-sensitive cones are missing, so reds look dark and mix up with greens and browns."
        case .deuteranopia: "the green-sensitive cones are missing, so reds, greens and browns mix up."
        case .tritanopia: "the blue-sensitive cones are missing, so blues mix up with greens, and yellows with pinks."
        case .protanomaly: "the red-sensitive cones respond more like the green ones, so reds look weaker and darker."
        case .deuteranomaly: "the green-sensitive cones respond more like the red ones."
        case .tritanomaly: "the blue-sensitive cones respond weakly, so blues and greens are hard to tell apart."
        case .achromatopsia: "no working cones at all: everything is seen in shades of grey, and bright light dazzles."
        }
    }

    /// How common it is, in words (one or two sentences).
    public static func howCommon(_ mode: VisionMode) -> String {
        let p = Prevalence.of(mode)
        switch mode {
        case .normal:
            return
                "About \(ratio(p.menPercent ?? 0)) men and more than 99 in 100 women of European descent see colours like this."
        case .tritanopia:
            return "Rare and poorly counted: roughly 1 in 65,000 to 1 in 13,000 people, women as often as men."
        case .tritanomaly:
            return "Rare, and too seldom diagnosed for a reliable count."
        case .achromatopsia:
            return "About 1 in 30,000 people."
        default:
            return "About \(ratio(p.menPercent ?? 0)) men and \(ratio(p.womenPercent ?? 0)) women of \(p.population)."
        }
    }

    /// A percentage as "N in 100", "N in 1,000" or "N in 10,000", the smallest base that
    /// gives a whole number of at least 1 (4.63 → "5 in 100", 0.36 → "4 in 1,000").
    static func ratio(_ percent: Double) -> String {
        for (base, label) in [(100.0, "100"), (1_000, "1,000"), (10_000, "10,000")] {
            let n = (percent / 100 * base).rounded()
            if n >= 1 || base == 10_000 { return "\(Int(max(n, 1))) in \(label)" }
        }
        return "1 in 10,000"
    }
}
