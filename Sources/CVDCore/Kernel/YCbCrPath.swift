/// Packed 4:2:2 Y′CbCr (YUYV, UYVY) → packed RGB, computing every pixel.
enum YCbCrPath {
    static func run(_ map: PixelMap, _ decoder: YCbCrDecoder,
                    source: UnsafeRawPointer, _ sl: FrameLayout,
                    destination: UnsafeMutableRawPointer, _ dl: FrameLayout,
                    rows: Range<Int>) {
        // Layouts were validated by FrameKernel.apply (even width, strides, buffer sizes).
        let so = sl.format.ycbcrOffsets!, dof = dl.format.rgbOffsets!
        let dp = dl.format.bytesPerPixel
        let dr = dof.r, dg = dof.g, db = dof.b
        let pairs = sl.width / 2
        let s8 = source.assumingMemoryBound(to: UInt8.self)
        let d8 = destination.assumingMemoryBound(to: UInt8.self)
        for y in rows {
            let srow = s8 + y &* sl.bytesPerRow
            let drow = d8 + y &* dl.bytesPerRow
            for p in 0..<pairs {
                let s = srow + p &* 4
                let c = decoder.chroma(cb: s[so.cb], cr: s[so.cr])
                let l0 = decoder.levels(y: s[so.y0], c)
                let l1 = decoder.levels(y: s[so.y1], c)
                let o0 = map.map(l0.0, l0.1, l0.2)
                let o1 = map.map(l1.0, l1.1, l1.2)
                let d = drow + p &* (2 &* dp)
                d[dr] = UInt8(truncatingIfNeeded: o0.r)
                d[dg] = UInt8(truncatingIfNeeded: o0.g)
                d[db] = UInt8(truncatingIfNeeded: o0.b)
                d[dp &+ dr] = UInt8(truncatingIfNeeded: o1.r)
                d[dp &+ dg] = UInt8(truncatingIfNeeded: o1.g)
                d[dp &+ db] = UInt8(truncatingIfNeeded: o1.b)
            }
            if let da = dof.a {
                for x in 0..<sl.width { drow[x &* dp &+ da] = 255 }
            }
        }
    }
}
