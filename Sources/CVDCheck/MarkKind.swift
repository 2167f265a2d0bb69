import CVDCore

/// What a colour is drawn as: the kinds of mark the check tells apart, because how large a
/// difference must be to be seen depends on them (`NoticeableDifference`).
public enum MarkKind: String, Sendable, CaseIterable, Comparable {
    /// A filled region: a bar, a map's region, a legend swatch, the paper.
    case area
    /// A stroke longer than it is wide: a line chart's series, a border, hatching.
    case line
    /// Small strokes in rows: letters and figures.
    case text
    /// A small round mark: a scatter plot's point.
    case dot

    public static func < (a: MarkKind, b: MarkKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
