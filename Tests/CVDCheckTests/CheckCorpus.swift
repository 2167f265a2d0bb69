import Foundation

@testable import CVDCheck
@testable import CVDCore

/// The pictures the material check is measured on, made here: charts in known palettes,
/// drawn as a chart program draws them (anti-aliased edges, an axis, lines of "text"), then
/// the ways a camera or a print changes them. `MaterialCheckTests` compares every verdict
/// with the one computed in float64 from the palette itself.
enum CheckCorpus {
    /// Palettes whose colours and whose CVD safety are known.
    static let palettes: [(name: String, colours: [RGB8])] = [
        // matplotlib's first three: red and green the classic deutan pair.
        ("red-green", [RGB8(0xD6, 0x27, 0x28), RGB8(0x2C, 0xA0, 0x2C), RGB8(0x1F, 0x77, 0xB4)]),
        ("traffic lights", [RGB8(0xE4, 0x1A, 0x1C), RGB8(0xFF, 0xBF, 0x00), RGB8(0x4D, 0xAF, 0x4A)]),
        // A rainbow in seven steps (hue 0°…300°, full saturation, as "jet"-like scales).
        (
            "rainbow",
            [
                RGB8(230, 25, 25), RGB8(240, 140, 20), RGB8(235, 225, 30), RGB8(40, 190, 40), RGB8(30, 200, 220),
                RGB8(40, 70, 220), RGB8(160, 40, 200),
            ]
        ),
        // viridis in five steps (its published end points and quarters).
        (
            "viridis",
            [
                RGB8(0x44, 0x01, 0x54), RGB8(0x3B, 0x52, 0x8B), RGB8(0x21, 0x91, 0x8C), RGB8(0x5E, 0xC9, 0x62),
                RGB8(0xFD, 0xE7, 0x25),
            ]
        ),
        // Okabe & Ito (2002), without black.
        (
            "Okabe–Ito",
            [
                RGB8(0xE6, 0x9F, 0x00), RGB8(0x56, 0xB4, 0xE9), RGB8(0x00, 0x9E, 0x73), RGB8(0xF0, 0xE4, 0x42),
                RGB8(0x00, 0x72, 0xB2), RGB8(0xD5, 0x5E, 0x00), RGB8(0xCC, 0x79, 0xA7),
            ]
        ),
        // ColorBrewer Dark2 (flagged colour-blind safe on colorbrewer2.org in its first three).
        ("Dark2 (3)", [RGB8(0x1B, 0x9E, 0x77), RGB8(0xD9, 0x5F, 0x02), RGB8(0x75, 0x70, 0xB3)]),
        // ColorBrewer Set1 (not flagged safe).
        (
            "Set1",
            [
                RGB8(0xE4, 0x1A, 0x1C), RGB8(0x37, 0x7E, 0xB8), RGB8(0x4D, 0xAF, 0x4A), RGB8(0x98, 0x4E, 0xA3),
                RGB8(0xFF, 0x7F, 0x00),
            ]
        ),
    ]

