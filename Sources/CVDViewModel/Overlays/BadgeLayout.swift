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

    /// The text and size a badge takes in `width` pixels (its margins included), from
    /// `fontSize` down: the longest text that fits, else the shortest at a smaller font
    /// down to `minimumFont`, else the icon alone as large as fits (text nil); nil when not
    /// even that fits. `compact` starts from the shortest text.
    static func choose(_ badge: ModeBadge, fontSize: Int, width: Double, compact: Bool, measure: TextMeasuring)
        -> (text: String?, size: Int)?
    {
        let texts = compact ? [badge.texts.last!] : badge.texts
        func fits(_ text: String?, _ size: Int) -> Bool {
            size.width(of: text, measure) + 2 * margin(size) <= width
        }
        if let t = texts.first(where: { fits($0, fontSize) }) { return (t, fontSize) }
        var size = fontSize
        while size > minimumFont {
            size = max(minimumFont, Int(Double(size) * 0.9))
            if fits(texts.last!, size) { return (texts.last!, size) }
        }
        size = fontSize
        while size >= 6, !fits(nil, size) { size = Int(Double(size) * 0.85) }
        return size >= 6 ? (nil, size) : nil
    }

    /// The badge's height at a font size (shim, without margins).
    static func height(_ size: Int, _ measure: TextMeasuring) -> Double {
        max(Double(size), Double(measure.size(of: "Ag", fontSize: size).height)) + 2 * padding(size)
    }

    /// The badge as drawn: shim at (x, y) — or ending at x when `alignRight` — icon, text.
    static func box(
        _ badge: ModeBadge, text: String?, size: Int, x: Double, y: Double, alignRight: Bool, measure: TextMeasuring
    ) -> LabelBox {
        let t = text.map { measure.size(of: $0, fontSize: size) } ?? FrameSize(0, size)
        let w = size.width(of: text, measure)
        let pad = padding(size)
        let h = max(Double(size), Double(t.height)) + 2 * pad
        let x = alignRight ? x - w : x
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

    /// The badge for `badge` on the picture: over the top edge of `area` (the picture, or
    /// the split side it labels) inside `pane`, or in the bar above it when that has room.
    /// `compact` starts from the shortest text (mode and severity only). nil when not even
    /// the icon fits (a split side squeezed to nothing).
    public static func place(
        _ badge: ModeBadge, fontSize: Int, area: Rect, pane: Rect, alignRight: Bool,
        compact: Bool = false, measure: TextMeasuring
    ) -> LabelBox? {
        let cap = max(minimumFont, Int(area.h * maximumHeightShare))
        guard
            let (text, size) = choose(
                badge, fontSize: min(fontSize, cap), width: area.w, compact: compact, measure: measure)
        else { return nil }
        let m = margin(size)
        let h = height(size, measure)
        let x = alignRight ? area.maxX - m : area.x + m
        // Off the picture when the bar above it has room, else over its top edge.
        let y = area.y - pane.y >= h + 2 * m ? area.y - m - h : area.y + m
        return box(badge, text: text, size: size, x: x, y: y, alignRight: alignRight, measure: measure)
    }
}

extension Int {
    /// A badge's shim width at this font size: padding, icon, padding, text, padding.
    fileprivate func width(of text: String?, _ measure: TextMeasuring) -> Double {
        let pad = BadgeLayout.padding(self)
        let t = text.map { Double(measure.size(of: $0, fontSize: self).width) + pad } ?? 0
        return pad + Double(self) + pad + t
    }
}
