import CVDCore

/// Continuous shading (a photograph, a gradient) told from flat colours, patch by patch.
extension FlatClusters {
    /// Each connected patch of flat pixels (4-connected: neighbouring flat pixels differ by
    /// less than a visible step) whose clusters' means span more than `spreadLimit`, and
    /// whose two largest clusters hold less than `twoColours` of it, is continuous shading:
    /// its pixels become `shade`. Patch by patch, so a photograph beside a chart takes none
    /// of the chart's colours with it; and a pale bar whose edge a soft lens blurred into the
    /// paper (two colours and a narrow ramp) is not shading.
    static func markShading(_ label: inout [UInt16], _ means: [LabF], _ w: WorkingPicture) {
        let width = w.width
        // The patches from the rows' runs of flat pixels: a run joins the runs of the row
        // above that it touches (union–find over runs, never over pixels), so what is held
        // is a few numbers a run. Each patch's clusters are then counted, run by run; which
        // clusters a patch has, and how many of its pixels each holds, do not depend on the
        // order they are met in.
        var starts: [Int32] = []
        var ends: [Int32] = []
        var parent: [Int32] = []
        func root(_ k: Int) -> Int {
            var k = k
            while Int(parent[k]) != k {
                parent[k] = parent[Int(parent[k])]
                k = Int(parent[k])
            }
            return k
        }
        label.withUnsafeBufferPointer { label in
            var above = 0..<0
            for y in 0..<w.height {
                let row = y * width
                let first = starts.count
                var x = 0
                while x < width {
                    guard label[row + x] != none else {
                        x += 1
                        continue
                    }
                    let start = x
                    while x < width, label[row + x] != none { x += 1 }
                    starts.append(Int32(row + start))
                    ends.append(Int32(row + x))
                    parent.append(Int32(parent.count))
                }
                // Each run and the runs above it that share a column with it (both sorted by x).
                var a = above.lowerBound
                for b in first..<starts.count {
                    let x0 = Int(starts[b]) - row
                    let x1 = Int(ends[b]) - row
                    while a < above.upperBound, Int(ends[a]) - (row - width) <= x0 { a += 1 }
                    var k = a
                    while k < above.upperBound, Int(starts[k]) - (row - width) < x1 {
                        let (ra, rb) = (root(k), root(b))
                        if ra != rb { parent[max(ra, rb)] = Int32(min(ra, rb)) }
                        k += 1
                    }
                }
                above = first..<starts.count
            }
        }
        // Each patch's runs in a list from its root (the patch's first run).
        let runs = starts.count
        var next = [Int32](repeating: -1, count: runs)
        var last = [Int32](repeating: -1, count: runs)
        for r in 0..<runs {
            let top = root(r)
            if top != r { next[Int(last[top])] = Int32(r) }
            last[top] = Int32(r)
        }
        last = []
        var counts = [Int](repeating: 0, count: means.count)
        var touched: [Int] = []
        let limit2 = spreadLimit * spreadLimit
        label.withUnsafeMutableBufferPointer { label in
            for top in 0..<runs where Int(parent[top]) == top {
                var size = 0
                var r = top
                while r >= 0 {
                    for i in Int(starts[r])..<Int(ends[r]) {
                        let c = Int(label[i])
                        if counts[c] == 0 { touched.append(c) }
                        counts[c] += 1
                    }
                    size += Int(ends[r] - starts[r])
                    r = Int(next[r])
                }
                var low = means[touched[0]]
                var high = low
                for c in touched {
                    let m = means[c]
                    low = LabF(l: min(low.l, m.l), a: min(low.a, m.a), b: min(low.b, m.b))
                    high = LabF(l: max(high.l, m.l), a: max(high.a, m.a), b: max(high.b, m.b))
                }
                let sizes = touched.map { counts[$0] }.sorted(by: >)
                let two = sizes.prefix(2).reduce(0, +)
                if low.distance2(high) > limit2, Float(two) < twoColours * Float(size) {
                    r = top
                    while r >= 0 {
                        for i in Int(starts[r])..<Int(ends[r]) { label[i] = shade }
                        r = Int(next[r])
                    }
                }
                for c in touched { counts[c] = 0 }
                touched.removeAll(keepingCapacity: true)
            }
        }
    }
}
