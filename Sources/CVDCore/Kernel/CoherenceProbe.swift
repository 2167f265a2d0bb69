/// Decides whether a 4:2:2 frame looks like a camera picture (neighbouring pairs have
/// similar chroma) or like noise, from a sparse sample: 32 rows × 64 places, each
/// compared with the pair to its right. A fixed number of samples: the cost does not grow with the frame.
enum CoherenceProbe {
    /// Mean |ΔCb| + |ΔCr| between neighbouring pairs below which the table path wins.
    /// Camera pictures with sensor noise measure 2–10; uniform noise about 170.
    static let threshold = 24

    static func isCoherent(_ source: UnsafeRawPointer, _ l: FrameLayout) -> Bool {
        let o = l.format.ycbcrOffsets!
        let pairs = l.width / 2
        guard pairs >= 2 else { return false }
        let rowsSampled = min(32, l.height)
        let colsSampled = min(64, pairs - 1)
        var total = 0
        for i in 0..<rowsSampled {
            let row = source.advanced(by: (i * l.height / rowsSampled) * l.bytesPerRow)
                .assumingMemoryBound(to: UInt8.self)
            for j in 0..<colsSampled {
                let p = row + (j * (pairs - 1) / colsSampled) * 4
                total += abs(Int(p[o.cb]) - Int(p[4 + o.cb])) + abs(Int(p[o.cr]) - Int(p[4 + o.cr]))
            }
        }
        return total < threshold * rowsSampled * colsSampled
    }

    /// The same test on planes: each sampled pair's chroma against the next pair's.
    static func isCoherent(_ p: YCbCrPlanes) -> Bool {
        let pairs = p.width / 2
        guard pairs >= 2 else { return false }
        let rowsSampled = min(32, p.height)
        let colsSampled = min(64, pairs - 1)
        var total = 0
        for i in 0..<rowsSampled {
            let (_, cb, cr) = p.rows(i * p.height / rowsSampled)
            for j in 0..<colsSampled {
                let q = j * (pairs - 1) / colsSampled
                total += abs(Int(cb[q]) - Int(cb[q + 1])) + abs(Int(cr[q]) - Int(cr[q + 1]))
            }
        }
        return total < threshold * rowsSampled * colsSampled
    }
}
