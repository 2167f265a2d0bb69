import CVDCore

extension PixelColours {
    /// How far across a border (working pixels) the colours on its two sides are looked for.
    static let borderReach = 2
    /// How far beyond its sides a border pixel may reach, as a share of the step between
    /// them, where that is more than the blend distance: JPEG's ringing at a sharp edge (a
    /// step cut off in frequency overshoots by 9 %, Gibbs).
    static let borderSlack: Float = 0.1
    /// How far a border pixel's chroma share may lie from its luma share: JPEG and cameras
    /// keep chroma at half the resolution, so a 2×2 block across an edge has its chroma half
    /// of each side while each pixel's luma is its own, and a decoder's smoothing of the
    /// chroma (libjpeg's "fancy" upsampling weighs the next block by 3/16 each way) takes
    /// the pixel beside it up to about ¾ of the way.
    static let chromaLag: Float = 0.75
    /// Sides whose luma differ by less than this (levels) are told apart by chroma alone;
    /// sides whose chroma differ by less, by luma alone.
    static let lumaFloor: Float = 8
    /// Across, down and the two diagonals.
    static let borderDirections = [(1, 0), (0, 1), (1, 1), (1, -1)]

    /// A thin line where two colours meet, whose pixels are blends of those two, is their
    /// border and no mark of its own. JPEG (its ringing and its chroma at half resolution)
    /// and a camera's blur leave such a line between a bar and the axis under it (the axis
    /// is a thin ink, so no flat pixel around explains the row) or between a bar and the
    /// paper; taken for an ink of its own, it was "dark red (lines 1 px)" beside the red
    /// bars of a JPEG chart, and a pair at risk with the black axis. Each pixel of an ink
    /// with a colour on one side and another colour on the other (in a direction of
    /// `borderDirections`, within `borderReach` working pixels) that is a blend of the two
    /// (`borderShare`) takes the side it holds more of, with its share. Only colours with
    /// at least as many pixels as the ink's own count as sides, so a border is absorbed
    /// into what it lies between and never the other way round (the axis under a bar never
    /// becomes the bar's border line). The labels as `InkColours` left them decide, so the
    /// order pixels are visited in changes nothing. A letter (the paper on both sides) and
    /// a line across a bar (no blend of the bar and the paper) stay as they are.
    mutating func absorbBorders(_ w: WorkingPicture) {
        let inks = flatCount..<colours.count
        guard !inks.isEmpty else { return }
        let near = Float(max(24, 3 * Int(w.step)))
        var pixels = [Int](repeating: 0, count: colours.count)
        for l in label where Int(l) < colours.count { pixels[Int(l)] += 1 }
        let before = label
        let rgb = colours.map { SIMD3<Float>(Float($0.r), Float($0.g), Float($0.b)) }
        let (width, height) = (w.width, w.height)
        // The first colour other than `own` from pixel (x, y) going (dx, dy), within reach,
        // if it has at least as many pixels as `own`.
        func side(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, _ own: UInt16) -> UInt16? {
            for k in 1...Self.borderReach {
                let (u, v) = (x + k * dx, y + k * dy)
                guard u >= 0, u < width, v >= 0, v < height else { return nil }
                let l = before[v * width + u]
                if l == own { continue }
                return Int(l) < colours.count && pixels[Int(l)] >= pixels[Int(own)] ? l : nil
            }
            return nil
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let own = before[i]
                guard inks.contains(Int(own)) else { continue }
                let p = w.rgb(i)
                let v = SIMD3<Float>(Float(p.r), Float(p.g), Float(p.b))
                for (dx, dy) in Self.borderDirections {
                    guard let a = side(x, y, -dx, -dy, own), let b = side(x, y, dx, dy, own), a != b,
                        let t = Self.borderShare(v, rgb[Int(a)], rgb[Int(b)], near: near)
                    else { continue }
                    label[i] = t >= 0.5 ? b : a
                    coverage[i] = UInt8(max(1, min(255, (max(t, 1 - t) * 255).rounded())))
                    break
                }
            }
        }
    }

    /// Y′CbCr as JPEG stores it (ITU-R BT.601, full range), from sRGB levels, and back.
    static func ycc(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let y = 0.299 * c.x + 0.587 * c.y + 0.114 * c.z
        return SIMD3(y, 0.564 * (c.z - y), 0.713 * (c.x - y))
    }
    static func rgb(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let (r, b) = (c.x + c.z / 0.713, c.x + c.y / 0.564)
        return SIMD3(r, (c.x - 0.299 * r - 0.114 * b) / 0.587, b)
    }

    /// How much of `b` a pixel `v` between `a` and `b` holds (sRGB levels), or nil when it
    /// is no blend of them as JPEG makes one. In Y′CbCr, as JPEG stores a picture, its luma
    /// lies between the sides', overshooting by at most `borderSlack` of the luma step (its
    /// ringing); its chroma lies between theirs by a share of its own, at most `chromaLag`
    /// from the luma's (chroma is kept at half the resolution, so mixed over more pixels).
    /// The pixel may then lie off that blend by the blend distance `near` (sRGB levels, as
    /// `explain` allows), or by `borderSlack` of the step where that is more. Where the two
    /// sides' luma is about the same (a red/green border) the chroma alone decides, and
    /// where their chroma is (black and white) the luma. Colour cannot tell a border from a
    /// thin mark whose luma and chroma each lie between its neighbours' (a 2-pixel segment
    /// of a mid red between a dark and a light one in a stacked bar; a grey outline between
    /// a red bar and the paper): in a JPEG such a mark is taken for their border.
    static func borderShare(_ v: SIMD3<Float>, _ a: SIMD3<Float>, _ b: SIMD3<Float>, near: Float) -> Float? {
        let rgbStep = b - a
        let length2 = (rgbStep * rgbStep).sum()
        guard length2 > 0 else { return nil }
        let (yv, ya, yb) = (ycc(v), ycc(a), ycc(b))
        let step = yb - ya
        let chromaStep = SIMD2(step.y, step.z)
        let chroma2 = (chromaStep * chromaStep).sum()
        func clamped(_ t: Float) -> Float { min(max(t, 0), 1) }
        // Sides of about the same chroma (black and white, each slightly tinted): no share of
        // their chroma can be told, and the luma's stands for it.
        let tc =
            chroma2 < Self.lumaFloor * Self.lumaFloor
            ? nil : clamped(((SIMD2(yv.y, yv.z) - SIMD2(ya.y, ya.z)) * chromaStep).sum() / chroma2)
        let ty: Float
        if abs(step.x) >= Self.lumaFloor {
            let raw = (yv.x - ya.x) / step.x
            guard raw >= -Self.borderSlack, raw <= 1 + Self.borderSlack else { return nil }
            ty = clamped(raw)
            guard abs(ty - (tc ?? ty)) <= Self.chromaLag else { return nil }
        } else {
            guard let tc else { return nil } // the same colour, give or take a few levels
            ty = tc
        }
        let t = tc ?? ty
        let model = rgb(SIMD3(ya.x + ty * step.x, ya.y + t * step.y, ya.z + t * step.z))
        let off = v - model
        guard (off * off).sum() <= max(near * near, Self.borderSlack * Self.borderSlack * length2) else { return nil }
        let luma2 = step.x * step.x
        return luma2 + chroma2 == 0 ? ty : (ty * luma2 + t * chroma2) / (luma2 + chroma2)
    }
}
