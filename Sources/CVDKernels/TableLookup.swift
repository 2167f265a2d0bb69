import CVDKernelInterface

/// YUYV/UYVY → BGRA by one lookup per pixel in CVDCore's exact 2²⁴-entry output table
/// (`YCbCrTable`), indexed `Cb << 16 | Cr << 8 | Y`, so both pixels of a pair read the
/// same 1 KiB row.
struct TableLookup: YCbCrLayoutVisitor {
    let table: UnsafePointer<UInt32>
    let job: KernelJob

    func visit<S: YCbCrLayout>(_: S.Type) {
        let pairs = job.width / 2
        let t = table
        guard let destination = job.destination else { return }
        for y in job.rows {
            let s = job.source.advanced(by: y &* job.sourceBytesPerRow).assumingMemoryBound(to: UInt8.self)
            // BGRA rows hold whole UInt32 pixels; the caller uses this path only when the
            // destination base and stride are 4-byte aligned and the layout was validated.
            let d = destination.advanced(by: y &* job.destinationBytesPerRow).assumingMemoryBound(to: UInt32.self)
            for p in 0..<pairs {
                let q = s + p &* 4
                let c = Int(q[S.cb]) &<< 16 | Int(q[S.cr]) &<< 8
                d[p &* 2] = t[c | Int(q[S.y0])]
                d[p &* 2 &+ 1] = t[c | Int(q[S.y1])]
            }
        }
    }
}
