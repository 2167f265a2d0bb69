import CVDCore

/// How large a CIELAB difference must be, along each axis, for half of viewers to notice it
/// between two marks of a given kind and width: the published models of colour difference
/// for visualisation (docs/science.md, "How large a difference is enough"):
///
/// - areas (bars, map regions, swatches): Stone, Szafir & Setlur (2014), ND(50 %) =
///   C + K/s per axis, fitted on squares of ⅓° to 6°;
/// - dots: Szafir (2018), points, ND(50 %) = 0.5 / (c + k/s), diameters 0.25° to 2°;
/// - lines and text strokes: Szafir (2018), lines, the same form, widths 0.05° to 0.35°.
///
/// A width outside a model's fitted range is clamped to it, so a thinner mark than any
/// tested gets the thinnest tested mark's thresholds: a lower bound, never a made-up value.
public struct NoticeableDifference: Sendable, Equatable {
    /// ΔL*, Δa*, Δb* noticed by half of viewers.
    public let l: Double, a: Double, b: Double
}

extension NoticeableDifference {
    /// The thresholds for a mark of `kind` that is `width` degrees wide (model degrees:
    /// `degreesPerPixel`).
    public init(_ kind: MarkKind, width: Double) {
        switch kind {
        case .area:
            let s = min(max(width, 1.0 / 3), 6)
            self.init(l: 5.079 + 0.751 / s, a: 5.339 + 1.541 / s, b: 5.349 + 2.871 / s)
        case .dot:
            let s = min(max(width, 0.25), 2)
            self.init(l: 0.5 / (0.0937 - 0.0085 / s), a: 0.5 / (0.0775 - 0.0121 / s), b: 0.5 / (0.0611 - 0.0096 / s))
        case .line, .text:
            let s = min(max(width, 0.05), 0.35)
            self.init(l: 0.5 / (0.0742 - 0.0023 / s), a: 0.5 / (0.0623 - 0.0015 / s), b: 0.5 / (0.0425 - 0.0009 / s))
        }
    }

    /// The larger threshold on each axis: what telling the harder of two marks apart needs.
    public func harder(_ o: NoticeableDifference) -> NoticeableDifference {
        NoticeableDifference(l: max(l, o.l), a: max(a, o.a), b: max(b, o.b))
    }

    /// The smaller threshold on each axis: what the easier of two marks needs.
    public func easier(_ o: NoticeableDifference) -> NoticeableDifference {
        NoticeableDifference(l: min(l, o.l), a: min(a, o.a), b: min(b, o.b))
    }

    /// How many of these thresholds apart two colours are: √Σ(Δ/ND)² (Szafir 2018, eq. 4).
    /// 1 is noticed by half of viewers, 2 by every viewer (`RiskRule.noticed`).
    public func steps(_ x: CIELab, _ y: CIELab) -> Double {
        let dl = (x.l - y.l) / l
        let da = (x.a - y.a) / a
        let db = (x.b - y.b) / b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// The model's degrees per picture pixel: a picture is judged as if its longer side
    /// were 1000 pixels of the screens Szafir's observers used (25 pixels a degree, her
    /// own convention), i.e. 40° — a page read at arm's length or a slide from the middle
    /// of a classroom. The verdict so does not depend on the resolution a file was saved at.
    public static func degreesPerPixel(width: Int, height: Int) -> Double {
        40 / Double(max(1, max(width, height)))
    }
}

/// When a pair of colours is at risk in a form of CVD: normal vision tells them apart
/// reliably and the form does not, and the form takes away most of the difference:
/// `NoticeableDifference.steps` ≥ `noticed` in normal vision, < `noticed` as the form sees
/// them, and less than a third of the normal figure. `noticed` is 2 steps: the models are
/// linear in the share of viewers who notice a difference, so twice the half-of-viewers
/// threshold is what every viewer notices. Calibrated on ColorBrewer's own colour-blind
/// ratings (docs/teaching-tools.md, "How well it agrees"): the agreement stays the same
/// for `noticed` from 1.6 to 2.4 and shares from 0.25 to a third.
public enum RiskRule {
    /// The steps every viewer notices.
    public static let noticed = 2.0
    /// The share of the difference a form must take away, at least, to put a pair at risk.
    public static let keptBelow = 1.0 / 3

    public static func atRisk(normal: Double, seen: Double) -> Bool {
        normal >= noticed && seen < noticed && seen < keptBelow * normal
    }
}
