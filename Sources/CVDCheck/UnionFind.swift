/// Disjoint sets of the numbers 0..<count: `union` joins two sets, `root` names a number's
/// set by the smallest root joined into it — so the names do not depend on how the
/// paths were shortened, only on which unions were made.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    /// The name of `k`'s set (the path to it halved on the way).
    mutating func root(_ k: Int) -> Int {
        var k = k
        while parent[k] != k {
            parent[k] = parent[parent[k]]
            k = parent[k]
        }
        return k
    }

    /// Joins the sets of `a` and `b`; the smaller of their names names both.
    mutating func union(_ a: Int, _ b: Int) {
        let (ra, rb) = (root(a), root(b))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }

    /// Every number's set, in order.
    mutating func roots() -> [Int] { parent.indices.map { root($0) } }
}
