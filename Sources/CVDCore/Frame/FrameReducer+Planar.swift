extension FrameReducer {
    /// Planar formats: each plane reduced on its own, every sample the rounded mean of the
    /// factor × factor samples under it (luma over luma, chroma over its own plane's samples:
    /// the subsampling stays). Both layouts were validated against their buffers by
    /// `reduce`, so every sample read and written lies inside a plane.
    static func reducePlanar(
        _ src: UnsafePointer<UInt8>, _ sl: FrameLayout, _ factor: Int, _ dst: UnsafeMutablePointer<UInt8>,
        _ dl: FrameLayout
    ) {
        let (sg, dg) = (sl.planes, dl.planes)
        let chromaRows = (sl.height + sl.format.rowsPerChromaRow - 1) / sl.format.rowsPerChromaRow
        let outChromaRows = (dl.height + dl.format.rowsPerChromaRow - 1) / dl.format.rowsPerChromaRow
        let planes = [
            (0, sl.bytesPerRow, 0, dl.bytesPerRow, dl.width, dl.height, sl.height),
            (sg.cbOffset, sg.chromaStride, dg.cbOffset, dg.chromaStride, dl.width / 2, outChromaRows, chromaRows),
            (sg.crOffset, sg.chromaStride, dg.crOffset, dg.chromaStride, dl.width / 2, outChromaRows, chromaRows),
        ]
        for (from, stride, to, outStride, width, height, sourceRows) in planes {
            for oy in 0..<height {
                let rows = (oy * factor)..<min(oy * factor + factor, sourceRows)
                let out = dst + to + oy * outStride
                for ox in 0..<width {
                    var sum = 0
                    for y in rows {
                        let row = src + from + y * stride + ox * factor
                        for x in 0..<factor { sum &+= Int(row[x]) }
                    }
                    let n = rows.count * factor
                    out[ox] = UInt8((sum + n / 2) / max(1, n))
                }
            }
        }
    }
}
