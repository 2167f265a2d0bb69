#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built-in test scene, drawn in code at any size: a ColorChecker-style chart,
/// an Ishihara-style dot plate, a hue wheel, everyday objects (fruit) and a grey ramp.
/// It is what cvdcam shows when there is no camera, and the benchmark's picture.
public enum TestScene {
    /// A named flat area of the scene and its colour, for tests that look for known colours.
    public struct Patch: Sendable {
        public let name: String
        /// Pixel rectangle, inside which every pixel has `colour`.
        public let x: Int, y: Int, width: Int, height: Int
        public let colour: RGB8
    }

    /// sRGB values of the 24 ColorChecker patches (BabelColor averages), row by row.
    public static let chart: [(String, RGB8)] = [
        ("dark skin", RGB8(115, 82, 68)), ("light skin", RGB8(194, 150, 130)), ("blue sky", RGB8(98, 122, 157)),
        ("foliage", RGB8(87, 108, 67)), ("blue flower", RGB8(133, 128, 177)), ("bluish green", RGB8(103, 189, 170)),
        ("orange", RGB8(214, 126, 44)), ("purplish blue", RGB8(80, 91, 166)), ("moderate red", RGB8(193, 90, 99)),
        ("purple", RGB8(94, 60, 108)), ("yellow green", RGB8(157, 188, 64)), ("orange yellow", RGB8(224, 163, 46)),
        ("blue", RGB8(56, 61, 150)), ("green", RGB8(70, 148, 73)), ("red", RGB8(175, 54, 60)),
        ("yellow", RGB8(231, 199, 31)), ("magenta", RGB8(187, 86, 149)), ("cyan", RGB8(8, 133, 161)),
        ("white", RGB8(243, 243, 242)), ("neutral 8", RGB8(200, 200, 200)), ("neutral 6.5", RGB8(160, 160, 160)),
        ("neutral 5", RGB8(122, 122, 121)), ("neutral 3.5", RGB8(85, 85, 85)), ("black", RGB8(52, 52, 52)),
    ]

    static let paper = RGB8(232, 228, 218)

    /// The chart's patches at a given picture size (each with a margin inside its square).
    public static func patches(width: Int, height: Int) -> [Patch] {
        let cell = Double(height) * 0.11
        let x0 = Double(width) * 0.03
        let y0 = Double(height) * 0.05
        return chart.enumerated().map { i, entry in
            let px = x0 + Double(i % 6) * cell * 1.1
            let py = y0 + Double(i / 6) * cell * 1.1
            return Patch(
                name: entry.0, x: Int(px.rounded(.up)), y: Int(py.rounded(.up)),
                width: Int(cell) - 1, height: Int(cell) - 1, colour: entry.1)
        }
    }

    /// Draws the scene.
    public static func render(width: Int, height: Int) -> RGBAImage {
        var c = Painter(width: width, height: height, background: paper)
        let sceneW = Double(width)
        let sceneH = Double(height)

        // Chart on a dark card.
        let cell = sceneH * 0.11
        c.rect(
            sceneW * 0.03 - cell * 0.15, sceneH * 0.05 - cell * 0.15, cell * 6.5 + cell * 0.2, cell * 4.3 + cell * 0.2,
            RGB8(30, 30, 30))
        for p in patches(width: width, height: height) {
            c.rect(Double(p.x), Double(p.y), Double(p.width), Double(p.height), p.colour)
        }

        IshiharaPlate.draw(&c, cx: sceneW * 0.74, cy: sceneH * 0.33, r: sceneH * 0.29)
        drawHueWheel(&c, cx: sceneW * 0.17, cy: sceneH * 0.73, r: sceneH * 0.17)
        drawFruit(&c, sceneW: sceneW, sceneH: sceneH)

        // Grey ramp along the bottom, 0…255 in 16 steps.
        for i in 0..<16 {
            let v = UInt8(i * 17)
            c.rect(
                sceneW * 0.02 + Double(i) * sceneW * 0.96 / 16, sceneH * 0.93, sceneW * 0.96 / 16 + 1, sceneH * 0.05,
                RGB8(v, v, v))
        }
        return c.image
    }

    /// Hue around the circle, saturation growing outwards, full value.
    static func drawHueWheel(_ c: inout Painter, cx: Double, cy: Double, r: Double) {
        c.paint(cx - r, cy - r, cx + r, cy + r) { x, y in
            let dx = (x - cx) / r
            let dy = (y - cy) / r
            let d = (dx * dx + dy * dy).squareRoot()
            guard d <= 1 else { return nil }
            let hue = (atan2(dy, dx) / (2 * Double.pi) + 1).truncatingRemainder(dividingBy: 1)
            return hsv(hue, d, 1)
        }
    }

    static func drawFruit(_ c: inout Painter, sceneW: Double, sceneH: Double) {
        let y = sceneH * 0.76
        // Banana: a yellow crescent (one ellipse minus another).
        c.paint(sceneW * 0.33, y - sceneH * 0.13, sceneW * 0.53, y + sceneH * 0.10) { x, yy in
            let a = pow((x - sceneW * 0.43) / (sceneW * 0.10), 2) + pow((yy - y + sceneH * 0.06) / (sceneH * 0.15), 2)
            let b = pow((x - sceneW * 0.43) / (sceneW * 0.10), 2) + pow((yy - y + sceneH * 0.13) / (sceneH * 0.15), 2)
            return a <= 1 && b > 1 ? RGB8(236, 206, 58) : nil
        }
        c.disc(sceneW * 0.60, y, sceneH * 0.10, RGB8(196, 30, 42)) // red apple
        // Leaf.
        c.ellipse(cx: sceneW * 0.61, cy: y - sceneH * 0.11, rx: sceneH * 0.035, ry: sceneH * 0.017, RGB8(62, 140, 44))
        c.disc(sceneW * 0.585, y - sceneH * 0.03, sceneH * 0.022, RGB8(232, 120, 120)) // highlight
        c.disc(sceneW * 0.74, y + sceneH * 0.01, sceneH * 0.09, RGB8(244, 140, 22)) // orange
        c.disc(sceneW * 0.86, y - sceneH * 0.02, sceneH * 0.08, RGB8(142, 196, 58)) // lime / green apple
        for k in 0..<5 { // blueberries
            c.disc(
                sceneW * (0.92 + 0.02 * Double(k % 3)), y + sceneH * (0.07 + 0.03 * Double(k / 3)), sceneH * 0.018,
                RGB8(58, 66, 128))
        }
        // Traffic-light strip: the classic red/amber/green problem.
        for (i, col) in [RGB8(200, 30, 30), RGB8(240, 170, 0), RGB8(20, 160, 70)].enumerated() {
            c.disc(sceneW * 0.965, sceneH * (0.08 + 0.09 * Double(i)), sceneH * 0.035, col)
        }
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> RGB8 {
        let i = Int(h * 6) % 6
        let f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s)
        let q = v * (1 - f * s)
        let t = v * (1 - (1 - f) * s)
        let (r, g, b): (Double, Double, Double) =
            switch i {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        func l(_ x: Double) -> UInt8 { UInt8((x * 255).rounded()) }
        return RGB8(l(r), l(g), l(b))
    }
}

/// Deterministic random numbers for drawing (same scene on every run and machine): SplitMix64.
public struct SceneRandom: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) / Double(1 << 53)
    }
}
