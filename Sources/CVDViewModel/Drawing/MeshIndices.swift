/// A mesh of `columns` × rows vertices (row by row) as triangles: two per quad.
public enum MeshIndices {
    /// The vertex indices, three per triangle; empty unless `count` makes at least two
    /// whole rows of `columns` ≥ 2.
    public static func triangles(count: Int, columns: Int) -> [Int] {
        guard columns >= 2, count >= 2 * columns, count % columns == 0 else { return [] }
        let rows = count / columns
        var indices: [Int] = []
        indices.reserveCapacity((rows - 1) * (columns - 1) * 6)
        for j in 0..<(rows - 1) {
            for i in 0..<(columns - 1) {
                let a = j * columns + i
                let c = a + columns
                indices += [a, a + 1, c, a + 1, c + 1, c]
            }
        }
        return indices
    }
}
