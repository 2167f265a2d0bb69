/// What a CIEDE2000 difference means for two colours seen apart at a glance, in words a
/// class understands. Thresholds and their sources: docs/MODELS.md §9.
public enum PairVerdict: String, Sendable, CaseIterable {
    /// ΔE00 < 3: below what untrained observers notice between two separate areas.
    case lookTheSame = "look the same"
    /// 3 ≤ ΔE00 < 10: visible side by side, but easily missed on small or separate objects.
    case hardToTellApart = "hard to tell apart"
    /// ΔE00 ≥ 10.
    case easyToTellApart = "easy to tell apart"

    /// Below this ΔE00 a pair looks the same.
    public static let sameBelow = 3.0
    /// Below this ΔE00 (and at or above `sameBelow`) a pair is hard to tell apart.
    public static let hardBelow = 10.0

    public init(deltaE00 d: Double) {
        self = d < Self.sameBelow ? .lookTheSame : d < Self.hardBelow ? .hardToTellApart : .easyToTellApart
    }

    /// The verdict as words, e.g. "look the same" (English; the window shows it translated).
    public var text: String {
        switch self {
        case .lookTheSame: N_("look the same")
        case .hardToTellApart: N_("hard to tell apart")
        case .easyToTellApart: N_("easy to tell apart")
        }
    }
}
