import CVDCore

/// The picture with the check's replacements put in, so the fix can be seen to work
/// (`cvdcam check --recoloured`, the live `z` `z`). Each pixel is given to the nearest of
/// the picture's colours, or of the straight blends of two of them (an anti-aliased edge);
/// only a pixel given to a replaced colour or to a blend with one moves — by the
/// difference between the new colour and the old (in sRGB levels, so the paper's texture,
/// noise and shading stay), a blend by its share of each. Every other pixel, the paper and
/// the colours not listed with their edges, keeps its bytes.
public enum Recolouring {
    /// How close (sRGB levels, Euclidean) a pixel must lie to a region's colour, or to the
    /// straight blend of two regions' colours, to count as theirs.
    static let reach = 24.0

    public static func apply(_ replacements: [Replacement], in found: FoundRegions, to image: RGBAImage) -> RGBAImage {
        guard !replacements.isEmpty else { return image }
        let colours = found.regions.map { v($0.rgb) }
        var shift = [V3](repeating: V3(0, 0, 0), count: colours.count)
        for r in replacements { shift[r.region] = v(r.colour) - colours[r.region] }
        var out = image
        var known: [UInt32: V3] = [:] // a picture repeats its colours: each one worked out once
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let key = UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2])
            let move: V3
            if let m = known[key] {
                move = m
            } else {
                let p = V3(Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2]))
                move = Self.move(p, colours, shift)
                known[key] = move
            }
            guard move.length2 > 0 else { continue }
            put(
                V3(Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2])) + move, at: i,
                in: &out)
        }
        return out
    }

    /// How far `p` moves: the shift of the colour nearest to it within `reach`, or of the
    /// blend, when a blend lies nearer (ties keep the colour, then the earlier pair); zero
    /// when that is no replaced colour.
    static func move(_ p: V3, _ colours: [V3], _ shift: [V3]) -> V3 {
        var best = (residual: reach * reach, move: V3(0, 0, 0))
        for (a, old) in colours.enumerated() {
            let d = (p - old).length2
            if d < best.residual { best = (d, shift[a]) }
        }
        for (a, old) in colours.enumerated() where best.residual > 0 {
            // A blend of colour a and a later colour b: p ≈ old + t·(q − old), 0 < t < 1.
            for b in (a + 1)..<colours.count {
                let edge = colours[b] - old
                let t = (p - old).dot(edge) / max(edge.length2, 1)
                guard t > 0, t < 1 else { continue }
                let residual = (p - (old + edge * t)).length2
                if residual < best.residual { best = (residual, shift[a] * (1 - t) + shift[b] * t) }
            }
        }
        return best.move
    }

    private static func put(_ n: V3, at i: Int, in out: inout RGBAImage) {
        out.pixels[i] = level(n.x)
        out.pixels[i + 1] = level(n.y)
        out.pixels[i + 2] = level(n.z)
    }

    private static func level(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
    private static func v(_ c: RGB8) -> V3 { V3(Double(c.r), Double(c.g), Double(c.b)) }

    struct V3 {
        var x, y, z: Double
        init(_ x: Double, _ y: Double, _ z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }
        static func + (a: V3, b: V3) -> V3 { V3(a.x + b.x, a.y + b.y, a.z + b.z) }
        static func - (a: V3, b: V3) -> V3 { V3(a.x - b.x, a.y - b.y, a.z - b.z) }
        static func * (a: V3, s: Double) -> V3 { V3(a.x * s, a.y * s, a.z * s) }
        func dot(_ b: V3) -> Double { x * b.x + y * b.y + z * b.z }
        var length2: Double { dot(self) }
    }
}
