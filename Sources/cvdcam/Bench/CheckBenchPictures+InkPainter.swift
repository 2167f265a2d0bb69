import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

extension CheckBenchPictures {
    /// Shapes drawn as a chart program draws them: each pixel blended with the ink by the
    /// share of it the shape covers (4×4 samples), in sRGB as renderers blend.
    struct InkPainter {
        private(set) var image: RGBAImage
        static let samples = 4

        init(width: Int, height: Int) { image = RGBAImage(width: width, height: height, fill: RGB8(255, 255, 255)) }

        mutating func paint(
            _ c: RGB8, x0: Double, y0: Double, x1: Double, y1: Double, _ inside: (Double, Double) -> Bool
        ) {
            let n = Self.samples
            let width = image.width
            let ya = max(0, Int(y0.rounded(.down)))
            let yb = min(image.height, Int(y1.rounded(.up)) + 1)
            let xa = max(0, Int(x0.rounded(.down)))
            let xb = min(width, Int(x1.rounded(.up)) + 1)
            guard ya < yb, xa < xb else { return }
            image.pixels.withUnsafeMutableBufferPointer { p in
                for py in ya..<yb {
                    for px in xa..<xb {
                        var hits = 0
                        for sy in 0..<n {
                            for sx in 0..<n
                            where inside(
                                Double(px) + (Double(sx) + 0.5) / Double(n), Double(py) + (Double(sy) + 0.5) / Double(n)
                            ) {
                                hits += 1
                            }
                        }
                        guard hits > 0 else { continue }
                        let t = Double(hits) / Double(n * n)
                        let i = (py * width + px) * 4
                        for (k, ink) in [c.r, c.g, c.b].enumerated() {
                            p[i + k] = UInt8((Double(p[i + k]) * (1 - t) + Double(ink) * t).rounded())
                        }
                    }
                }
            }
        }

        mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: RGB8) {
            paint(c, x0: x, y0: y, x1: x + w, y1: y + h) { px, py in px >= x && px < x + w && py >= y && py < y + h }
        }

        mutating func disc(_ cx: Double, _ cy: Double, diameter: Double, _ c: RGB8) {
            let r = diameter / 2
            paint(c, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r) { px, py in
                (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
            }
        }

        /// A line `width` wide with square-cut ends.
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

        mutating func polyline(_ points: [(Double, Double)], width: Double, _ c: RGB8) {
            for k in 1..<points.count {
                line(points[k - 1].0, points[k - 1].1, points[k].0, points[k].1, width: width, c)
            }
        }

        /// Letters made of strokes `xHeight / 7` wide (a regular weight) from the left end of
        /// the baseline at (x, y); returns the x after the text.
        @discardableResult
        mutating func text(_ text: String, x: Double, y: Double, xHeight: Double, _ c: RGB8) -> Double {
            let w = max(1, xHeight / 7)
            var cx = x
            for ch in text.unicodeScalars {
                if ch == " " {
                    cx += xHeight * 0.6
                    continue
                }
                for stroke in Self.glyphs[Int(ch.value) % Self.glyphs.count] {
                    polyline(stroke.map { (cx + $0.0 * xHeight * 0.7, y - $0.1 * xHeight) }, width: w, c)
                }
                cx += xHeight * 0.95
            }
            return cx
        }

        /// Eight letter shapes as strokes in a unit box (x 0…1; y 0 the baseline, 1 the
        /// x-height, 1.5 an ascender's top).
        static let glyphs: [[[(Double, Double)]]] = [
            [[(1, 0), (1, 1)], arc()], [[(0, 0), (0, 1.5)], arc()], [arc()],
            [[(0, 0), (0, 1)], [(0, 0.7), (0.4, 1), (1, 0.9), (1, 0)]],
            [[(0.5, 0), (0.5, 1.5)]], [[(0, 1), (0.5, 0), (1, 1)]], [[(0, 1), (1, 1), (0, 0), (1, 0)]],
            [[(0.1, 0.5), (0.9, 0.5)], arc(to: 1.75)],
        ]

        static func arc(to end: Double = 2) -> [(Double, Double)] {
            (0...16).map { k in
                let t = end * Double(k) / 16 * .pi
                return (0.5 + 0.5 * cos(t), 0.5 + 0.5 * sin(t))
            }
        }
    }
}
