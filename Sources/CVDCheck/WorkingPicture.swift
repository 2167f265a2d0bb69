import CVDCore

/// The picture the check works on: at its own size up to `maximumPixels` (a page at 150 dpi,
/// a 1080p frame), else reduced by whole blocks (box means) to under it; each pixel marked
/// judged or not (a damaged file's missing part is never judged) and flat or not — a pixel
/// that differs from one of its four neighbours by a visible step lies on an edge (an
/// anti-aliased border, a thin line, a letter), a mixture of colours rather than one.
struct WorkingPicture {
    let width: Int, height: Int
    /// How many picture pixels one working pixel stands for, along each side.
    let scale: Int
    /// The picture's own size.
    let pictureWidth: Int, pictureHeight: Int
    /// RGBA bytes: the picture's own (shared, not copied) at scale 1, else the block means.
    let pixels: [UInt8]
    /// Which pixels are judged; empty when all are.
    let judged: [Bool]
    /// The CIE76 step between neighbours above which a pixel is on an edge, for this
    /// picture: `edgeStep`, or more where the picture is noisy (a camera's sensor noise).
    let step: Float
    /// The picture's noise (`noise`): 0 for a drawn picture, about the sensor's for a
    /// photographed one.
    let noise: Float

    /// Up to this many pixels the check works at the picture's own size: an A4 page at
    /// 150 dpi (1240×1754), a 1080p frame. A 12-megapixel photograph is halved.
    static let maximumPixels = 3_200_000
    /// The CIE76 step between neighbours above which a pixel is on an edge in a clean
    /// picture: well above JPEG's ringing, well below the step between two colours a chart uses.
    static let edgeStep: Float = 7
    /// From this noise on, a picture was photographed (a camera's frame, a snapshot of one):
    /// the lens's blur and the chroma at half the resolution leave lines of blends at its
    /// borders as JPEG does. A drawn picture's noise is 0, and so is a JPEG's of one.
    static let photographedNoise: Float = 0.5

    /// Whether the picture was photographed (`photographedNoise`).
    var isPhotographed: Bool { noise >= Self.photographedNoise }

    /// `unjudged`: parts of the picture (picture pixels) that are not to be judged.
    init(_ image: RGBAImage, unjudged: [PixelRect] = []) {
        pictureWidth = image.width
        pictureHeight = image.height
        var s = 1
        while (image.width / s) * (image.height / s) > Self.maximumPixels { s += 1 }
        scale = s
        width = max(1, image.width / s)
        height = max(1, image.height / s)
        pixels =
            image.width == 0 || image.height == 0
            ? [255, 255, 255, 255]
            : s == 1 ? image.pixels : Self.reduce(image, scale: s, width: width, height: height)
        var judged: [Bool] = []
        if !unjudged.isEmpty {
            judged = [Bool](repeating: true, count: width * height)
            for box in unjudged {
                for y in max(0, box.y / s)..<min(height, (box.y + box.height + s - 1) / s) {
                    for x in max(0, box.x / s)..<min(width, (box.x + box.width + s - 1) / s) {
                        judged[y * width + x] = false
                    }
                }
            }
        }
        self.judged = judged
        noise = Self.noise(pixels, width: width, height: height)
        step = max(Self.edgeStep, 2.5 * noise)
    }

    @inline(__always) func rgb(_ i: Int) -> RGB8 { RGB8(pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]) }

    func isJudged(_ i: Int) -> Bool { judged.isEmpty || judged[i] }

    /// A working pixel's box in picture pixels.
    func pictureBox(x0: Int, y0: Int, x1: Int, y1: Int) -> PixelRect {
        PixelRect(x: x0 * scale, y: y0 * scale, width: (x1 - x0 + 1) * scale, height: (y1 - y0 + 1) * scale)
    }

    /// The median CIE76 difference between horizontal neighbours, over every seventh row: 0
    /// for a drawn chart, about the noise for a camera's picture.
    static func noise(_ pixels: [UInt8], width: Int, height: Int) -> Float {
        func rgb(_ i: Int) -> RGB8 { RGB8(pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]) }
        guard width > 1 else { return 0 }
        var counts = [Int](repeating: 0, count: 64)
        var n = 0
        for y in stride(from: 0, to: height, by: 7) {
            var previous = LabTable.lab(rgb(y * width))
            for x in 1..<width {
                let lab = LabTable.lab(rgb(y * width + x))
                counts[min(63, Int(lab.distance2(previous).squareRoot() * 2))] += 1
                previous = lab
                n += 1
            }
        }
        var seen = 0
        for (k, c) in counts.enumerated() {
            seen += c
            if 2 * seen > n { return Float(k) / 2 }
        }
        return 0
    }

    /// Whether each pixel is flat: within `step` (CIE76) of its four neighbours.
    func flatness() -> [Bool] {
        var flat = [Bool](repeating: true, count: width * height)
        let step2 = step * step
        var above = [LabF](repeating: LabF(l: 0, a: 0, b: 0), count: width)
        let table = LabTable.values
        let width = width
        pixels.withUnsafeBufferPointer { px in
            table.withUnsafeBufferPointer { table in
                flat.withUnsafeMutableBufferPointer { flat in
                    above.withUnsafeMutableBufferPointer { above in
                        @inline(__always) func lab(_ i: Int) -> LabF {
                            table[Int(px[4 * i] >> 2) << 12 | Int(px[4 * i + 1] >> 2) << 6 | Int(px[4 * i + 2] >> 2)]
                        }
                        for y in 0..<height {
                            var left = lab(y * width)
                            for x in 0..<width {
                                let i = y * width + x
                                let lab = lab(i)
                                if x > 0, lab.distance2(left) > step2 {
                                    flat[i] = false
                                    flat[i - 1] = false
                                }
                                if y > 0, lab.distance2(above[x]) > step2 {
                                    flat[i] = false
                                    flat[i - width] = false
                                }
                                above[x] = lab
                                left = lab
                            }
                        }
                    }
                }
            }
        }
        return flat
    }

    /// Box means of `scale`×`scale` blocks (the right and bottom remainders dropped), RGBA.
    private static func reduce(_ image: RGBAImage, scale s: Int, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        guard image.width > 0, image.height > 0 else { return out }
        var sums = [Int](repeating: 0, count: width * 3)
        let n = s * s
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { out in
                sums.withUnsafeMutableBufferPointer { sums in
                    for wy in 0..<height {
                        for i in sums.indices { sums[i] = 0 }
                        for y in wy * s..<(wy * s + s) {
                            var o = y * image.width * 4
                            for wx in 0..<width {
                                var r = 0
                                var g = 0
                                var b = 0
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
                            let o = (wy * width + wx) * 4
                            for k in 0..<3 { out[o + k] = UInt8((sums[wx * 3 + k] + n / 2) / n) }
                        }
                    }
                }
            }
        }
        return out
    }
}
