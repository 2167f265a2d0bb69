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
        // Which pixels are flat (wholly their colour): needed only here.
        var flat = [Bool](repeating: false, count: n)
        for i in 0..<n where label[i] != FlatClusters.none {
            label[i] = label[i] == FlatClusters.shade ? Self.shade : groupColour[clusters.group[Int(label[i])]]
            coverage[i] = 255
            flat[i] = true
        }
        // Only the flat pixels decide what lies around a pixel, and they stay as they are,
        // so the order pixels are visited in changes nothing.
        var mixtures: [Mixture] = []
        let near = Float(max(24, 3 * Int(w.step)))
        let allJudged = w.judged.isEmpty
        let colours = colours
        w.pixels.withUnsafeBufferPointer { px in
            w.judged.withUnsafeBufferPointer { judged in
                label.withUnsafeMutableBufferPointer { label in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        flat.withUnsafeBufferPointer { flat in
                            var look = Look(label: UnsafeBufferPointer(label), flat: flat, w)
                            for y in 0..<w.height {
                                look.prepare(through: y + Self.wideReach)
                                for x in 0..<w.width {
                                    let i = y * w.width + x
                                    guard !flat[i], allJudged || judged[i] else { continue }
                                    var found = look.around(x, y, Self.reach)
                                    // One colour around: a wider look finds the other side of a blurred edge.
                                    if found.used == 1 { found = look.around(x, y, Self.wideReach) }
                                    guard found.used > 0 else {
                                        label[i] = Self.unknown
                                        continue
                                    }
                                    let around = found.sorted()
                                    // Next to shading: nothing to judge it against.
                                    if around.contains(Self.shade) {
                                        label[i] = Self.shade
                                        continue
                                    }
                                    let p = RGB8(px[4 * i], px[4 * i + 1], px[4 * i + 2])
                                    if let (c, share, _) = Self.explain(p, around, colours, near: near) {
                                        label[i] = c
                                        coverage[i] = UInt8(max(1, min(255, (share * 255).rounded())))
                                    } else {
                                        let first = around.colours[0]
                                        let bg = colours[Int(first)]
                                        mixtures.append(
                                            Mixture(
                                                index: i, background: first, r: Int16(p.r) - Int16(bg.r),
                                                g: Int16(p.g) - Int16(bg.g), b: Int16(p.b) - Int16(bg.b)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        flat = []
        // Moved, not shared: `resolve` writes into them, which would copy a shared array.
        self.label = label
        self.coverage = coverage
        label = []
        coverage = []
        InkColours.resolve(mixtures, into: &self)
    }

    /// What lies around pixels: the labels and flat pixels of `init`, by pointer (the loop
    /// looks at up to 169 pixels around each pixel that is not flat), and for the rows
    /// around the one looked at, runs: how many pixels from each on are the same — flat of
    /// one colour, or not flat — so that the paper beside a letter is counted a run at a
    /// time. What is flat, and its colour, stays as it is while `init` looks.
    struct Look {
        let label: UnsafeBufferPointer<UInt16>
        let flat: UnsafeBufferPointer<Bool>
        let width: Int, height: Int
        /// Run lengths (at most 255) of the rows around, row `y` at `(y % rows) * width`.
        var runs: [UInt8]
        /// Rows whose runs are there: up to this one (exclusive).
        var ready = 0
        static let rows = 2 * wideReach + 1

        init(label: UnsafeBufferPointer<UInt16>, flat: UnsafeBufferPointer<Bool>, _ w: WorkingPicture) {
            self.label = label
            self.flat = flat
            width = w.width
            height = w.height
            runs = [UInt8](repeating: 1, count: w.width * Self.rows)
        }

        /// Makes the runs of every row up to `last` (clipped to the picture) ready; rows
        /// more than `wideReach` above the next are let go of.
        mutating func prepare(through last: Int) {
            while ready <= min(last, height - 1) {
                let base = (ready % Self.rows) * width
                let row = ready * width
                runs[base + width - 1] = 1
                for x in stride(from: width - 2, through: 0, by: -1) {
                    let i = row + x
                    let same = flat[i] == flat[i + 1] && (!flat[i] || label[i] == label[i + 1])
                    runs[base + x] = same && runs[base + x + 1] < 255 ? runs[base + x + 1] + 1 : 1
                }
                ready += 1
            }
        }

        /// The colours of the flat pixels within `reach`, in the order a row-by-row look meets them.
        @inline(__always) func around(_ x: Int, _ y: Int, _ reach: Int) -> Around {
            var found = Around()
            let left = max(0, x - reach)
            let right = min(width - 1, x + reach)
            runs.withUnsafeBufferPointer { runs in
                for yy in max(0, y - reach)...min(height - 1, y + reach) {
                    let row = yy * width
                    let base = (yy % Self.rows) * width
                    var xx = left
                    while xx <= right {
                        let run = min(Int(runs[base + xx]), right - xx + 1)
                        if flat[row + xx] {
                            let c = label[row + xx]
                            if c != none { found.add(c, times: Int32(run)) }
                        }
                        xx += run
                    }
                }
            }
            return found
        }
    }

    /// Up to four colours around a pixel with their counts (a fixed-size value: no
    /// allocation per pixel).
    struct Around {
        var colours = SIMD4<UInt16>(repeating: none)
        var counts = SIMD4<Int32>(repeating: 0)
        var used = 0

        /// `c` met `times` times in a row.
        @inline(__always) mutating func add(_ c: UInt16, times: Int32 = 1) {
            for k in 0..<4 where colours[k] == c {
                counts[k] += times
                return
            }
            guard used < 4 else { return }
            colours[used] = c
            counts[used] = times
            used += 1
        }

        /// The same colours, most common first (ties: the lower index).
        func sorted() -> Around {
            var out = self
            // Insertion sort of the `used` entries: at most four, all different colours.
            for k in 1..<max(1, used) {
                var j = k
                while j > 0,
                    out.counts[j] > out.counts[j - 1]
                        || (out.counts[j] == out.counts[j - 1] && out.colours[j] < out.colours[j - 1])
                {
                    (out.colours[j], out.colours[j - 1]) = (out.colours[j - 1], out.colours[j])
                    (out.counts[j], out.counts[j - 1]) = (out.counts[j - 1], out.counts[j])
                    j -= 1
                }
            }
            return out
        }

        func contains(_ c: UInt16) -> Bool { (0..<used).contains { colours[$0] == c } }
    }
}
