import CVDCore

/// A picture and its recoloured copy side by side — the original on the left, the copy on
/// the right, a dark gap between — so that a view simulating both in one mode shows a pair
/// at risk on the left and the same pair come apart on the right (the live `z` `z`).
public enum BeforeAfter {
    /// The gap's colour: a neutral dark grey, the same in every simulated mode.
    public static let gapColour = RGB8(32, 32, 32)

    /// The widest side-by-side picture `factor` lets through, in pixels: both halves of a
    /// 4K frame fit; a larger picture is reduced first.
    public static let maximumWidth = 8192

    /// The gap between the halves for pictures `width` wide: a fiftieth of it, at least 4.
    public static func gap(forWidth width: Int) -> Int { max(4, width / 50) }

    /// The whole-number reduction that keeps the pair of `width`-wide pictures within
    /// `maximumWidth` (1: none).
    public static func factor(forWidth width: Int) -> Int {
        var factor = 1
        while (2 * (width / factor) + gap(forWidth: width / factor)) > maximumWidth && width / factor > 1 {
            factor += 1
        }
        return factor
    }

    /// `before` and `after` (the same size) side by side: every pixel of each is copied
    /// unchanged into its half, the gap between them `gapColour`.
    public static func compose(_ before: RGBAImage, _ after: RGBAImage) -> RGBAImage {
        precondition(before.width == after.width && before.height == after.height, "halves of one size")
        let w = before.width
        let gap = gap(forWidth: w)
        var pair = RGBAImage(width: 2 * w + gap, height: before.height, fill: gapColour)
        let row = 4 * w
        let pairRow = 4 * pair.width
        for y in 0..<before.height {
            let from = y * row
            let to = y * pairRow
            pair.pixels.replaceSubrange(to..<(to + row), with: before.pixels[from..<(from + row)])
            let right = to + 4 * (w + gap)
            pair.pixels.replaceSubrange(right..<(right + row), with: after.pixels[from..<(from + row)])
        }
        return pair
    }
}
