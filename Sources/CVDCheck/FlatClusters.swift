import CVDCore

/// The picture's flat colours: every flat, judged pixel (`WorkingPicture.flat`) given to the
/// nearest of a few clusters — seeds from a histogram of the flat pixels, most common first
/// and at least `seedRadius` apart, then two rounds of nearest-seed assignment within twice
/// that — and the clusters that meet without an edge (a soft border: one surface under
/// uneven light, or a gradient cut in bands) joined into groups. A group that spans more
/// than `spreadLimit` is continuous shading (a colour scale, a photograph's sky) and names
/// no colour. Every step goes through the pixels and the bins in order: the same picture
/// gives the same clusters, whatever the run.
struct FlatClusters {
    /// A cluster's running sums: Lab from `LabTable`, RGB exact.
    struct Sums {
        var l: Float = 0, a: Float = 0, b: Float = 0
        var r = 0, g = 0, bl = 0, count = 0

        var mean: LabF {
            let n = Float(max(count, 1))
            return LabF(l: l / n, a: a / n, b: b / n)
        }
        var rgb: RGB8 {
            let n = max(count, 1)
            return RGB8(UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((bl + n / 2) / n))
        }
        mutating func add(_ p: LabF, _ c: RGB8, times n: Int = 1) {
            l += p.l * Float(n)
            a += p.a * Float(n)
            b += p.b * Float(n)
            r += Int(c.r) * n
            g += Int(c.g) * n
            bl += Int(c.b) * n
            count += n
        }
        mutating func merge(_ o: Sums) {
            l += o.l
            a += o.a
            b += o.b
            r += o.r
            g += o.g
            bl += o.bl
            count += o.count
        }
    }

    static let seedRadius: Float = 9
    static let spreadLimit: Float = 25
    /// A patch whose two largest clusters hold this share of it is two colours, not shading.
    static let twoColours: Float = 0.9
    /// At most this many clusters: more than a chart has colours, few enough to stay cheap.
    static let maximumClusters = 96
    /// No label.
    static let none = UInt16.max
    /// A flat pixel of continuous shading (`markShading`).
    static let shade = UInt16.max - 1

    var sums: [Sums]
    /// Each working pixel's cluster, or `none` (not flat, not judged, or far from every cluster).
    var label: [UInt16]
    /// Each cluster's group (clusters joined by soft borders: one colour).
    var group: [Int]

    /// `flat`: `WorkingPicture.flatness()`, let go of before the shading is looked for.
    /// `blendedBorders`: a JPEG's picture or a photographed one (`TextureBlocks`).
    init(_ w: WorkingPicture, flat: consuming [Bool], blendedBorders: Bool) {
        let n = w.width * w.height
        let table = LabTable.values
        let allJudged = w.judged.isEmpty
        var label = [UInt16](repeating: Self.none, count: n)
        var sums: [Sums] = []
        // Pixels by pointer: these loops visit every pixel up to four times (one array
        // access each would be checked and, through `w`, retained).
        w.pixels.withUnsafeBufferPointer { px in
            w.judged.withUnsafeBufferPointer { judged in
                flat.withUnsafeBufferPointer { flat in
                    table.withUnsafeBufferPointer { lab in
                        label.withUnsafeMutableBufferPointer { label in
                            @inline(__always) func counted(_ i: Int) -> Bool { flat[i] && (allJudged || judged[i]) }
                            @inline(__always) func key(_ i: Int) -> Int {
                                Int(px[4 * i] >> 2) << 12 | Int(px[4 * i + 1] >> 2) << 6 | Int(px[4 * i + 2] >> 2)
                            }
                            // The flat pixels' colours by 18-bit bin: counts and one colour per bin.
                            var binCount = [Int32](repeating: 0, count: 1 << 18)
                            for i in 0..<n where counted(i) { binCount[key(i)] += 1 }
                            var bins: [Int] = []
                            for k in 0..<(1 << 18) where binCount[k] > 0 { bins.append(k) }
                            var means = Self.seeds(bins, binCount)
                            binCount = []
                            var nearest = [UInt16](repeating: Self.none, count: 1 << 18)
                            for _ in 0..<2 {
                                // The nearest mean of each bin, then each pixel takes its bin's.
                                let limit = 4 * Self.seedRadius * Self.seedRadius
                                for k in bins {
                                    let lab = lab[k]
                                    var best = Self.none
                                    var bestD = limit
                                    for (c, m) in means.enumerated() {
                                        let d = lab.distance2(m)
                                        if d < bestD {
                                            bestD = d
                                            best = UInt16(c)
                                        }
                                    }
                                    nearest[k] = best
                                }
                                var next = [Sums](repeating: Sums(), count: means.count)
                                next.withUnsafeMutableBufferPointer { next in
                                    for i in 0..<n where counted(i) {
                                        let rgb = RGB8(px[4 * i], px[4 * i + 1], px[4 * i + 2])
                                        let key = key(i)
                                        let c = nearest[key]
                                        label[i] = c
                                        if c != Self.none { next[Int(c)].add(lab[key], rgb) }
                                    }
                                }
                                // Empty clusters dropped, the rest renumbered in order.
                                var renumber = [UInt16](repeating: Self.none, count: next.count)
                                sums = []
                                for (k, s) in next.enumerated() where s.count > 0 {
                                    renumber[k] = UInt16(sums.count)
                                    sums.append(s)
                                }
                                for i in 0..<n where label[i] != Self.none { label[i] = renumber[Int(label[i])] }
                                means = sums.map(\.mean)
                            }
                        }
                    }
                }
            }
        }
        flat = []
        Self.markShading(&label, sums.map(\.mean), w)
        TextureBlocks.mark(
            &label, clusters: sums.count, width: w.width, height: w.height, blendedBorders: blendedBorders)
        // The clusters' sums again, without the shading's pixels.
        var kept = [Sums](repeating: Sums(), count: sums.count)
        w.pixels.withUnsafeBufferPointer { px in
            table.withUnsafeBufferPointer { lab in
                label.withUnsafeBufferPointer { label in
                    kept.withUnsafeMutableBufferPointer { kept in
                        for i in 0..<n where label[i] < Self.shade {
                            let rgb = RGB8(px[4 * i], px[4 * i + 1], px[4 * i + 2])
                            kept[Int(label[i])].add(lab[LabTable.key(rgb)], rgb)
                        }
                    }
                }
            }
        }
        self.sums = kept
        self.label = label
        group = Self.groups(kept, label, w)
    }

