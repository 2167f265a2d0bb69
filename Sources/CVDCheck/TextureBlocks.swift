/// Fine texture in many colours — a photograph's detail, a painting — where the colours found
/// are not colours anyone drew: blocks of the picture (`side` pixels) in which the flat
/// pixels fall in many clusters, each holding a few pixels (a speck: fewer than `speck`),
/// are not judged. A chart's block holds the paper and a few inks (a legend's lines, a
/// word, a bar's edge) and bars that fill much of it; a photograph's holds a dozen specks.
/// In a JPEG's picture or a photographed one every cluster counts, however large: the
/// fringes JPEG leaves where two bars touch are colours no border explains, and the
/// texture keeps them out of the judgement. Only blocks with a neighbour of the same kind
/// count: one busy corner of a chart is not a photograph. From them the texture grows into
/// neighbouring blocks that hold at least `edgeColours` of those colours (a photograph's
/// fringe), never into a block of bars or the paper.
enum TextureBlocks {
    static let side = 24
    /// A block with at least this many colours, each on `present` pixels or more and fewer
    /// than `speck`, is texture.
    static let colours = 6
    static let present = 4
    static let speck = side * side / 8
    static let edgeColours = 3

    /// Marks texture in the clusters' labels (`FlatClusters.label`): its pixels become `shade`.
    static func mark(_ label: inout [UInt16], clusters: Int, width: Int, height: Int, blendedBorders: Bool) {
        let speck = blendedBorders ? Int.max : Self.speck
        let bw = (width + side - 1) / side
        let bh = (height + side - 1) / side
        var busy = [Bool](repeating: false, count: bw * bh)
        var some = [Bool](repeating: false, count: bw * bh)
        var counts = [Int](repeating: 0, count: clusters)
        for by in 0..<bh {
            for bx in 0..<bw {
                var used: [Int] = []
                for y in (by * side)..<min(height, (by + 1) * side) {
                    for x in (bx * side)..<min(width, (bx + 1) * side) {
                        let c = label[y * width + x]
                        guard c < FlatClusters.shade else { continue }
                        if counts[Int(c)] == 0 { used.append(Int(c)) }
                        counts[Int(c)] += 1
                    }
                }
                let n = used.filter { counts[$0] >= present && counts[$0] < speck }.count
                busy[by * bw + bx] = n >= colours
                some[by * bw + bx] = n >= edgeColours
                for c in used { counts[c] = 0 }
            }
        }
        // Busy blocks with a busy neighbour, then grown through blocks with some colours.
        var texture = [Bool](repeating: false, count: bw * bh)
        var stack: [Int] = []
        func neighbours(_ k: Int) -> [Int] {
            let (bx, by) = (k % bw, k / bw)
            var out: [Int] = []
            for ny in max(0, by - 1)...min(bh - 1, by + 1) {
                for nx in max(0, bx - 1)...min(bw - 1, bx + 1) where nx != bx || ny != by { out.append(ny * bw + nx) }
            }
            return out
        }
        for k in 0..<(bw * bh) where busy[k] && neighbours(k).contains(where: { busy[$0] }) {
            texture[k] = true
            stack.append(k)
        }
        while let k = stack.popLast() {
            for j in neighbours(k) where !texture[j] && some[j] {
                texture[j] = true
                stack.append(j)
            }
        }
        for k in 0..<(bw * bh) where texture[k] {
            let (bx, by) = (k % bw, k / bw)
            for y in (by * side)..<min(height, (by + 1) * side) {
                for x in (bx * side)..<min(width, (bx + 1) * side) where label[y * width + x] != FlatClusters.none {
                    label[y * width + x] = FlatClusters.shade
                }
            }
        }
    }
}
