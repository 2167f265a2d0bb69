import CVDCore

extension PixelColours {
    /// Colours closer than this (CIE76) are one colour: below what anyone tells apart on
    /// paper (a just-noticeable difference is about 2.3), and far below any two inks a
    /// chart's designer chose.
    static let sameColour = 3.0

    /// One colour is one colour: where two of the colours found are the same to the eye —
    /// a speck of a series' flat pixels too small to take its ink, and the ink its
    /// anti-aliased pixels point at, both #FF0000 — their pixels take the first one's
    /// index, so that a series crossed by another is one colour drawn as several marks,
    /// never "lighter red ↔ darker red" with the same hex.
    mutating func mergeSame() {
        let lab = colours.map { CIELab($0) }
        var to = Array(0..<colours.count)
        var merged = false
        for c in colours.indices {
            for k in 0..<c where to[k] == k {
                let (dl, da, db) = (lab[k].l - lab[c].l, lab[k].a - lab[c].a, lab[k].b - lab[c].b)
                if dl * dl + da * da + db * db <= Self.sameColour * Self.sameColour {
                    to[c] = k
                    merged = true
                    break
                }
            }
        }
        guard merged else { return }
        for i in label.indices where Int(label[i]) < to.count {
            label[i] = UInt16(to[Int(label[i])])
        }
    }
}
