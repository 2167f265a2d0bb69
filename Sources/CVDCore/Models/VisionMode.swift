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

    /// Title-case name for labels.
    public var displayName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// A one-line description for help texts.
    public var summary: String {
        switch self {
        case .normal: "normal colour vision (no change)"
        case .protanopia: "no L (red) cones"
        case .deuteranopia: "no M (green) cones"
        case .tritanopia: "no S (blue) cones"
        case .protanomaly: "weak L (red) cones ([ ] severity)"
        case .deuteranomaly: "weak M (green) cones: the most common"
        case .tritanomaly: "weak S (blue) cones ([ ] severity)"
        case .achromatopsia: "no cone vision, greyscale by luminance"
        }
    }
}
