import CVDCore

/// Every pixel of the picture given a colour and a coverage: a flat pixel its cluster's
/// group (coverage 1); an anti-aliased pixel between two colours that lie around it the
/// one it holds more of, with its share (`t` along the line between them in sRGB — what a
/// renderer's blend and a camera's blur make); and a pixel that neither explains — a thin
/// line, a letter's stroke, too thin to have a flat pixel of its own — a mixture of an ink
/// and the local background (the most common colour around it), whose ink is found from all
/// such pixels together (`InkColours`).
struct PixelColours {
    /// Each pixel's colour (an index into `colours`), or `none` (a faint mixture), `shade`
    /// (continuous shading) or `unknown` (nothing flat around it).
    var label: [UInt16]
    /// How much of the pixel its colour covers, 0…255.
    var coverage: [UInt8]
    /// The colour the rest of the pixel is (a blend's other colour, a thin mark's
    /// background), `none`, or `core` for a flat pixel.
    var other: [UInt16]
    /// The colours: the flat groups' means first, then the inks found.
    var colours: [RGB8]
    /// How many colours are flat groups (the rest are inks of thin marks), and each flat
    /// group's pixels.
    let flatCount: Int
    let flatPixels: [Int]

    static let none = UInt16.max
    static let shade = UInt16.max - 1
    /// A pixel with no flat colour anywhere around it (fine texture, a photograph's detail):
    /// nothing to judge it against.
    static let unknown = UInt16.max - 2
    /// `other` of a flat pixel: wholly its own colour.
    static let core = UInt16.max - 3
    /// How far around a pixel (working pixels) its neighbours' colours are looked at; and
    /// how far when only one colour lies that near (a blurred edge is wider).
    static let reach = 3
    static let wideReach = 6

    /// A pixel that neither colour around it explains.
    struct Mixture {
        let index: Int
        let background: UInt16
        let r: Int16, g: Int16, b: Int16
    }

    /// Takes the clusters' labels (`clusters.label` is empty after).
    init(_ w: WorkingPicture, _ clusters: inout FlatClusters) {
        // One colour per group of clusters that is not shading, in order of the group's first cluster.
        var groupColour = [UInt16](repeating: Self.none, count: clusters.sums.count)
        var sums: [FlatClusters.Sums] = []
        for (k, g) in clusters.group.enumerated() where clusters.sums[k].count > 0 {
            if groupColour[g] == Self.none {
                groupColour[g] = UInt16(sums.count)
                sums.append(FlatClusters.Sums())
            }
            sums[Int(groupColour[g])].merge(clusters.sums[k])
        }
        colours = sums.map(\.rgb)
        flatCount = colours.count
        flatPixels = sums.map(\.count)
        let n = w.width * w.height
        // The clusters' labels become the colours' in place (no second array of the picture's size).
        var label: [UInt16] = []
        swap(&label, &clusters.label)
        var coverage = [UInt8](repeating: 0, count: n)
        var other = [UInt16](repeating: Self.none, count: n)
        for i in 0..<n where label[i] != FlatClusters.none {
            label[i] = label[i] == FlatClusters.shade ? Self.shade : groupColour[clusters.group[Int(label[i])]]
            coverage[i] = 255
            other[i] = Self.core
        }
        // Only the flat pixels (`other` == `core`) decide what lies around a pixel, so the
        // order pixels are visited in changes nothing.
        var mixtures: [Mixture] = []
        let near = Float(max(24, 3 * Int(w.step)))
        for y in 0..<w.height {
            for x in 0..<w.width {
                let i = y * w.width + x
                guard other[i] != Self.core, w.isJudged(i) else { continue }
                var found = Self.around(label, other, x, y, Self.reach, w)
                // One colour around: a wider look finds the other side of a blurred edge.
                if found.used == 1 { found = Self.around(label, other, x, y, Self.wideReach, w) }
                guard found.used > 0 else {
                    label[i] = Self.unknown
                    continue
                }
                let around = found.ordered
                let first = around[0]
                // Next to shading: nothing to judge it against.
                if around.contains(where: { $0.colour == Self.shade }) {
                    label[i] = Self.shade
                    continue
                }
                let p = w.rgb(i)
                if let (c, share, with) = Self.explain(p, around, colours, near: near) {
                    label[i] = c
                    coverage[i] = UInt8(max(1, min(255, (share * 255).rounded())))
                    other[i] = with
                } else {
                    let bg = colours[Int(first.colour)]
                    other[i] = first.colour
                    mixtures.append(
                        Mixture(
                            index: i, background: first.colour, r: Int16(p.r) - Int16(bg.r),
                            g: Int16(p.g) - Int16(bg.g), b: Int16(p.b) - Int16(bg.b)))
                }
            }
        }
        self.label = label
        self.coverage = coverage
        self.other = other
        InkColours.resolve(mixtures, into: &self)
    }

