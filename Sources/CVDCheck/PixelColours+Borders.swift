import CVDCore

extension PixelColours {
    /// How far across a border (working pixels) the colours on its two sides are looked for.
    static let borderReach = 2
    /// How far beyond its sides a border pixel may reach, as a share of the step between
    /// them: JPEG's ringing at a sharp edge (a step cut off in frequency overshoots by 9 %,
    /// Gibbs).
    static let borderSlack: Float = 0.1

    /// A thin line where two colours meet, whose pixels are blends of those two, is their
    /// border and no mark of its own. JPEG (its ringing and its chroma at half resolution)
    /// and a camera's blur leave such a line between a bar and the axis under it (the axis
    /// is a thin ink, so no flat pixel around explains the row) or between a bar and the
    /// paper; taken for an ink of its own, it was "dark red (lines 1 px)" beside the red
    /// bars of a JPEG chart, and a pair at risk with the black axis. Each pixel of an ink
    /// with a colour on one side and another colour on the other (across, down or along a
    /// diagonal, within `borderReach`) that is a blend of the two (`borderShare`) takes the
    /// side it holds more of, with its share. The labels as `InkColours` left them decide,
    /// so the order pixels are visited in changes nothing. A letter (the paper on both
    /// sides), a line crossing a bar (no blend of the bar and the paper) and a line between
    /// two colours it is no blend of stay as they are.
    mutating func absorbBorders(_ w: WorkingPicture) {
        let inks = flatCount..<colours.count
        guard !inks.isEmpty else { return }
        let near = Float(max(24, 3 * Int(w.step)))
        let before = label
        let ycc = colours.map { Self.ycc(SIMD3<Float>(Float($0.r), Float($0.g), Float($0.b))) }
        let (width, height) = (w.width, w.height)
        // The first colour other than `own` from pixel (x, y) going (dx, dy), within reach.
        func side(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, _ own: UInt16) -> UInt16? {
            for k in 1...Self.borderReach {
                let (u, v) = (x + k * dx, y + k * dy)
                guard u >= 0, u < width, v >= 0, v < height else { return nil }
                let l = before[v * width + u]
                if l == own { continue }
                return Int(l) < ycc.count ? l : nil
            }
            return nil
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let own = before[i]
                guard inks.contains(Int(own)) else { continue }
                let p = w.rgb(i)
                let v = Self.ycc(SIMD3<Float>(Float(p.r), Float(p.g), Float(p.b)))
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    guard let a = side(x, y, -dx, -dy, own), let b = side(x, y, dx, dy, own), a != b,
                        let t = Self.borderShare(v, ycc[Int(a)], ycc[Int(b)], near: near)
                    else { continue }
                    label[i] = t >= 0.5 ? b : a
                    coverage[i] = UInt8(max(1, min(255, (max(t, 1 - t) * 255).rounded())))
                    break
                }
            }
        }
    }

    /// Y′CbCr as JPEG stores it (ITU-R BT.601, full range), from sRGB levels.
    static func ycc(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let y = 0.299 * c.x + 0.587 * c.y + 0.114 * c.z
        return SIMD3(y, 0.564 * (c.z - y), 0.713 * (c.x - y))
    }

    /// How much of `b` a pixel `v` between `a` and `b` holds (all Y′CbCr), or nil when it is
    /// no blend of them. Its lightness and its chroma each lie between theirs, each by a
    /// share of its own: JPEG and a camera keep chroma at half the resolution, so a border
    /// pixel's chroma is blended over more pixels than its lightness. Each may overshoot by
    /// `borderSlack` of the step (JPEG's ringing), and miss the line by `near`.
    static func borderShare(_ v: SIMD3<Float>, _ a: SIMD3<Float>, _ b: SIMD3<Float>, near: Float) -> Float? {
        let step = b - a
        let length2 = (step * step).sum()
        guard length2 > 0 else { return nil }
        let slack = Self.borderSlack
        let luma = step.x == 0 ? 0 : (v.x - a.x) / step.x
        let chromaStep = SIMD2(step.y, step.z)
        let chroma2 = (chromaStep * chromaStep).sum()
        let chroma = chroma2 == 0 ? luma : ((SIMD2(v.y, v.z) - SIMD2(a.y, a.z)) * chromaStep).sum() / chroma2
        let (ty, tc) = (min(max(luma, 0), 1), min(max(chroma, 0), 1))
        let model = SIMD3(a.x + ty * step.x, a.y + tc * step.y, a.z + tc * step.z)
        let off = v - model
        guard (off * off).sum() <= max(near * near, slack * slack * length2) else { return nil }
        return ty
    }
}
