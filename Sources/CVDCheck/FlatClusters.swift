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

    init(_ w: WorkingPicture, flat: [Bool]) {
        // The flat pixels' colours by 18-bit bin: counts and one colour per bin.
        var binCount = [Int32](repeating: 0, count: 1 << 18)
        for i in 0..<(w.width * w.height) where flat[i] && w.isJudged(i) {
            binCount[LabTable.key(w.rgb(i))] += 1
        }
        var bins: [Int] = []
        for k in 0..<(1 << 18) where binCount[k] > 0 { bins.append(k) }
        let seeds = Self.seeds(bins, binCount)
        var means = seeds
        var label = [UInt16](repeating: Self.none, count: w.width * w.height)
        var sums: [Sums] = []
        for _ in 0..<2 {
            // The nearest mean of each bin, then each pixel takes its bin's.
            let limit = 4 * Self.seedRadius * Self.seedRadius
            var nearest = [UInt16](repeating: Self.none, count: 1 << 18)
            for k in bins {
                let lab = LabTable.values[k]
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
            for i in 0..<(w.width * w.height) {
                guard flat[i], w.isJudged(i) else { continue }
                let rgb = w.rgb(i)
                let key = LabTable.key(rgb)
                let c = nearest[key]
                label[i] = c
                if c != Self.none { next[Int(c)].add(LabTable.values[key], rgb) }
            }
            // Empty clusters dropped, the rest renumbered in order.
            var renumber = [UInt16](repeating: Self.none, count: next.count)
            sums = []
            for (k, s) in next.enumerated() where s.count > 0 {
                renumber[k] = UInt16(sums.count)
                sums.append(s)
            }
            for i in label.indices where label[i] != Self.none { label[i] = renumber[Int(label[i])] }
            means = sums.map(\.mean)
        }
        Self.markShading(&label, sums.map(\.mean), w)
        TextureBlocks.mark(&label, clusters: sums.count, width: w.width, height: w.height)
        // The clusters' sums again, without the shading's pixels.
        var kept = [Sums](repeating: Sums(), count: sums.count)
        for i in 0..<(w.width * w.height) where label[i] < Self.shade {
            let rgb = w.rgb(i)
            kept[Int(label[i])].add(LabTable.lab(rgb), rgb)
        }
        self.sums = kept
        self.label = label
        group = Self.groups(kept, label, w)
    }

    /// Each connected patch of flat pixels (4-connected: neighbouring flat pixels differ by
    /// less than a visible step) whose clusters' means span more than `spreadLimit`, and
    /// whose two largest clusters hold less than `twoColours` of it, is continuous shading:
    /// its pixels become `shade`. Patch by patch, so a photograph beside a chart takes none
    /// of the chart's colours with it; and a pale bar whose edge a soft lens blurred into the
    /// paper (two colours and a narrow ramp) is not shading.
    static func markShading(_ label: inout [UInt16], _ means: [LabF], _ w: WorkingPicture) {
        let n = w.width * w.height
        var seen = [Bool](repeating: false, count: n)
        var stack: [Int32] = []
        var patch: [Int32] = []
        var counts = [Int](repeating: 0, count: means.count)
        var touched: [Int] = []
        let limit2 = spreadLimit * spreadLimit
        for start in 0..<n where !seen[start] && label[start] != none {
            seen[start] = true
            stack.append(Int32(start))
            patch.removeAll(keepingCapacity: true)
            var low = means[Int(label[start])]
            var high = low
            while let top = stack.popLast() {
                let i = Int(top)
                patch.append(top)
                let c = Int(label[i])
                if counts[c] == 0 { touched.append(c) }
                counts[c] += 1
                let m = means[c]
                low = LabF(l: min(low.l, m.l), a: min(low.a, m.a), b: min(low.b, m.b))
                high = LabF(l: max(high.l, m.l), a: max(high.a, m.a), b: max(high.b, m.b))
                let x = i % w.width
                for j in [x > 0 ? i - 1 : -1, x + 1 < w.width ? i + 1 : -1, i - w.width, i + w.width]
                where j >= 0 && j < n && !seen[j] && label[j] != none {
                    seen[j] = true
                    stack.append(Int32(j))
                }
            }
            let sizes = touched.map { counts[$0] }.sorted(by: >)
            let two = sizes.prefix(2).reduce(0, +)
            if low.distance2(high) > limit2, Float(two) < twoColours * Float(patch.count) {
                for i in patch { label[Int(i)] = shade }
            }
            for c in touched { counts[c] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
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
        var parent = Array(0..<n)
        func root(_ k: Int) -> Int {
            var k = k
            while parent[k] != k {
                parent[k] = parent[parent[k]]
                k = parent[k]
            }
            return k
        }
        let limit2 = spreadLimit * spreadLimit
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) where border[a * n + b] > 0 {
                let side = Float(min(sums[a].count, sums[b].count)).squareRoot()
                guard Float(border[a * n + b]) >= max(3, 0.1 * side), sums[a].mean.distance2(sums[b].mean) <= limit2
                else { continue }
                let ra = root(a)
                let rb = root(b)
                parent[max(ra, rb)] = min(ra, rb)
            }
        }
        return (0..<n).map(root)
    }
}
