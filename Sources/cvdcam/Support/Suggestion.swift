/// "Did you mean …": the one known word nearest a mistyped one — at most two edits away
/// (a letter added, dropped, changed, or two swapped), and fewer than half its letters.
enum Suggestion {
    static func nearest(_ word: String, among known: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (word: String, distance: Int)?
        for k in known {
            let d = distance(w, Array(k.lowercased()))
            if d <= min(2, (w.count - 1) / 2), d < best?.distance ?? .max { best = (k, d) }
        }
        return best?.word
    }

    /// Edits between `a` and `b` (optimal string alignment: Levenshtein with swaps).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, rows[i - 2][j - 2] + 1) }
                rows[i][j] = d
            }
        }
        return rows[a.count][b.count]
    }

    /// " (did you mean 'WORD'?)" for the nearest of `known`, or nothing.
    static func clause(_ word: String, among known: [String]) -> String {
        nearest(word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
