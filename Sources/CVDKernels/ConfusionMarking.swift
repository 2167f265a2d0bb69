import CVDKernelInterface

/// The confusion map's per-frame loop: one table lookup per pixel, counting confusable
/// pixels and, when given a destination, drawing the stripe pattern over them.
///
/// The pattern: stripe index k = x + y + phase; over each period of 32 pixels along a
/// row, k mod 32 in 0…7 is black, 16…23 white, and the two bands between show the
/// picture untouched. Diagonal bands 8 pixels wide along a row (5.7 px across the band),
/// black and white, so they read in every mode, on a projector and on a monochrome
/// printout, and half of each period still shows what is underneath. Powers of two keep
/// the band arithmetic to a shift and a mask.
struct ConfusionMarking: RGBLayoutVisitor, YCbCrLayoutVisitor {
    let cells: UnsafePointer<UInt8>
    /// The destination, if any, is a 4-byte RGB frame (already holding the simulated
    /// picture); without one the pixels are only counted.
    let job: KernelJob
    let phase: Int
    /// Black with opaque alpha in the destination's byte order; white is all ones.
    let black: UInt32
    /// Where the count of confusable pixels goes (visitors return nothing).
    let count: UnsafeMutablePointer<Int>

    static let white: UInt32 = 0xFFFF_FFFF

    /// Marks pixel x of a row if it is confusable and in a black or white band.
    @inline(__always)
    private func paint(_ row: UnsafeMutableRawPointer, _ x: Int, _ offset: Int, _ confusable: Bool) {
        let band = ((x &+ offset) &>> 3) & 3
        // The destination row holds `width` 4-byte pixels (validated by ConfusionMap.mark);
        // storeBytes has no alignment requirement.
        if confusable && band & 1 == 0 {
            row.storeBytes(of: band == 0 ? black : Self.white, toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    func visit<S: RGBLayout>(_: S.Type) {
        var n = 0
        let width = job.width
        let t = cells
        // ConfusionMap.mark validated both layouts against their buffers: every row and
        // pixel read or written below lies inside them; table indices are < 2^18 by shifts.
        for y in job.rows {
            let s = job.source.assumingMemoryBound(to: UInt8.self) + y &* job.sourceBytesPerRow
            let offset = (y &+ phase) & 31
            if let d = job.destination {
                let row = d + y &* job.destinationBytesPerRow
                for x in 0..<width {
                    let i = x &* S.size
                    let c = t[Int(s[i &+ S.r] &>> 2) &<< 12 | Int(s[i &+ S.g] &>> 2) &<< 6 | Int(s[i &+ S.b] &>> 2)]
                    n &+= Int(c)
                    paint(row, x, offset, c != 0)
                }
            } else {
                for x in 0..<width {
                    let i = x &* S.size
                    n &+= Int(t[Int(s[i &+ S.r] &>> 2) &<< 12 | Int(s[i &+ S.g] &>> 2) &<< 6 | Int(s[i &+ S.b] &>> 2)])
                }
            }
        }
        count.pointee = n
    }

    func visit<S: YCbCrLayout>(_: S.Type) {
        var n = 0
        let pairs = job.width / 2
        let t = cells
        // As above; 4:2:2 widths are even (validated), so every pair lies inside its row.
        for y in job.rows {
            let s = job.source.assumingMemoryBound(to: UInt8.self) + y &* job.sourceBytesPerRow
            let offset = (y &+ phase) & 31
            let row = job.destination.map { $0 + y &* job.destinationBytesPerRow }
            for p in 0..<pairs {
                let q = s + p &* 4
                let chroma = Int(q[S.cb] &>> 2) &<< 12 | Int(q[S.cr] &>> 2) &<< 6
                let c0 = t[chroma | Int(q[S.y0] &>> 2)]
                let c1 = t[chroma | Int(q[S.y1] &>> 2)]
                n &+= Int(c0) &+ Int(c1)
                if let r = row {
                    paint(r, p &* 2, offset, c0 != 0)
                    paint(r, p &* 2 &+ 1, offset, c1 != 0)
                }
            }
        }
        count.pointee = n
    }
}
