/// What the user picks: how the picture should look.
public enum VisionMode: String, CaseIterable, Sendable, Hashable {
    case normal
    case protanopia, deuteranopia, tritanopia
    case protanomaly, deuteranomaly, tritanomaly
    case achromatopsia

    /// Severity used for the anomalous modes when none is given.
    public static let defaultAnomalousSeverity = 0.6

    public var deficiency: Deficiency? {
        switch self {
        case .normal: nil
        case .protanopia, .protanomaly: .protan
        case .deuteranopia, .deuteranomaly: .deutan
        case .tritanopia, .tritanomaly: .tritan
        case .achromatopsia: .achromat
        }
    }

    /// The -anomaly modes take a severity; the others are fixed.
    public var takesSeverity: Bool {
        self == .protanomaly || self == .deuteranomaly || self == .tritanomaly
    }

    /// The severity this mode uses: the given one for -anomaly modes (default 0.6), 1 otherwise.
    public func severity(_ requested: Double?) -> Double {
        takesSeverity ? (requested ?? Self.defaultAnomalousSeverity) : (self == .normal ? 0 : 1)
    }

    /// Title-case name for labels (English; the window shows it translated).
    public var displayName: String {
        switch self {
        case .normal: N_("Normal")
        case .protanopia: N_("Protanopia")
        case .deuteranopia: N_("Deuteranopia")
        case .tritanopia: N_("Tritanopia")
        case .protanomaly: N_("Protanomaly")
        case .deuteranomaly: N_("Deuteranomaly")
        case .tritanomaly: N_("Tritanomaly")
        case .achromatopsia: N_("Achromatopsia")
        }
    }

    /// A one-line description for help texts.
    public var summary: String {
        switch self {
        case .normal: N_("normal colour vision (no change)")
        case .protanopia: N_("no L (red) cones")
        case .deuteranopia: N_("no M (green) cones")
        case .tritanopia: N_("no S (blue) cones")
        case .protanomaly: N_("weak L (red) cones ([ ] severity)")
        case .deuteranomaly: N_("weak M (green) cones: the most common")
        case .tritanomaly: N_("weak S (blue) cones ([ ] severity)")
        case .achromatopsia: N_("no cone vision, greyscale by luminance")
        }
    }
}
