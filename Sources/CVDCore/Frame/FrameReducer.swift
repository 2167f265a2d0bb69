/// Shrinks a packed frame by a whole factor, each output pixel the average of the
/// factor × factor block of source pixels it stands for (a box filter, on the coded
/// values as video scalers do: fine print and halftone dots average out instead of
/// aliasing, as a scaler that skips pixels makes them).
///
/// The live view uses it for panes shown at half size or less (the 2×2 layout): the
/// colour kernels then run on a quarter of the pixels, and the texture is drawn at
/// about 1:1 instead of being scaled down by SDL's software renderer.
///
/// 4:2:2 frames stay 4:2:2: each output pixel's luma averages its block's luma, and each
/// output pair's chroma averages the chroma of the source pairs under it.
public enum FrameReducer {
    /// The size `reduce` makes of `size`: unchanged for factor 1, else width and height
    /// divided and rounded down, the width to an even number (4:2:2 needs pairs; the last
    /// columns and rows that make no whole block are left out).
    public static func size(of size: FrameSize, factor: Int) -> FrameSize {
        factor <= 1 ? size : FrameSize((size.width / factor) & ~1, size.height / factor)
    }

    /// The layout `reduce` writes for `layout` and `factor`: `size(of:factor:)`, tightly packed rows.
    public static func layout(of layout: FrameLayout, factor: Int) -> FrameLayout {
        let s = size(of: FrameSize(layout.width, layout.height), factor: factor)
        return FrameLayout(format: layout.format, width: s.width, height: s.height)
    }

    /// Writes `source` reduced by `factor` (1…8) into `destination`, whose layout must be
    /// `layout(of: sl, factor: factor)` (any row stride).
    public static func reduce(
        _ source: UnsafeRawBufferPointer, _ sl: FrameLayout, factor: Int,
        into destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout
    ) throws(FrameError) {
        try sl.validate()
        try dl.validate()
        let expected = layout(of: sl, factor: factor)
        guard (1...8).contains(factor), dl.format == sl.format, dl.width == expected.width, dl.height == expected.height
        else {
            throw .sizeMismatch(source: "\(sl.description) reduced by \(factor)", destination: dl.description)
        }
        guard source.count >= sl.minimumByteCount else {
            throw .bufferTooSmall(have: source.count, need: sl.minimumByteCount)
        }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        guard let s = source.baseAddress, let d = destination.baseAddress else { return }
        // Both layouts were validated against their buffers above: every block read lies
        // inside the source's rows (output pixel × factor + factor ≤ source width, and the
        // same for rows) and every write inside the destination's.
        let src = s.assumingMemoryBound(to: UInt8.self)
        let dst = d.assumingMemoryBound(to: UInt8.self)
        if sl.format.isPlanar {
            reducePlanar(src, sl, factor, dst, dl)
        } else if factor == 2, sl.format.bytesPerPixel == 4 || sl.format.isYCbCr {
            let kind: Units = if let o = sl.format.ycbcrOffsets { o.y0 == 0 ? .lumaEven : .lumaOdd } else { .pixels }
            halve(s, sl, d, dl, kind)
        } else if let o = sl.format.ycbcrOffsets {
            reduce422(src, sl, factor, dst, dl, y0: o.y0, y1: o.y1, cb: o.cb, cr: o.cr)
        } else {
            reducePacked(src, sl, factor, dst, dl)
        }
    }

    /// What a 4-byte unit holds: one pixel (RGBA and its orders), or a 4:2:2 pair with its
    /// luma in the even bytes (YUYV) or the odd ones (UYVY).
    private enum Units { case pixels, lumaEven, lumaOdd }

    /// Factor 2 on 4-byte units, the common case (the 2×2 layout), eight bytes of two rows
    /// at a time in 64-bit words: each byte's two-row sum in a 16-bit lane, then the lanes
    /// that belong together added — about 10× the generic loops' speed.
    private static func halve(
        _ s: UnsafeRawPointer, _ sl: FrameLayout, _ d: UnsafeMutableRawPointer, _ dl: FrameLayout,
        _ kind: Units
    ) {
        // One loop per kind (the switch is outside the loop), each a few 64-bit operations
        // per output unit: `bench` prints the cost ("reduce by 2").
        let units = kind == .pixels ? dl.width : dl.width / 2
        for oy in 0..<dl.height {
            let a = s + 2 &* oy &* sl.bytesPerRow
            let b = a + sl.bytesPerRow
            let out = d + oy &* dl.bytesPerRow
            switch kind {
            case .pixels: halveRow(a, b, out, units) { even, odd in Self.pixels(even, odd) }
            case .lumaEven:
                halveRow(a, b, out, units) { even, odd in Self.pair(luma: even, chroma: odd, lumaFirst: true) }
            case .lumaOdd:
                halveRow(a, b, out, units) { even, odd in Self.pair(luma: odd, chroma: even, lumaFirst: false) }
            }
        }
    }

    /// One output row: each output unit (a pixel, or a 4:2:2 pair) from two source units
    /// (8 bytes) of two rows. `even` and `odd` hold the rows' sums of the even and the odd
    /// bytes of those 8, as four 16-bit lanes each.
    @inline(__always)
    private static func halveRow(
        _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ units: Int,
        _ combine: (_ even: UInt64, _ odd: UInt64) -> UInt32
    ) {
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        for u in 0..<units {
            // Both rows hold 2·units·4 ≤ the source's row bytes (validated), so these reads stay inside.
            let ra = a.loadUnaligned(fromByteOffset: 8 &* u, as: UInt64.self)
            let rb = b.loadUnaligned(fromByteOffset: 8 &* u, as: UInt64.self)
            let even = (ra & m) &+ (rb & m)
            let odd = ((ra >> 8) & m) &+ ((rb >> 8) & m)
            out.storeBytes(of: combine(even, odd), toByteOffset: 4 &* u, as: UInt32.self)
        }
    }

