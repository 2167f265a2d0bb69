/// How common each form of colour-vision deficiency is, as published survey figures
/// (docs/science.md, "How common it is"). Prevalence differs by ancestry: the per-type figures
/// are for people of European descent.
public struct Prevalence: Sendable, Equatable {
    /// Per cent of men and of women with this form, where surveys give it by sex.
    public let menPercent: Double?
    public let womenPercent: Double?
    /// Per cent of all people, where it does not depend on sex (autosomal forms): the
    /// range of published estimates.
    public let peoplePercent: ClosedRange<Double>?
    /// Whom the figures describe, e.g. "European descent".
    public let population: String
    /// Where they come from.
    public let source: String

    /// Sharpe, Stockman, Jägle & Nathans (1999), "Opsin genes, cone photopigments, color
    /// vision, and color blindness", in Gegenfurtner & Sharpe (eds.), Color Vision: From
    /// Genes to Perception, Cambridge UP, pp. 3–51: the table of congenital deficiencies,
    /// pooled surveys of Caucasian men and women.
    public static let sharpe1999 = "Sharpe, Stockman, Jägle & Nathans 1999"

    /// The figures for a mode in `population`; for normal vision, those without a red-green
    /// deficiency. For East Asian descent the surveys give red-green forms together, for men
    /// only (Birch 2012: 4–6.5 %): the per-type figures and women's are nil there.
    public static func of(_ mode: VisionMode, _ population: Population = .european) -> Prevalence {
        if population == .eastAsian, mode != .tritanopia, mode != .tritanomaly, mode != .achromatopsia {
            return Prevalence(
                menPercent: mode == .normal ? 100 - 6.5 : nil, womenPercent: nil, peoplePercent: nil,
                population: population.label, source: birch2012)
        }
        return switch mode {
        case .normal:
            Prevalence(
                menPercent: 100 - redGreenMenPercent, womenPercent: 100 - redGreenWomenPercent, peoplePercent: nil,
                population: "European descent", source: sharpe1999)
        case .protanopia: european(1.01, 0.02)
        case .deuteranopia: european(1.27, 0.01)
        case .protanomaly: european(1.08, 0.03)
        case .deuteranomaly: european(4.63, 0.36)
        // Tritan defects are autosomal (men and women alike), rare, and poorly counted:
        // estimates run from about 1 in 65,000 to 1 in 13,000 people.
        case .tritanopia:
            Prevalence(
                menPercent: nil, womenPercent: nil, peoplePercent: (100.0 / 65_000)...(100.0 / 13_000),
                population: "all people", source: sharpe1999)
        // No reliable population figure exists for tritanomaly.
        case .tritanomaly:
            Prevalence(
                menPercent: nil, womenPercent: nil, peoplePercent: nil, population: "all people", source: sharpe1999)
        // Rod monochromacy: about 1 in 30,000 people.
        case .achromatopsia:
            Prevalence(
                menPercent: nil, womenPercent: nil, peoplePercent: (100.0 / 30_000)...(100.0 / 30_000),
                population: "all people", source: sharpe1999)
        }
    }

    private static func european(_ men: Double, _ women: Double) -> Prevalence {
        Prevalence(
            menPercent: men, womenPercent: women, peoplePercent: nil, population: "European descent", source: sharpe1999
        )
    }

    /// All red-green forms together (the sum of the four rows above): 7.99 % of men and
    /// 0.42 % of women of European descent — "about 8 % and 0.4 %", as Birch (2012)
    /// summarises the large surveys, and the teachers' "1 in 12 boys, 1 in 200 girls".
    public static let redGreenMenPercent = 1.01 + 1.27 + 1.08 + 4.63
    public static let redGreenWomenPercent = 0.02 + 0.01 + 0.03 + 0.36

    /// The teachers' shorthand for red-green deficiency in a European-descent class.
    public static let redGreenShorthand = "about 1 in 12 boys and 1 in 200 girls"

    /// Birch (2012), "Worldwide prevalence of red-green color deficiency", J Opt Soc Am A
    /// 29(3):313–320, doi:10.1364/JOSAA.29.000313: "between 4% and 6.5% in men of Chinese and
    /// Japanese ethnicity"; no figure for women, none per type.
    public static let birch2012 = "Birch 2012"

    /// Birch (2012), "Worldwide prevalence of red-green color deficiency", JOSA A 29(3):313–320.
    public static let worldwide =
        "Red-green deficiency: about 8 % of men and 0.4 % of women of European descent; "
        + "4–6.5 % of men of Chinese and Japanese descent; lower in men of African descent (Birch 2012)."
}

/// Whose figures the caption gives: the class in front of the teacher (`--population`; by
/// default from the window's language: Japanese → East Asian descent, else European).
public enum Population: String, CaseIterable, Sendable {
    /// Sharpe, Stockman, Jägle & Nathans 1999: pooled surveys, per type, men and women.
    case european
    /// Birch 2012: red-green forms together, men only (4–6.5 %).
    case eastAsian = "east-asian"

    /// As the caption says it: "… of European descent".
    public var label: String {
        switch self {
        case .european: N_("European descent")
        case .eastAsian: N_("Chinese and Japanese descent")
        }
    }

    /// The default for a language code ("ja", "de_DE").
    public static func `default`(forLanguage code: String) -> Population {
        code.hasPrefix("ja") || code.hasPrefix("zh") ? .eastAsian : .european
    }
}
