/// A plain-words caption per vision mode for a class: what it is and how common it is,
/// e.g. "Deuteranomaly — the green-sensitive cones respond more like the red ones. About
/// 5 in 100 men and 4 in 1,000 women of European descent." Figures from `Prevalence`, for
/// the class's `Population`. A `Message`: English on stdout, the window's language on screen.
public enum Caption {
    /// The whole caption: what it is, then how common.
    public static func message(for mode: VisionMode, population: Population = .european) -> Message {
        Message(
            "%s — %s %s", .term(mode.displayName), .term(whatItIs(mode)), .message(howCommon(mode, population)))
    }

    /// The caption in English.
    public static func text(for mode: VisionMode, population: Population = .european) -> String {
        message(for: mode, population: population).english
    }

    /// What the mode is, in plain words (one sentence, ending in a full stop).
    public static func whatItIs(_ mode: VisionMode) -> String {
        switch mode {
        case .normal: N_("all three kinds of cone work as usual.")
        case .protanopia:
            N_("the red-sensitive cones are missing, so reds look dark and mix up with greens and browns.")
        case .deuteranopia: N_("the green-sensitive cones are missing, so reds, greens and browns mix up.")
        case .tritanopia:
            N_("the blue-sensitive cones are missing, so blues mix up with greens, and yellows with pinks.")
        case .protanomaly:
            N_("the red-sensitive cones respond more like the green ones, so reds look weaker and darker.")
        case .deuteranomaly: N_("the green-sensitive cones respond more like the red ones.")
        case .tritanomaly: N_("the blue-sensitive cones respond weakly, so blues and greens are hard to tell apart.")
        case .achromatopsia:
            N_("no working cones at all: everything is seen in shades of grey, and bright light dazzles.")
        }
    }

    /// How common it is, in words (one or two sentences), for `population`.
    public static func howCommon(_ mode: VisionMode, _ population: Population = .european) -> Message {
        let p = Prevalence.of(mode, population)
        switch (mode, population) {
        case (.tritanopia, _):
            return Message("Rare and poorly counted: roughly 1 in 65,000 to 1 in 13,000 people, women as often as men.")
        case (.tritanomaly, _):
            return Message("Rare, and too seldom diagnosed for a reliable count.")
        case (.achromatopsia, _):
            return Message("About 1 in 30,000 people.")
        case (.normal, .european):
            return Message(
                "About %s men and more than 99 in 100 women of %s see colours like this.",
                .message(ratio(p.menPercent ?? 0)), .term(population.label))
        case (.normal, .eastAsian):
            return Message(
                "About 93 to 96 in 100 men of %s see colours like this (Birch 2012); the surveys give no figure for women.",
                .term(population.label))
        case (_, .european):
            return Message(
                "About %s men and %s women of %s.", .message(ratio(p.menPercent ?? 0)),
                .message(ratio(p.womenPercent ?? 0)), .term(population.label))
        case (_, .eastAsian):
            return Message(
                "For men of %s the surveys give no figure for this form alone: all red–green forms together, about 4 to 6.5 in 100 (Birch 2012); none for women.",
                .term(population.label))
        }
    }

    /// A percentage as "N in 100", "N in 1,000" or "N in 10,000", the smallest base that
    /// gives a whole number of at least 1 (4.63 → "5 in 100", 0.36 → "4 in 1,000").
    static func ratio(_ percent: Double) -> Message {
        for base in [100.0, 1_000, 10_000] {
            let n = (percent / 100 * base).rounded()
            guard n >= 1 || base == 10_000 else { continue }
            let count = Message.Argument.text(String(Int(max(n, 1))))
            switch base {
            case 100: return Message("%s in 100", count)
            case 1_000: return Message("%s in 1,000", count)
            default: return Message("%s in 10,000", count)
            }
        }
        return Message("%s in 10,000", .text("1"))
    }
}