    /// Sums of four samples (≤ 1020, in 16-bit lanes) → their rounded means, (sum + 2) / 4,
    /// still one per 16-bit lane (the bits a lane's shift takes from its neighbour are masked off).
    @inline(__always)
    private static func means(_ sums: UInt64) -> UInt64 {
        ((sums &+ 0x0002_0002_0002_0002) >> 2) & 0x00FF_00FF_00FF_00FF
    }

    /// RGB formats: output byte k is byte k of both source pixels of both rows. Lanes of
    /// `even`: bytes 0, 2 of pixel 0, then of pixel 1; `odd` the same for bytes 1, 3.
    @inline(__always)
    private static func pixels(_ even: UInt64, _ odd: UInt64) -> UInt32 {
        // Lane 0: byte 0 (even) or 1 (odd); lane 1: byte 2 or 3.
        let e = means(even &+ (even >> 32))
        let o = means(odd &+ (odd >> 32))
        return UInt32(truncatingIfNeeded: e | o << 8)
    }

    /// 4:2:2: the first output pixel's luma averages the first source pair's two pixels,
    /// the second the second pair's; each chroma byte averages both pairs' same byte.
    /// Lanes of `luma`: the pairs' pixels 0, 1, 2, 3; of `chroma`: Cb, Cr of pair 0, then of pair 1.
    @inline(__always)
    private static func pair(luma: UInt64, chroma: UInt64, lumaFirst: Bool) -> UInt32 {
        // Lane 0 the first output pixel, lane 2 the second (lanes 1 and 3 masked away),
        // moved to lanes 0 and 1.
        let y = means(luma &+ (luma >> 16)) & 0x0000_00FF_0000_00FF
        let y01 = y | (y >> 16)
        // Lane 0 Cb, lane 1 Cr.
        let c = means(chroma &+ (chroma >> 32))
        return UInt32(truncatingIfNeeded: lumaFirst ? y01 | c << 8 : c | y01 << 8)
    }

    /// RGB formats: every byte (channel, alpha too) averaged over its block.
    private static func reducePacked(
        _ s: UnsafePointer<UInt8>, _ sl: FrameLayout, _ f: Int,
        _ d: UnsafeMutablePointer<UInt8>, _ dl: FrameLayout
    ) {
        let bpp = sl.format.bytesPerPixel
        let n = f &* f
        let half = n / 2
        for oy in 0..<dl.height {
            let out = d + oy &* dl.bytesPerRow
            let top = s + oy &* f &* sl.bytesPerRow
            for ox in 0..<dl.width {
                let block = top + ox &* f &* bpp
                for c in 0..<bpp {
                    var sum = 0
                    for r in 0..<f {
                        let row = block + r &* sl.bytesPerRow + c
                        for i in 0..<f { sum &+= Int(row[i &* bpp]) }
                    }
                    out[ox &* bpp &+ c] = UInt8(truncatingIfNeeded: (sum &+ half) / n)
                }
            }
        }
    }

    /// 4:2:2: an output pair stands for 2·factor source pixels (factor source pairs).
    /// Its first luma averages the first `factor` source pixels of each block row, its
    /// second the next `factor`; its chroma averages the `factor` source pairs' chroma.
    private static func reduce422(
        _ s: UnsafePointer<UInt8>, _ sl: FrameLayout, _ f: Int,
        _ d: UnsafeMutablePointer<UInt8>, _ dl: FrameLayout,
        y0: Int, y1: Int, cb: Int, cr: Int
    ) {
        let n = f &* f
        let half = n / 2
        for oy in 0..<dl.height {
            let out = d + oy &* dl.bytesPerRow
            let top = s + oy &* f &* sl.bytesPerRow
            for op in 0..<(dl.width / 2) {
                let block = top + op &* f &* 4 // f source pairs of 4 bytes
                var l0 = 0
                var l1 = 0
                var u = 0
                var v = 0
                for r in 0..<f {
                    let row = block + r &* sl.bytesPerRow
                    for p in 0..<f {
                        let pair = row + p &* 4
                        u &+= Int(pair[cb])
                        v &+= Int(pair[cr])
                        // Source pixels 2p and 2p+1 of the block: the first f go to the
                        // output's first pixel, the rest to its second.
                        let a = Int(pair[y0])
                        let b = Int(pair[y1])
                        if 2 &* p &+ 1 < f {
                            l0 &+= a &+ b
                        } else if 2 &* p >= f {
                            l1 &+= a &+ b
                        } else {
                            l0 &+= a
                            l1 &+= b
                        }
                    }
                }
                let o = out + op &* 4
                o[y0] = UInt8(truncatingIfNeeded: (l0 &+ half) / n)
                o[y1] = UInt8(truncatingIfNeeded: (l1 &+ half) / n)
                o[cb] = UInt8(truncatingIfNeeded: (u &+ half) / n)
                o[cr] = UInt8(truncatingIfNeeded: (v &+ half) / n)
            }
        }
    }
}
