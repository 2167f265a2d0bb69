/// Minimal painter's-algorithm drawing into an `RGBAImage`, in pixel coordinates.
/// Enough for the built-in test scene; no anti-aliasing (the scene is for colour, not edges).
struct Painter {
    var image: RGBAImage

    init(width: Int, height: Int, background: RGB8) {
        image = RGBAImage(width: width, height: height, fill: background)
    }

    var width: Int { image.width }
    var height: Int { image.height }

    /// Sets every pixel of the box `[x0, x1) × [y0, y1)` (clipped) for which `colour` gives a value.
    mutating func paint(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
        _ colour: (Double, Double) -> RGB8?
    ) {
        let xa = max(0, Int(x0.rounded(.down)))
        let xb = min(width, Int(x1.rounded(.up)))
        let ya = max(0, Int(y0.rounded(.down)))
        let yb = min(height, Int(y1.rounded(.up)))
        guard xa < xb, ya < yb else { return }
        for y in ya..<yb {
            for x in xa..<xb {
                if let c = colour(Double(x) + 0.5, Double(y) + 0.5) { image[x, y] = c }
            }
        }
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: RGB8) {
        paint(x, y, x + w, y + h) { _, _ in c }
    }

    mutating func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, _ c: RGB8) {
        paint(cx - rx, cy - ry, cx + rx, cy + ry) { x, y in
            let dx = (x - cx) / rx
            let dy = (y - cy) / ry
            return dx * dx + dy * dy <= 1 ? c : nil
        }
    }

    mutating func disc(_ cx: Double, _ cy: Double, _ r: Double, _ c: RGB8) {
        ellipse(cx: cx, cy: cy, rx: r, ry: r, c)
    }
}
