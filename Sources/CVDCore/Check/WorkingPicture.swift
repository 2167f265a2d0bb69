/// A picture reduced to the check's working size (its longer side at most `longSide`
/// pixels, each the mean of the block of pixels it covers), in CIELAB, with every pixel
/// marked flat or not: a pixel that differs from one of its four neighbours by a visible
/// step (`edgeStep`, CIE76) lies on an edge — an anti-aliased border between two regions,
/// a thin line, a letter — and is not a sample of any region's colour.
struct WorkingPicture {
    let width: Int, height: Int
    /// How many picture pixels one working pixel stands for, along each side.
    let scale: Int
    /// Each working pixel's mean sRGB colour and its L*a*b*.
    var rgb: [RGB8]
    var lab: [CIELab]
    var flat: [Bool]

    /// The longer side of the working picture: 320 keeps a legend's swatch (40 px of a
    /// 1000 px chart) several pixels wide while a 12-megapixel photograph costs a few ms.
    static let longSide = 320
    /// CIE76 step between neighbours above which a pixel is on an edge: well above camera
    /// noise and JPEG ringing averaged over a block, well below the step between two colours
    /// a chart uses (its two sides then fall into different regions anyway).
    static let edgeStep = 7.0

    init(_ image: RGBAImage) {
        let s = max(1, (max(image.width, image.height) + Self.longSide - 1) / Self.longSide)
        scale = s
        width = max(1, image.width / s)
        height = max(1, image.height / s)
        rgb = Self.reduce(image, scale: s, width: width, height: height)
        var cache: [UInt32: CIELab] = [:]
        lab = rgb.map { c in
            let key = UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            if let l = cache[key] { return l }
            let l = CIELab(c)
            cache[key] = l
            return l
        }
        flat = Array(repeating: true, count: width * height)
        let step2 = Self.edgeStep * Self.edgeStep
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if x + 1 < width, Self.distance2(lab[i], lab[i + 1]) > step2 {
                    flat[i] = false
                    flat[i + 1] = false
                }
                if y + 1 < height, Self.distance2(lab[i], lab[i + width]) > step2 {
                    flat[i] = false
                    flat[i + width] = false
                }
            }
        }
    }

    /// Squared CIE76 difference.
    static func distance2(_ p: CIELab, _ q: CIELab) -> Double {
        let dl = p.l - q.l
        let da = p.a - q.a
        let db = p.b - q.b
        return dl * dl + da * da + db * db
    }

    /// Box means of `scale`×`scale` blocks (the right and bottom remainders dropped).
    private static func reduce(_ image: RGBAImage, scale s: Int, width: Int, height: Int) -> [RGB8] {
        var out = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        var sums = [Int](repeating: 0, count: width * 3)
        let n = s * s
        image.pixels.withUnsafeBufferPointer { px in
            for wy in 0..<height {
                for i in sums.indices { sums[i] = 0 }
                for y in wy * s..<min(image.height, wy * s + s) {
                    let row = y * image.width * 4
                    for wx in 0..<width {
                        var r = 0
                        var g = 0
                        var b = 0
                        var o = row + wx * s * 4
                        for _ in 0..<s {
                            r += Int(px[o])
                            g += Int(px[o + 1])
                            b += Int(px[o + 2])
                            o += 4
                        }
                        sums[wx * 3] += r
                        sums[wx * 3 + 1] += g
                        sums[wx * 3 + 2] += b
                    }
                }
                for wx in 0..<width {
                    out[wy * width + wx] = RGB8(
                        UInt8((sums[wx * 3] + n / 2) / n), UInt8((sums[wx * 3 + 1] + n / 2) / n),
                        UInt8((sums[wx * 3 + 2] + n / 2) / n))
                }
            }
        }
        return out
    }
}
