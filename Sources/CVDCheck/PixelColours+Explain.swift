import CVDCore

extension PixelColours {
    /// The colour a pixel belongs to, how much of it, and the other colour of a blend: one of
    /// the three commonest colours around it (within `near` sRGB levels), or a blend of two
    /// of them (the one it holds more of, with its share). Nil when none explains it.
    /// `around`: `Around.sorted()`.
    static func explain(_ p: RGB8, _ around: Around, _ colours: [RGB8], near: Float) -> (UInt16, Float, UInt16)? {
        var candidates = SIMD3<UInt16>(repeating: none)
        var count = 0
        for k in 0..<min(3, around.used) where around.colours[k] != shade {
            candidates[count] = around.colours[k]
            count += 1
        }
        let v = SIMD3<Float>(Float(p.r), Float(p.g), Float(p.b))
        func vector(_ c: UInt16) -> SIMD3<Float> {
            let rgb = colours[Int(c)]
            return SIMD3(Float(rgb.r), Float(rgb.g), Float(rgb.b))
        }
        for k in 0..<count {
            let d = v - vector(candidates[k])
            if (d * d).sum() <= near * near { return (candidates[k], 1, none) }
        }
        for k in 0..<count {
            let a = candidates[k]
            for l in (k + 1)..<max(k + 1, count) {
                let b = candidates[l]
                let va = vector(a)
                let edge = vector(b) - va
                let length2 = (edge * edge).sum()
                guard length2 > 0 else { continue }
                let t = ((v - va) * edge).sum() / length2
                guard t >= 0, t <= 1 else { continue }
                let off = v - (va + edge * t)
                guard (off * off).sum() <= near * near else { continue }
                // The pixel is the colour it holds more of, by its share: a blurred edge
                // splits down its middle, never into alternating bands.
                return t >= 0.5 ? (b, t, a) : (a, 1 - t, b)
            }
        }
        return nil
    }
}
