/// Decides whether a 4:2:2 frame looks like a camera picture (neighbouring pairs have
/// similar chroma) or like noise, from a sparse sample: 32 rows × 64 places, each
/// compared with the pair to its right. A fixed number of samples: the cost does not grow with the frame.
enum CoherenceProbe {
    /// Mean |ΔCb| + |ΔCr| between neighbouring pairs below which the table path wins.
    /// Camera pictures with sensor noise measure 2–10; uniform noise about 170.
    static let threshold = 24

    static func isCoherent(_ source: UnsafeRawPointer, _ l: FrameLayout) -> Bool {
        let o = l.format.ycbcrOffsets!
        return isCoherent(width: l.width, height: l.height) { y in
            // Safe: y < height, so the row lies inside the frame, and pair q + 1 < width / 2 inside it.
            let row = source.advanced(by: y * l.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            return { q in
                let p = row + q * 4
                return abs(Int(p[o.cb]) - Int(p[4 + o.cb])) + abs(Int(p[o.cr]) - Int(p[4 + o.cr]))
            }
        }
    }

    /// The same test on planes: each sampled pair's chroma against the next pair's.
    static func isCoherent(_ p: YCbCrPlanes) -> Bool {
        isCoherent(width: p.width, height: p.height) { y in
            let (_, cb, cr) = p.rows(y)
            return { q in abs(Int(cb[q]) - Int(cb[q + 1])) + abs(Int(cr[q]) - Int(cr[q + 1])) }
        }
    }

    /// The sample: `row(y)` gives row y's |ΔCb| + |ΔCr| between pair q and pair q + 1.
    private static func isCoherent(width: Int, height: Int, row: (Int) -> (Int) -> Int) -> Bool {
        let pairs = width / 2
        guard pairs >= 2 else { return false }
        let rowsSampled = min(32, height)
        let colsSampled = min(64, pairs - 1)
        var total = 0
        for i in 0..<rowsSampled {
            let difference = row(i * height / rowsSampled)
            for j in 0..<colsSampled { total += difference(j * (pairs - 1) / colsSampled) }
        }
        return total < threshold * rowsSampled * colsSampled
    }
}
