@testable import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// Pictures drawn as a chart program draws them, for the check's corpus: shapes covered
/// exactly (each pixel blended with its ink by the share of it the shape covers, 4×4
/// samples a pixel, in sRGB as renderers blend) — rectangles, lines of any width and
/// direction, dots, and letters made of strokes at a given x-height.
struct Drawing {
    private(set) var image: RGBAImage
    static let samples = 4

    init(width: Int, height: Int, paper: RGB8 = RGB8(255, 255, 255)) {
        image = RGBAImage(width: width, height: height, fill: paper)
    }

    /// Paints `colour` where `inside(x, y)` holds (picture coordinates, pixel centres at
    /// +0.5), over the box `x0…x1 × y0…y1`, each pixel by the share of its samples inside.
    mutating func paint(
        _ colour: RGB8, x0: Double, y0: Double, x1: Double, y1: Double, _ inside: (Double, Double) -> Bool
    ) {
        let s = Self.samples
        for py in max(0, Int(y0.rounded(.down)))..<min(image.height, Int(y1.rounded(.up)) + 1) {
            for px in max(0, Int(x0.rounded(.down)))..<min(image.width, Int(x1.rounded(.up)) + 1) {
                var hits = 0
                for sy in 0..<s {
                    for sx in 0..<s
                    where inside(
                        Double(px) + (Double(sx) + 0.5) / Double(s), Double(py) + (Double(sy) + 0.5) / Double(s))
                    {
                        hits += 1
                    }
                }
                guard hits > 0 else { continue }
                let t = Double(hits) / Double(s * s)
                let old = image[px, py]
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
                image[px, py] = RGB8(mix(old.r, colour.r), mix(old.g, colour.g), mix(old.b, colour.b))
            }
        }
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: RGB8) {
        paint(c, x0: x, y0: y, x1: x + w, y1: y + h) { px, py in px >= x && px < x + w && py >= y && py < y + h }
    }

    /// A translucent box over what is drawn (whole pixels): `colour` at `alpha` over it, as
    /// matplotlib draws a legend's frame (white at 80 %).
    mutating func veil(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ colour: RGB8, alpha: Double) {
        for py in y..<(y + h) {
            for px in x..<(x + w) {
                let old = image[px, py]
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                    UInt8((Double(a) * (1 - alpha) + Double(b) * alpha).rounded())
                }
                image[px, py] = RGB8(mix(old.r, colour.r), mix(old.g, colour.g), mix(old.b, colour.b))
            }
        }
    }

    mutating func disc(_ cx: Double, _ cy: Double, diameter d: Double, _ c: RGB8) {
        let r = d / 2
        paint(c, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r) { px, py in
            (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
        }
    }

    /// A line `width` wide with square-cut ends from (x0, y0) to (x1, y1).
    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double, _ c: RGB8) {
        let dx = x1 - x0
        let dy = y1 - y0
        let length2 = max(1e-9, dx * dx + dy * dy)
        let h = width / 2
        paint(c, x0: min(x0, x1) - h, y0: min(y0, y1) - h, x1: max(x0, x1) + h, y1: max(y0, y1) + h) { px, py in
            let t = min(1, max(0, ((px - x0) * dx + (py - y0) * dy) / length2))
            let qx = x0 + t * dx - px
            let qy = y0 + t * dy - py
            return qx * qx + qy * qy <= h * h
        }
    }

    /// A polyline through `points`.
    mutating func polyline(_ points: [(Double, Double)], width: Double, _ c: RGB8) {
        for k in 1..<points.count {
            line(points[k - 1].0, points[k - 1].1, points[k].0, points[k].1, width: width, c)
        }
    }

    /// Letters made of strokes, `xHeight` pixels high (ascenders half again), the stroke
    /// `xHeight / 7` wide (a regular weight), from the left end of the baseline at (x, y);
    /// returns the x after the text. Letters are chosen from `text`'s characters by their code.
    @discardableResult
    mutating func text(_ text: String, x: Double, y: Double, xHeight: Double, _ c: RGB8) -> Double {
        let w = max(1, xHeight / 7)
        var cx = x
        for ch in text.unicodeScalars {
            if ch == " " {
                cx += xHeight * 0.6
                continue
            }
            let glyph = Self.glyphs[Int(ch.value) % Self.glyphs.count]
            for stroke in glyph {
                polyline(stroke.map { (cx + $0.0 * xHeight * 0.7, y - $0.1 * xHeight) }, width: w, c)
            }
            cx += xHeight * 0.95
        }
        return cx
    }

    /// Eight letter shapes as strokes in a unit box (x 0…1, y 0 baseline … 1 x-height, 1.5 ascender).
    static let glyphs: [[[(Double, Double)]]] = [
        [[(1, 0), (1, 1)], Drawing.arc(0.5, 0.5, 0.5)], // a
        [[(0, 0), (0, 1.5)], Drawing.arc(0.5, 0.5, 0.5)], // b
        [Drawing.arc(0.5, 0.5, 0.5)], // o
        [[(0, 0), (0, 1)], [(0, 0.7), (0.4, 1), (1, 0.9), (1, 0)]], // n
        [[(0.5, 0), (0.5, 1.5)]], // l
        [[(0, 1), (0.5, 0), (1, 1)]], // v
        [[(0, 1), (1, 1), (0, 0), (1, 0)]], // z
        [[(0.1, 0.5), (0.9, 0.5)], Drawing.arc(0.5, 0.5, 0.5, from: 0, to: 1.75)], // e
    ]

    static func arc(_ cx: Double, _ cy: Double, _ r: Double, from a: Double = 0, to b: Double = 2) -> [(Double, Double)]
    {
        (0...16).map { k in
            let t = (a + (b - a) * Double(k) / 16) * .pi
            return (cx + r * cos(t), cy + r * sin(t))
        }
    }
}
