import CVDCore

/// The picture with the check's replacements put in, so the fix can be seen to work
/// (`cvdcam check --recoloured`). Each pixel of a replaced region moves by the difference
/// between the new colour and the old (in sRGB levels, so the paper's texture, noise and
/// shading stay); a pixel on the border between a replaced region and another — an
/// anti-aliased edge, a blend of the two — moves by its share of the replaced colour.
public enum Recolouring {
    /// How close (sRGB levels, Euclidean) a pixel must lie to a region's colour, or to the
    /// straight blend of two regions' colours, to count as theirs.
    static let reach = 24.0

    public static func apply(_ replacements: [Replacement], in found: FoundRegions, to image: RGBAImage) -> RGBAImage {
        guard !replacements.isEmpty else { return image }
        let colours = found.regions.map { v($0.rgb) }
        var shift = [V3](repeating: V3(0, 0, 0), count: colours.count)
        for r in replacements { shift[r.region] = v(r.colour) - colours[r.region] }
        let replaced = Set(replacements.map(\.region))
        var out = image
        let reach2 = reach * reach
        var known: [UInt32: V3] = [:] // a picture repeats its colours: each one worked out once
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let key = UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2])
            let p = V3(Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2]))
            if let move = known[key] {
                if move.length2 > 0 { put(p + move, at: i, in: &out) }
                continue
            }
            var best = (residual: reach2, move: V3(0, 0, 0))
            for a in replaced {
                let old = colours[a]
                let d = (p - old).length2
                if d < best.residual { best = (d, shift[a]) }
                // A blend of region a and another region b: p ≈ old + t·(q − old).
                for (b, q) in colours.enumerated() where b != a {
                    let edge = q - old
                    let t = (p - old).dot(edge) / max(edge.length2, 1)
                    guard t > 0, t < 1 else { continue }
                    let residual = (p - (old + edge * t)).length2
                    if residual < best.residual { best = (residual, shift[a] * (1 - t) + shift[b] * t) }
                }
            }
            known[key] = best.move
            if best.move.length2 > 0 { put(p + best.move, at: i, in: &out) }
        }
        return out
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
