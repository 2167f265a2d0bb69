import CVDCore

/// A pane's mode badge, fitted to the part of the picture it labels: it never clips and
/// never leaves its pane. When the text is too wide it gives way in a fixed order — the
/// model's year, then the model (`ModeBadge.texts`), then a smaller font down to
/// `minimumFont`; never the mode. Where the pane has a bar above the picture tall
/// enough, the badge sits there, off the picture.
public enum BadgeLayout {
    /// The smallest text a badge uses before it shows its icon alone.
    public static let minimumFont = 12
    /// A badge's text is at most this fraction of the labelled area's height.
    public static let maximumHeightShare = 0.12

    /// Padding inside the shim and margin outside it, for a font size.
    static func padding(_ size: Int) -> Double { (Double(size) * 0.35).rounded() }
    static func margin(_ size: Int) -> Double { (Double(size) * 0.4).rounded() }

    /// The badge for `badge` over `area` (the picture, or the split side it labels) inside
    /// `pane`; `compact` starts from the shortest text (mode and severity only). nil when
    /// not even the icon fits (a split side squeezed to nothing).
    public static func place(
        _ badge: ModeBadge, fontSize: Int, area: Rect, pane: Rect, alignRight: Bool,
        compact: Bool = false, measure: TextMeasuring
    ) -> LabelBox? {
        let cap = max(minimumFont, Int(area.h * maximumHeightShare))
        let base = min(fontSize, cap)
        let texts = compact ? [badge.texts.last!] : badge.texts
        func width(_ text: String?, _ size: Int) -> (Double, FrameSize) {
            let t = text.map { measure.size(of: $0, fontSize: size) } ?? FrameSize(0, size)
            let pad = padding(size)
            return (pad + Double(size) + pad + (text == nil ? 0 : Double(t.width) + pad), t)
        }
        func fits(_ w: Double, _ size: Int) -> Bool { w + 2 * margin(size) <= area.w }
        var choice: (text: String?, size: Int)?
        for t in texts where fits(width(t, base).0, base) {
            choice = (t, base)
            break
        }
        if choice == nil {
            var size = base
            while size > minimumFont {
                size = max(minimumFont, Int(Double(size) * 0.9))
                if fits(width(texts.last!, size).0, size) {
                    choice = (texts.last!, size)
                    break
                }
            }
        }
        if choice == nil {
            // The icon alone, as large as fits.
            var size = base
            while size >= 6, !fits(width(nil, size).0, size) { size = Int(Double(size) * 0.85) }
            guard size >= 6 else { return nil }
            choice = (nil, size)
        }
        let (text, size) = choice!
        let (w, t) = width(text, size)
        let pad = padding(size)
        let m = margin(size)
        let h = max(Double(size), Double(t.height)) + 2 * pad
        let x = alignRight ? area.maxX - m - w : area.x + m
        // Off the picture when the bar above it has room, else over its top edge.
        let y = area.y - pane.y >= h + 2 * m ? area.y - m - h : area.y + m
        let lines =
            text.map {
                [
                    LabelBox.Line(
                        text: $0, fontSize: size,
                        rect: Rect(
                            x + pad + Double(size) + pad, y + (h - Double(t.height)) / 2,
                            Double(t.width), Double(t.height)
                        ).whole)
                ]
            } ?? []
        return LabelBox(
            shim: Rect(x, y, w, h),
            icon: (badge, Rect(x + pad, y + (h - Double(size)) / 2, Double(size), Double(size))),
            lines: lines)
    }
}