    /// A bar chart: one bar per colour on white paper, an axis, three lines of thin dark
    /// strokes for text, anti-aliased (drawn at 3× and reduced).
    static func barChart(_ colours: [RGB8], width: Int = 960, height: Int = 640) -> RGBAImage {
        let s = 3
        var big = RGBAImage(width: width * s, height: height * s, fill: RGB8(255, 255, 255))
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: RGB8) {
            for yy in Int(y * Double(s))..<Int((y + h) * Double(s)) {
                for xx in Int(x * Double(s))..<Int((x + w) * Double(s)) { big[xx, yy] = c }
            }
        }
        let slot = Double(width - 80) / Double(colours.count)
        for (i, c) in colours.enumerated() {
            let h = 200 + Double((i * 97) % 5) * 60
            rect(60 + slot * Double(i) + slot * 0.15, Double(height) - 60 - h, slot * 0.7, h, c)
        }
        rect(50, Double(height) - 60, Double(width) - 80, 2.3, RGB8(20, 20, 20))
        for line in 0..<3 {
            for word in 0..<8 {
                rect(80 + Double(word) * 90, 30 + Double(line) * 22, 70, 1.4, RGB8(30, 30, 30))
            }
        }
        return downsample(big, by: s)
    }

    /// How wide `barChart` draws each of `count` bars, in pixels (at its default size).
    static func barWidth(_ count: Int, width: Int = 960) -> Double { Double(width - 80) / Double(count) * 0.7 }

    static func downsample(_ img: RGBAImage, by s: Int) -> RGBAImage {
        var out = RGBAImage(width: img.width / s, height: img.height / s)
        for y in 0..<out.height {
            for x in 0..<out.width {
                var sum = (0, 0, 0)
                for dy in 0..<s {
                    for dx in 0..<s {
                        let c = img[x * s + dx, y * s + dy]
                        sum = (sum.0 + Int(c.r), sum.1 + Int(c.g), sum.2 + Int(c.b))
                    }
                }
                let n = s * s
                out[x, y] = RGB8(UInt8(sum.0 / n), UInt8(sum.1 / n), UInt8(sum.2 / n))
            }
        }
        return out
    }

    /// What a camera or a print does to a picture.
    enum Variant: String, CaseIterable {
        case clean, noise, unevenLight, blur, halvedChroma

        func apply(_ img: RGBAImage) -> RGBAImage {
            switch self {
            case .clean: return img
            case .noise:
                // Sensor noise: Gaussian, σ 4 levels a channel.
                var rng = SceneRandom(seed: 11)
                var out = img
                for i in stride(from: 0, to: out.pixels.count, by: 4) {
                    for k in 0..<3 {
                        let u1 = max(rng.uniform(0, 1), 1e-12)
                        let u2 = rng.uniform(0, 1)
                        let n = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2) * 4
                        out.pixels[i + k] = UInt8(max(0, min(255, (Double(out.pixels[i + k]) + n).rounded())))
                    }
                }
                return out
            case .unevenLight:
                // A lamp to one side: 100 % of the light on the left, 88 % on the right, in linear light.
                var out = img
                for y in 0..<img.height {
                    for x in 0..<img.width {
                        let f = 1 - 0.12 * Double(x) / Double(img.width) - 0.04 * Double(y) / Double(img.height)
                        let c = img[x, y]
                        out[x, y] = RGB8(
                            SRGB.level(SRGB.linear(c.r) * f), SRGB.level(SRGB.linear(c.g) * f),
                            SRGB.level(SRGB.linear(c.b) * f))
                    }
                }
                return out
            case .blur:
                // A slightly soft lens: a 5×5 box blur.
                var out = img
                for y in 0..<img.height {
                    for x in 0..<img.width {
                        var sum = (0, 0, 0)
                        var n = 0
                        for dy in -2...2 {
                            for dx in -2...2 {
                                let xx = x + dx
                                let yy = y + dy
                                guard xx >= 0, yy >= 0, xx < img.width, yy < img.height else { continue }
                                let c = img[xx, yy]
                                sum = (sum.0 + Int(c.r), sum.1 + Int(c.g), sum.2 + Int(c.b))
                                n += 1
                            }
                        }
                        out[x, y] = RGB8(UInt8(sum.0 / n), UInt8(sum.1 / n), UInt8(sum.2 / n))
                    }
                }
                return out
            case .halvedChroma:
                return Self.halveChroma(img)
            }
        }

        /// What a JPEG (and a camera's YUV 4:2:0) keeps of a picture's colour: Y′CbCr as JFIF
        /// defines it (ITU-R BT.601, full range), Cb and Cr averaged over each 2×2 block and
        /// given back to its four pixels, their own Y′ kept (blocks offset by a pixel from
        /// the chart's edges). (The DCT's rounding is left out:
        /// real JPEGs are measured by scripts/check-agreement --jpeg and `CheckTests`.)
        static func halveChroma(_ img: RGBAImage) -> RGBAImage {
            func ycc(_ c: RGB8) -> (Double, Double, Double) {
                let (r, g, b) = (Double(c.r), Double(c.g), Double(c.b))
                let y = 0.299 * r + 0.587 * g + 0.114 * b
                return (y, -0.168736 * r - 0.331264 * g + 0.5 * b, 0.5 * r - 0.418688 * g - 0.081312 * b)
            }
            func level(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
            var out = img
            // Blocks from (−1, −1): the chart's edges lie on even rows and columns, and blocks
            // that start there would never mix a bar's foot with the axis under it.
            for by in stride(from: -1, to: img.height, by: 2) {
                for bx in stride(from: -1, to: img.width, by: 2) {
                    let block = [(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)].filter {
                        $0.0 >= 0 && $0.1 >= 0 && $0.0 < img.width && $0.1 < img.height
                    }
                    let chroma = block.map { ycc(img[$0.0, $0.1]) }
                    let cb = chroma.map(\.1).reduce(0, +) / Double(block.count)
                    let cr = chroma.map(\.2).reduce(0, +) / Double(block.count)
                    for (k, (x, y)) in block.enumerated() {
                        let luma = chroma[k].0
                        out[x, y] = RGB8(
                            level(luma + 1.402 * cr), level(luma - 0.344136 * cb - 0.714136 * cr),
                            level(luma + 1.772 * cb))
                    }
                }
            }
            return out
        }
    }

    /// A smooth rainbow gradient filling the picture (a continuous colour scale).
    static func gradient(width: Int = 900, height: Int = 300) -> RGBAImage {
        var img = RGBAImage(width: width, height: height)
        for x in 0..<width {
            let h = Double(x) / Double(width) * 300
            let c = hsv(h, 0.85, 0.95)
            for y in 0..<height { img[x, y] = c }
        }
        return img
    }

    /// Something like a photograph: smooth, shaded value noise in many hues, with texture.
    static func photograph(width: Int = 800, height: Int = 600) -> RGBAImage {
        var rng = SceneRandom(seed: 5)
        let grid = 9
        let hues = (0..<(grid * grid)).map { _ in rng.uniform(0, 360) }
        let values = (0..<(grid * grid)).map { _ in rng.uniform(0.3, 0.95) }
        var img = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let gx = Double(x) / Double(width) * Double(grid - 1)
                let gy = Double(y) / Double(height) * Double(grid - 1)
                let ix = min(grid - 2, Int(gx))
                let iy = min(grid - 2, Int(gy))
                let fx = gx - Double(ix)
                let fy = gy - Double(iy)
                func mix(_ a: [Double]) -> Double {
                    let top = a[iy * grid + ix] * (1 - fx) + a[iy * grid + ix + 1] * fx
                    let bottom = a[(iy + 1) * grid + ix] * (1 - fx) + a[(iy + 1) * grid + ix + 1] * fx
                    return top * (1 - fy) + bottom * fy
                }
                let texture = rng.uniform(-0.06, 0.06)
                img[x, y] = hsv(mix(hues), 0.6, max(0, min(1, mix(values) + texture)))
            }
        }
        return img
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> RGB8 {
        let c = v * s
        let hp = h / 60
        let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(hp) % 6 {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = v - c
        return RGB8(
            UInt8(((r + m) * 255).rounded()), UInt8(((g + m) * 255).rounded()), UInt8(((b + m) * 255).rounded()))
    }
}
