/// What `RegionFinder` found in a picture: its regions, largest first, and how much of it
/// is continuous shading (gradients, photographs) that names no region.
public struct FoundRegions: Sendable {
    public let regions: [ColourRegion]
    /// The share of the picture (0…1) in joined groups wider than `RegionFinder.spreadLimit`.
    public let gradientShare: Double
    /// The picture's size, and the working picture's (`cells` index it).
    public let width: Int, height: Int
    let workingWidth: Int, workingHeight: Int, scale: Int

    init(
        groups: [[Int]], clusters: [RegionFinder.Cluster], label: [Int], picture w: WorkingPicture, image: RGBAImage
    ) {
        width = image.width
        height = image.height
        workingWidth = w.width
        workingHeight = w.height
        scale = w.scale
        let total = Double(w.width * w.height)
        var groupOf = [Int](repeating: -1, count: clusters.count)
        for (g, members) in groups.enumerated() { for k in members { groupOf[k] = g } }
        var cells = [[Int]](repeating: [], count: groups.count)
        for i in label.indices where label[i] >= 0 { cells[groupOf[label[i]]].append(i) }
        var found: [ColourRegion] = []
        var gradient = 0
        for (g, members) in groups.enumerated() {
            var sum = RegionFinder.Cluster()
            for k in members { sum.merge(clusters[k]) }
            let means = members.map { clusters[$0].mean }
            let spread2 = means.flatMap { p in means.map { WorkingPicture.distance2(p, $0) } }.max() ?? 0
            if spread2 > RegionFinder.spreadLimit * RegionFinder.spreadLimit {
                gradient += sum.count
                continue
            }
            let share = Double(sum.count) / total
            guard share >= RegionFinder.minimumShare, sum.count >= 6 else { continue }
            let patch = Self.largestPatch(cells[g], width: w.width, height: w.height)
            // One working pixel more on each side: the patch's rim was set aside as edge.
            let x0 = max(0, patch.x - 1)
            let y0 = max(0, patch.y - 1)
            let x1 = min(w.width, patch.x + patch.w + 1)
            let y1 = min(w.height, patch.y + patch.h + 1)
            let box = ColourRegion.Box(
                x: x0 * w.scale, y: y0 * w.scale, width: (x1 - x0) * w.scale, height: (y1 - y0) * w.scale)
            let rgb = sum.rgb
            found.append(
                ColourRegion(
                    rgb: rgb, lab: CIELab(rgb), name: ColorNames.name(of: rgb), share: share, box: box, cells: cells[g])
            )
        }
        found.sort { $0.share > $1.share }
        regions = Array(found.prefix(RegionFinder.maximumRegions))
        gradientShare = Double(gradient) / total
    }

    /// The bounding box (working pixels) of the largest 4-connected patch of `cells`.
    static func largestPatch(_ cells: [Int], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        var inSet = [Bool](repeating: false, count: width * height)
        for i in cells { inSet[i] = true }
        var seen = [Bool](repeating: false, count: width * height)
        var best = (size: 0, x: 0, y: 0, w: 0, h: 0)
        var stack: [Int] = []
        for start in cells where !seen[start] {
            seen[start] = true
            stack.append(start)
            var size = 0
            var x0 = Int.max
            var y0 = Int.max
            var x1 = 0
            var y1 = 0
            while let i = stack.popLast() {
                size += 1
                let x = i % width
                let y = i / width
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let j = ny * width + nx
                    if inSet[j] && !seen[j] {
                        seen[j] = true
                        stack.append(j)
                    }
                }
            }
            if size > best.size { best = (size, x0, y0, x1 - x0 + 1, y1 - y0 + 1) }
        }
        return (best.x, best.y, best.w, best.h)
    }
}
