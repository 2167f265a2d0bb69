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
    public var displayName: String { words.name }

    /// A one-line description for help texts.
    public var summary: String { words.summary }

    /// Each mode's words, one row a mode.
    private var words: (name: String, summary: String) {
        switch self {
        case .normal: (N_("Normal"), N_("normal colour vision (no change)"))
        case .protanopia: (N_("Protanopia"), N_("no L (red) cones"))
        case .deuteranopia: (N_("Deuteranopia"), N_("no M (green) cones"))
        case .tritanopia: (N_("Tritanopia"), N_("no S (blue) cones"))
        case .protanomaly: (N_("Protanomaly"), N_("weak L (red) cones ([ ] severity)"))
        case .deuteranomaly: (N_("Deuteranomaly"), N_("weak M (green) cones: the most common"))
        case .tritanomaly: (N_("Tritanomaly"), N_("weak S (blue) cones ([ ] severity)"))
        case .achromatopsia: (N_("Achromatopsia"), N_("no cone vision, greyscale by luminance"))
        }
    }
}
