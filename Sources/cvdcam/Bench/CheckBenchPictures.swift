import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// The pictures `cvdcam bench --check` measures the check on, drawn here the same on every
/// run and machine: a 12-megapixel photograph (sky, a landscape's shaded and textured
/// ground, a bowl of fruit, sensor noise), an A4 worksheet at 150 dpi (text, a bar chart, a
/// line chart, a scatter plot and answers in red and green, anti-aliased as a chart program
/// draws them), and that worksheet as a 1080p webcam sees it on a desk.
enum CheckBenchPictures {
    // MARK: The photograph

    /// A photograph-like picture: a sky graded from deep to pale blue with soft clouds, a
    /// wavy horizon, ground whose hue and light wander in large patches with foliage-like
    /// texture on top, a bowl of shaded red, orange, yellow and green fruit, and sensor
    /// noise (σ about 2 levels).
    static func photograph(width: Int = 4000, height: Int = 3000) -> RGBAImage {
        var rng = SceneRandom(seed: 40)
        let big = ValueNoise(width: width, height: height, cell: max(2, width / 5), &rng)
        let middle = ValueNoise(width: width, height: height, cell: max(2, width / 24), &rng)
        let small = ValueNoise(width: width, height: height, cell: max(2, width / 120), &rng)
        let fine = ValueNoise(width: width, height: height, cell: 3, &rng)
        let fruit: [(x: Float, y: Float, r: Float, colour: SIMD3<Float>)] = (0..<14).map { k in
            let colours: [SIMD3<Float>] = [[200, 30, 25], [235, 120, 20], [225, 200, 40], [90, 170, 40]]
            let angle = Float(k) * 2.4
            let spread = Float(k).squareRoot() * 0.035
            return (
                0.5 + spread * cosf(angle), 0.72 + 0.6 * spread * sinf(angle), 0.045 + 0.02 * unit(&rng),
                colours[k % colours.count]
            )
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let w = Float(width)
        let h = Float(height)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let rows = (big.row(y), middle.row(y), small.row(y), fine.row(y))
                let fy = Float(y) / h
                for x in 0..<width {
                    let fx = Float(x) / w
                    let large = big.at(x, rows.0)
                    let detail = small.at(x, rows.2)
                    let grain = fine.at(x, rows.3) - 0.5
                    let horizon = 0.38 + 0.06 * (large - 0.5) + 0.02 * (detail - 0.5)
                    var c: SIMD3<Float>
                    if fy < horizon {
                        // Sky: deep blue at the top to pale at the horizon, with soft clouds.
                        let t = fy / horizon
                        c = SIMD3(60, 110, 200) * (1 - t) + SIMD3(190, 215, 235) * t
                        let cloud = max(0, middle.at(x, rows.1) - 0.55) * 2.2
                        c = c * (1 - cloud) + SIMD3(245, 245, 250) * cloud + grain * 3
                    } else {
                        // Ground: greens, olives and browns in large patches, lit unevenly, textured.
                        let hue = middle.at(x, rows.1)
                        let green = SIMD3<Float>(70, 125, 45)
                        let brown = SIMD3<Float>(130, 100, 60)
                        let olive = SIMD3<Float>(150, 150, 70)
                        c = hue < 0.5 ? green + (brown - green) * (hue * 2) : brown + (olive - brown) * (hue * 2 - 1)
                        let light = 0.55 + 0.6 * large + 0.3 * (detail - 0.5)
                        c = c * light * (1 + 0.35 * grain)
                        for f in fruit {
                            let dx = fx - f.x
                            let dy = (fy - f.y) * h / w
                            let d2 = dx * dx + dy * dy
                            guard d2 < f.r * f.r else { continue }
                            // Lit from the top left: brightest there, shaded towards the far edge.
                            let hx = dx + 0.35 * f.r
                            let hy = dy + 0.35 * f.r
                            let shade = 1.1 - 0.55 * min(1, (hx * hx + hy * hy).squareRoot() / (1.4 * f.r))
                            c = f.colour * shade * (1 + 0.08 * grain)
                        }
                    }
                    let i = (y * width + x) * 4
                    // Sensor noise: each channel a sum of two uniform bytes (triangular, σ 2 levels).
                    let r = rng.next()
                    for k in 0..<3 {
                        let two = Float((r >> (16 * k)) & 0xFF) + Float((r >> (16 * k + 8)) & 0xFF) - 255
                        p[i + k] = level(c[k] + two * (4.9 / 255))
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @inline(__always) static func level(_ v: Float) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }

    // MARK: Under the camera

    /// `page` as a webcam sees it on a desk: fitted into 96 % of the frame's height at its
    /// centre (bilinear), a wood-brown desk around it, light falling off towards the corners
    /// (as `SyntheticFrames.camera`) and sensor noise (σ about 3 levels).
    static func underCamera(_ page: RGBAImage, width: Int = 1920, height: Int = 1080) -> RGBAImage {
        var rng = SceneRandom(seed: 42)
        let desk = ValueNoise(width: width, height: height, cell: 60, &rng)
        let scale = 0.96 * Double(height) / Double(page.height)
        let pw = Int(Double(page.width) * scale)
        let ph = Int(Double(page.height) * scale)
        let x0 = (width - pw) / 2
        let y0 = (height - ph) / 2
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let cx = Float(width) / 2
        let cy = Float(height) / 2
        let rr = cx * cx + cy * cy
        pixels.withUnsafeMutableBufferPointer { p in
            page.pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let row = desk.row(y)
                    for x in 0..<width {
                        var c: SIMD3<Float>
                        if x >= x0, x < x0 + pw, y >= y0, y < y0 + ph {
                            let sx = min(Double(page.width) - 1.001, max(0, (Double(x - x0) + 0.5) / scale - 0.5))
                            let sy = min(Double(page.height) - 1.001, max(0, (Double(y - y0) + 0.5) / scale - 0.5))
                            let ix = Int(sx)
                            let iy = Int(sy)
                            let fx = Float(sx - Double(ix))
                            let fy = Float(sy - Double(iy))
                            func at(_ u: Int, _ v: Int) -> SIMD3<Float> {
                                let i = (v * page.width + u) * 4
                                return SIMD3(Float(src[i]), Float(src[i + 1]), Float(src[i + 2]))
                            }
                            let top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx
                            let bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx
                            c = top * (1 - fy) + bottom * fy
                        } else {
                            c = SIMD3<Float>(150, 110, 75) * (0.8 + 0.4 * desk.at(x, row))
                        }
                        let dx = Float(x) - cx
                        let dy = Float(y) - cy
                        c *= 1.02 - 0.25 * (dx * dx + dy * dy) / rr
                        let r = rng.next()
                        let i = (y * width + x) * 4
                        for k in 0..<3 {
                            let two = Float((r >> (16 * k)) & 0xFF) + Float((r >> (16 * k + 8)) & 0xFF) - 255
                            p[i + k] = level(c[k] + two * (7.3 / 255))
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    // MARK: The worksheet

    static let black = RGB8(0x22, 0x22, 0x22)
    static let red = RGB8(0xD6, 0x27, 0x28)
    static let green = RGB8(0x2C, 0xA0, 0x2C)
    static let blue = RGB8(0x1F, 0x77, 0xB4)
    /// matplotlib's first six (tab10).
    static let bars = [
        blue, RGB8(0xFF, 0x7F, 0x0E), green, red, RGB8(0x94, 0x67, 0xBD), RGB8(0x8C, 0x56, 0x4B),
    ]

    /// An A4 page at 150 dpi (1240×1754): a title and a paragraph of black text, a bar
    /// chart in six colours, a line chart of three series (3 px lines) with its legend, a
    /// scatter plot of red and green dots, and questions whose answers are written in green
    /// and red — text at 9–16 px x-height (10–18 pt), grid lines 1.5 px.
    static func worksheet(width: Int = 1240, height: Int = 1754) -> RGBAImage {
        var d = InkPainter(width: width, height: height)
        let s = Double(width) / 1240
        d.text("banzo lobna zealo", x: 110 * s, y: 170 * s, xHeight: 16 * s, black)
        for line in 0..<7 {
            d.text(
                line % 2 == 0 ? "lobna banzo vaneo zealo obnel lobna vaneo" : "vaneo zealo lobna ban obnel zealo",
                x: 110 * s, y: (230 + Double(line) * 30) * s, xHeight: 9 * s, black)
        }
        // A bar chart: axes, six bars, a tick label under each.
        let chartTop = 470 * s
        d.line(150 * s, chartTop, 150 * s, chartTop + 380 * s, width: 2 * s, black)
        d.line(150 * s, chartTop + 380 * s, 1130 * s, chartTop + 380 * s, width: 2 * s, black)
        for (k, c) in bars.enumerated() {
            let x = (190 + Double(k) * 155) * s
            let h = (120 + Double((k * 97) % 5) * 55) * s
            d.rect(x, chartTop + 380 * s - h, 105 * s, h, c)
            d.text("lo", x: x + 35 * s, y: chartTop + 410 * s, xHeight: 9 * s, black)
        }
        // A line chart: three series with a legend (a short line and a word each), grid lines.
        let lineTop = 950 * s
        for g in 1..<4 {
            let y = lineTop + Double(g) * 85 * s
            d.line(150 * s, y, 1130 * s, y, width: 1.5 * s, RGB8(0xBB, 0xBB, 0xBB))
        }
        d.line(150 * s, lineTop, 150 * s, lineTop + 340 * s, width: 2 * s, black)
        d.line(150 * s, lineTop + 340 * s, 1130 * s, lineTop + 340 * s, width: 2 * s, black)
        for (k, c) in [red, green, blue].enumerated() {
            let points = (0...30).map { i -> (Double, Double) in
                let x = 160 + 800 * Double(i) / 30
                let y = 170 + 110 * sin(Double(i) / 4 + Double(k) * 1.9) - Double(k) * 25
                return (x * s, lineTop + y * s)
            }
            d.polyline(points, width: 3 * s, c)
            let ly = lineTop + (30 + Double(k) * 30) * s
            d.line(985 * s, ly, 1030 * s, ly, width: 3 * s, c)
            d.text("abnoe", x: 1040 * s, y: ly + 5 * s, xHeight: 9 * s, black)
        }
        // A scatter plot: 40 red and 40 green dots, 10 px across.
        let dotsTop = 1380 * s
        d.line(150 * s, dotsTop, 150 * s, dotsTop + 280 * s, width: 2 * s, black)
        d.line(150 * s, dotsTop + 280 * s, 580 * s, dotsTop + 280 * s, width: 2 * s, black)
        var rng = SceneRandom(seed: 41)
        for c in [red, green] {
            for _ in 0..<40 {
                let x = 175 + 380 * Double(unit(&rng))
                let y = 20 + 230 * Double(unit(&rng))
                d.disc(x * s, dotsTop + y * s, diameter: 10 * s, c)
            }
        }
        // Questions, their answers in green (right) and red (wrong), ruled apart.
        for row in 0..<8 {
            let y = dotsTop + (25 + Double(row) * 36) * s
            let end = d.text("banzo vaneo", x: 640 * s, y: y, xHeight: 10 * s, black)
            d.text("zealo", x: end + 18 * s, y: y, xHeight: 10 * s, row % 3 == 1 ? red : green)
            d.line(640 * s, y + 12 * s, 1130 * s, y + 12 * s, width: 1.5 * s, RGB8(0xBB, 0xBB, 0xBB))
        }
        d.text("lo", x: 610 * s, y: 1690 * s, xHeight: 9 * s, black)
        return d.image
    }
}
