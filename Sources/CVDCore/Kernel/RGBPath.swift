/// Packed RGB (3 or 4 bytes per pixel, any channel order) → packed RGB.
/// Alpha is copied when both sides have it, set to 255 when only the destination does.
enum RGBPath {
    static func run(_ map: PixelMap,
                    source: UnsafeRawPointer, _ sl: FrameLayout,
                    destination: UnsafeMutableRawPointer, _ dl: FrameLayout,
                    rows: Range<Int>) {
        // Both layouts were validated by FrameKernel.apply: these offsets lie inside each pixel,
        // and every row touched below lies inside the buffers.
        let so = sl.format.rgbOffsets!, dof = dl.format.rgbOffsets!
        let sp = sl.format.bytesPerPixel, dp = dl.format.bytesPerPixel
        let sr = so.r, sg = so.g, sb = so.b
        let dr = dof.r, dg = dof.g, db = dof.b
        let width = sl.width
        let s8 = source.assumingMemoryBound(to: UInt8.self)
        let d8 = destination.assumingMemoryBound(to: UInt8.self)
        for y in rows {
            let srow = s8 + y &* sl.bytesPerRow
            let drow = d8 + y &* dl.bytesPerRow
            for x in 0..<width {
                let s = srow + x &* sp
                let d = drow + x &* dp
                let o = map.map(Int(s[sr]), Int(s[sg]), Int(s[sb]))
                d[dr] = UInt8(truncatingIfNeeded: o.r)
                d[dg] = UInt8(truncatingIfNeeded: o.g)
                d[db] = UInt8(truncatingIfNeeded: o.b)
            }
            if let da = dof.a {
                if let sa = so.a {
                    for x in 0..<width { drow[x &* dp &+ da] = srow[x &* sp &+ sa] }
                } else {
                    for x in 0..<width { drow[x &* dp &+ da] = 255 }
                }
            }
        }
    }
}