    /// Up to four colours around a pixel with their counts (a fixed-size value: no
    /// allocation per pixel).
    struct Around {
        var colours: (UInt16, UInt16, UInt16, UInt16) = (none, none, none, none)
        var counts: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        var used = 0

        mutating func add(_ c: UInt16) {
            if colours.0 == c {
                counts.0 += 1
            } else if colours.1 == c {
                counts.1 += 1
            } else if colours.2 == c {
                counts.2 += 1
            } else if colours.3 == c {
                counts.3 += 1
            } else if used < 4 {
                switch used {
                case 0: (colours.0, counts.0) = (c, 1)
                case 1: (colours.1, counts.1) = (c, 1)
                case 2: (colours.2, counts.2) = (c, 1)
                default: (colours.3, counts.3) = (c, 1)
                }
                used += 1
            }
        }

        /// The colours, most common first (ties: the lower index).
        var ordered: [(colour: UInt16, count: Int)] {
            let all = [(colours.0, counts.0), (colours.1, counts.1), (colours.2, counts.2), (colours.3, counts.3)]
            return all.prefix(used).map { ($0.0, Int($0.1)) }.sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.colour < $1.colour
            }
        }
    }

    /// The colours of the flat pixels within `reach`.
    static func around(_ label: [UInt16], _ other: [UInt16], _ x: Int, _ y: Int, _ reach: Int, _ w: WorkingPicture)
        -> Around
    {
        var found = Around()
        for yy in max(0, y - reach)...min(w.height - 1, y + reach) {
            let row = yy * w.width
            for xx in max(0, x - reach)...min(w.width - 1, x + reach) where other[row + xx] == core {
                let c = label[row + xx]
                if c != none { found.add(c) }
            }
        }
        return found
    }

    /// The colour a pixel belongs to, how much of it, and the other colour of a blend: one of
    /// the three commonest colours around it (within `near` sRGB levels), or a blend of two
    /// of them (the one it holds more of, with its share). Nil when none explains it.
    static func explain(_ p: RGB8, _ around: [(colour: UInt16, count: Int)], _ colours: [RGB8], near: Float)
        -> (UInt16, Float, UInt16)?
    {
        let candidates = around.prefix(3).filter { $0.colour != shade }
        let v = SIMD3<Float>(Float(p.r), Float(p.g), Float(p.b))
        func vector(_ c: UInt16) -> SIMD3<Float> {
            let rgb = colours[Int(c)]
            return SIMD3(Float(rgb.r), Float(rgb.g), Float(rgb.b))
        }
        for c in candidates {
            let d = v - vector(c.colour)
            if (d * d).sum() <= near * near { return (c.colour, 1, none) }
        }
        for (k, a) in candidates.enumerated() {
            for b in candidates.dropFirst(k + 1) {
                let va = vector(a.colour)
                let edge = vector(b.colour) - va
                let length2 = (edge * edge).sum()
                guard length2 > 0 else { continue }
                let t = ((v - va) * edge).sum() / length2
                guard t >= 0, t <= 1 else { continue }
                let off = v - (va + edge * t)
                guard (off * off).sum() <= near * near else { continue }
                // The pixel is the colour it holds more of, by its share: a blurred edge
                // splits down its middle, never into alternating bands.
                return t >= 0.5 ? (b.colour, t, a.colour) : (a.colour, 1 - t, b.colour)
            }
        }
        return nil
    }
}