    /// Seeds: bins in 3-unit cells of L*a*b*, most pixels first (ties: the lower cell), each
    /// cell's mean a seed unless within `seedRadius` of one already taken.
    static func seeds(_ bins: [Int], _ binCount: [Int32]) -> [LabF] {
        var cells: [Int: Sums] = [:]
        for k in bins {
            let p = LabTable.values[k]
            let cell = Int(p.l / 3) << 20 | Int((p.a + 160) / 3) << 10 | Int((p.b + 160) / 3)
            cells[cell, default: Sums()].add(p, RGB8(0, 0, 0), times: Int(binCount[k]))
        }
        let ordered = cells.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        var seeds: [LabF] = []
        let r2 = seedRadius * seedRadius
        for (_, cell) in ordered where seeds.count < maximumClusters {
            let m = cell.mean
            if !seeds.contains(where: { $0.distance2(m) < r2 }) { seeds.append(m) }
        }
        return seeds
    }

    /// Clusters joined by soft borders (neighbouring flat pixels of two clusters) through
    /// union–find: two join when their soft border is longer than a tenth of the smaller
    /// one's side (and at least 3 pixels) — a shared border, not noise — and their means lie
    /// within `spreadLimit`: one surface under uneven light, one colour.
    static func groups(_ sums: [Sums], _ label: [UInt16], _ w: WorkingPicture) -> [Int] {
        let n = sums.count
        var border = [Int](repeating: 0, count: n * n)
        for y in 0..<w.height {
            for x in 0..<w.width {
                let i = y * w.width + x
                let a = label[i]
                guard a < shade else { continue }
                if x + 1 < w.width, label[i + 1] < shade, label[i + 1] != a {
                    border[Int(min(a, label[i + 1])) * n + Int(max(a, label[i + 1]))] += 1
                }
                if y + 1 < w.height, label[i + w.width] < shade, label[i + w.width] != a {
                    border[Int(min(a, label[i + w.width])) * n + Int(max(a, label[i + w.width]))] += 1
                }
            }
        }
        var sets = UnionFind(count: n)
        let limit2 = spreadLimit * spreadLimit
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) where border[a * n + b] > 0 {
                let side = Float(min(sums[a].count, sums[b].count)).squareRoot()
                guard Float(border[a * n + b]) >= max(3, 0.1 * side), sums[a].mean.distance2(sums[b].mean) <= limit2
                else { continue }
                sets.union(a, b)
            }
        }
        return sets.roots()
    }
}
