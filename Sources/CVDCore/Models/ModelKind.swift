/// The simulation models cvdcam knows, as named on the command line.
public enum ModelKind: String, CaseIterable, Sendable, Hashable {
    /// Picks per deficiency and severity (MODELS.md §8).
    case auto
    /// Machado, Oliveira & Fernandes 2009: anomalous trichromacy with severity.
    case machado2009
    /// Brettel, Viénot & Mollon 1997: two half-planes.
    case brettel1997
    /// Viénot, Brettel & Mollon 1999: one plane, one matrix.
    case vienot1999
    /// The original iOS app's gamma-space matrices, for comparison only.
    case colormatrix
    /// Rec.709 luminance in linear light; used for achromatopsia whatever the choice.
    case achromatopsia

    /// Models a user may choose (achromatopsia follows from the mode).
    public static let selectable: [ModelKind] = [.auto, .machado2009, .brettel1997, .vienot1999, .colormatrix]

    /// A short name for labels and titles.
    public var displayName: String { names.full }

    /// The name without its year, where a label is short: "Machado", "Viénot", "iOS matrices".
    public var shortName: String { names.short ?? names.full }

    /// Each model's names, one row a model (no short name where the name has no year).
    private var names: (full: String, short: String?) {
        switch self {
        case .auto: (N_("auto"), nil)
        case .machado2009: (N_("Machado 2009"), N_("Machado"))
        case .brettel1997: (N_("Brettel 1997"), N_("Brettel"))
        case .vienot1999: (N_("Viénot 1999"), N_("Viénot"))
        case .colormatrix: (N_("original iOS matrices"), N_("iOS matrices"))
        case .achromatopsia: (N_("Rec.709 luminance"), nil)
        }
    }
}

extension ModelKind {
    /// What runs the model; nil for `.auto`, which `Simulation` resolves to another first.
    var simulator: (any Simulator)? {
        switch self {
        case .auto: nil
        case .machado2009: Machado2009()
        case .brettel1997: Brettel1997()
        case .vienot1999: Vienot1999()
        case .colormatrix: OriginalIOSMatrices()
        case .achromatopsia: Achromatopsia()
        }
    }
}
