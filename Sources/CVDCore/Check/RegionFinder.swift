/// Finds a picture's distinct colours as a person names its regions (docs/science.md,
/// "Is this material safe?"):
///
/// 1. the picture reduced to `WorkingPicture` size, edge pixels (anti-aliasing, thin lines,
///    letters) set aside;
/// 2. the flat pixels' colours clustered in CIELAB: seeds taken greedily from the most
///    common colours at least `seedRadius` apart, then two rounds of assigning each pixel
///    to its nearest seed and moving the seed to the mean;
/// 3. clusters that touch without an edge between them (soft borders: one surface under
///    uneven light, or a gradient cut in bands) joined; a joined group whose colours span
///    more than `spreadLimit` is a continuous scale or a photograph's shading, not a
///    region, and is left out (counted in `FoundRegions.gradientShare`);
/// 4. regions under `minimumShare` of the picture dropped, the largest `maximumRegions` kept.
public enum RegionFinder {
    static let seedRadius = 9.0
    static let spreadLimit = 25.0
    /// 0.2 % of the picture: a legend swatch of 40×40 px on a 1000×800 chart.
    public static let minimumShare = 0.002
    public static let maximumRegions = 16

    public static func regions(in image: RGBAImage) -> FoundRegions {
        let w = WorkingPicture(image)
        var clusters = seeds(w)
        var label = [Int](repeating: -1, count: w.lab.count)
        for _ in 0..<2 { refine(&clusters, &label, w) }
        let groups = joinSoftBorders(clusters.count, label, w)
        return FoundRegions(groups: groups, clusters: clusters, label: label, picture: w, image: image)
    }

    /// A cluster's running sums.
    struct Cluster {
        var l = 0.0, a = 0.0, b = 0.0, r = 0, g = 0, bl = 0, count = 0
        var mean: CIELab {
            CIELab(l: l / Double(max(count, 1)), a: a / Double(max(count, 1)), b: b / Double(max(count, 1)))
        }
        var rgb: RGB8 {
            let n = max(count, 1)
            return RGB8(UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((bl + n / 2) / n))
        }
        mutating func add(_ p: CIELab, _ c: RGB8) {
            l += p.l
            a += p.a
            b += p.b
            r += Int(c.r)
            g += Int(c.g)
            bl += Int(c.b)
            count += 1
        }
        /// Another cluster's pixels added to these (a joined group's sums).
        mutating func merge(_ o: Cluster) {
            l += o.l
            a += o.a
            b += o.b
            r += o.r
            g += o.g
            bl += o.bl
            count += o.count
        }
    }

    /// Seeds from a histogram of the flat pixels (cells of 3 units), most common first.
    private static func seeds(_ w: WorkingPicture) -> [Cluster] {
        var cells: [Int: Cluster] = [:]
        for i in w.lab.indices where w.flat[i] {
            let p = w.lab[i]
            let key = Int(p.l / 3) << 20 | Int((p.a + 160) / 3) << 10 | Int((p.b + 160) / 3)
            cells[key, default: Cluster()].add(p, w.rgb[i])
        }
        var seeds: [CIELab] = []
        let r2 = seedRadius * seedRadius
        for cell in cells.values.sorted(by: { $0.count > $1.count }) {
            let m = cell.mean
            if !seeds.contains(where: { WorkingPicture.distance2($0, m) < r2 }) { seeds.append(m) }
        }
        return seeds.map { s in
            var c = Cluster()
            c.add(s, RGB8(0, 0, 0))
            return c
        }
    }

    /// Assigns every flat pixel to its nearest cluster within twice the seed radius, and
    /// moves each cluster to its pixels' mean; clusters left empty are dropped.
    private static func refine(_ clusters: inout [Cluster], _ label: inout [Int], _ w: WorkingPicture) {
        let means = clusters.map(\.mean)
        var next = [Cluster](repeating: Cluster(), count: means.count)
        let limit = 4 * seedRadius * seedRadius
        for i in w.lab.indices {
            label[i] = -1
            guard w.flat[i] else { continue }
            var best = -1
            var bestD = limit
            for (k, m) in means.enumerated() {
                let d = WorkingPicture.distance2(w.lab[i], m)
                if d < bestD {
                    bestD = d
                    best = k
                }
            }
            if best >= 0 {
                label[i] = best
                next[best].add(w.lab[i], w.rgb[i])
            }
        }
        var renumber = [Int](repeating: -1, count: next.count)
        clusters = []
        for (k, c) in next.enumerated() where c.count > 0 {
            renumber[k] = clusters.count
            clusters.append(c)
        }
        for i in label.indices where label[i] >= 0 { label[i] = renumber[label[i]] }
    }

    /// Groups of clusters joined by soft borders (neighbouring flat pixels of two clusters),
    /// through union–find: two clusters join when their soft border is longer than a tenth
    /// of the smaller one's side (and at least 3 pixels) — a shared border, not noise.
    private static func joinSoftBorders(_ n: Int, _ label: [Int], _ w: WorkingPicture) -> [[Int]] {
        var border: [Int: Int] = [:]
        var counts = [Int](repeating: 0, count: n)
        func touch(_ p: Int, _ q: Int) {
            let a = label[p]
            let b = label[q]
            guard a >= 0, b >= 0, a != b else { return }
            border[min(a, b) * n + max(a, b), default: 0] += 1
        }
        for y in 0..<w.height {
            for x in 0..<w.width {
                let i = y * w.width + x
                if label[i] >= 0 { counts[label[i]] += 1 }
                if x + 1 < w.width { touch(i, i + 1) }
                if y + 1 < w.height { touch(i, i + w.width) }
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
        for (key, length) in border {
            let a = key / n
            let b = key % n
            let side = Double(min(counts[a], counts[b])).squareRoot()
            if Double(length) >= max(3, 0.1 * side) { parent[root(a)] = root(b) }
        }
        var groups: [Int: [Int]] = [:]
        for k in 0..<n { groups[root(k), default: []].append(k) }
        return groups.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
