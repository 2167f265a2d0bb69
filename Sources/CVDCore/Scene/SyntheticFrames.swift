/// Frames for benchmarks and tests: a camera-like picture and uniform noise.
public enum SyntheticFrames {
    /// The test scene under uneven light (brighter centre, darker corners, as through a
    /// webcam lens) with Gaussian-like sensor noise of `noise` levels standard deviation.
    public static func camera(width: Int, height: Int, noise: Double = 3, seed: UInt64 = 1) -> RGBAImage {
        var img = TestScene.render(width: width, height: height)
        var rng = SceneRandom(seed: seed)
        let cx = Double(width) / 2
        let cy = Double(height) / 2
        let rr = cx * cx + cy * cy
        img.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) - cx
                    let dy = Double(y) - cy
                    let light = 1.04 - 0.28 * (dx * dx + dy * dy) / rr
                    let i = (y * width + x) * 4
                    for k in 0..<3 {
                        // Sum of three uniforms: close to Gaussian, σ = noise.
                        let n = (rng.uniform(-1, 1) + rng.uniform(-1, 1) + rng.uniform(-1, 1)) * noise
                        p[i + k] = UInt8(min(max((Double(p[i + k]) * light + n).rounded(), 0), 255))
                    }
                }
            }
        }
        return img
    }

    /// Uniformly random bytes: the worst case for any cache or table.
    public static func noise(byteCount: Int, seed: UInt64 = 2) -> [UInt8] {
        var rng = SceneRandom(seed: seed)
        var out = [UInt8](repeating: 0, count: byteCount)
        var i = 0
        while i < byteCount {
            var v = rng.next()
            for _ in 0..<8 where i < byteCount {
                out[i] = UInt8(truncatingIfNeeded: v)
                v >>= 8
                i += 1
            }
        }
        return out
    }
}
