import CVDCore

/// A colour's marks gathered into the groups a reader sees as one thing — the letters of a
/// word, the segments of a line series, a cluster of dots — each group the box around
/// marks that lie within `gap` pixels of one another (chains of them too): what
/// `CheckMarks` outlines, so that a pair's every group is framed, not its largest mark only.
public enum MarkGroups {
    /// The groups of `marks`, largest box first (ties: top, then left), each box the union of
    /// its marks' boxes. The same marks give the same groups in any order.
    public static func of(_ marks: [PixelRect], gap: Int) -> [PixelRect] {
        var sets = UnionFind(count: marks.count)
        for i in marks.indices {
            for j in marks.indices where j > i && near(marks[i], marks[j], gap) { sets.union(i, j) }
        }
        var unions: [Int: PixelRect] = [:]
        for (i, r) in sets.roots().enumerated() {
            unions[r] = unions[r].map { union($0, marks[i]) } ?? marks[i]
        }
        // Groups whose boxes now overlap (a union reaching another group) are one group too.
        var boxes = unions.keys.sorted().map { unions[$0]! }
        var merged = true
        while merged {
            merged = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i && near(boxes[i], boxes[j], 0) {
                    boxes[i] = union(boxes[i], boxes[j])
                    boxes.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return boxes.sorted {
            let (a, b) = ($0.width * $0.height, $1.width * $1.height)
            return a != b ? a > b : $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x
        }
    }

    /// Whether `a` and `b` are at most `gap` pixels apart (overlapping or touching: 0).
    static func near(_ a: PixelRect, _ b: PixelRect, _ gap: Int) -> Bool {
        let dx = max(0, max(a.x - (b.x + b.width), b.x - (a.x + a.width)))
        let dy = max(0, max(a.y - (b.y + b.height), b.y - (a.y + a.height)))
        return dx <= gap && dy <= gap
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x)
        let y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width)
        let y1 = max(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
