import CVDCore

/// The `i` overlay: frame counts, fps and CPU in a box placed where no other label is.
///
/// It goes top right, below any label already there (badges, probe callouts), else top
/// left the same way, at the footer's text size; when neither has room it is set smaller,
/// down to `BadgeLayout.minimumFont`, and when even that does not fit (a tiny window) it
/// is left out rather than clipped or laid over another label.
public enum StatsPanel {
    public static func place(
        _ lines: [String], fontSize: Int, window: FrameSize, avoiding others: [LabelBox],
        measure: TextMeasuring
    ) -> LabelBox? {
        let winW = Double(window.width)
        let winH = Double(window.height)
        var size = fontSize
        while size >= BadgeLayout.minimumFont {
            let pad = (Double(size) * 0.3).rounded()
            let margin = (Double(size) * 0.4).rounded()
            let sizes = lines.map { measure.size(of: $0, fontSize: size) }
            let lineH = Double(sizes.map(\.height).max() ?? size)
            let w = Double(sizes.map(\.width).max() ?? 0) + 2 * pad
            let h = lineH * Double(lines.count) + 2 * pad
            for x in [winW - margin - w, margin] where x >= 0 && x + w <= winW {
                if let y = firstFree(x: x, w: w, h: h, margin: margin, limit: winH, others) {
                    return LabelBox(
                        shim: Rect(x, y, w, h),
                        lines: zip(lines, sizes).enumerated().map { i, l in
                            .init(
                                text: l.0, fontSize: size,
                                rect: Rect(x + pad, y + pad + Double(i) * lineH, Double(l.1.width), lineH).whole)
                        })
                }
            }
            size -= max(1, size / 10)
        }
        return nil
    }

    /// The highest y from the top at which a `w`×`h` box at `x` (with `margin` around it)
    /// covers none of `others` and ends inside the window; nil when there is none.
    static func firstFree(x: Double, w: Double, h: Double, margin: Double, limit: Double, _ others: [LabelBox])
        -> Double?
    {
        var y = margin
        while y + h + margin <= limit {
            let area = Rect(x - margin, y - margin, w + 2 * margin, h + 2 * margin)
            guard let hit = others.filter({ $0.shim.intersects(area) }).max(by: { $0.shim.maxY < $1.shim.maxY }) else {
                return y
            }
            y = hit.shim.maxY + margin
        }
        return nil
    }
}
