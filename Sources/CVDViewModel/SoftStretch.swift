/// SDL 2's software stretch of a 32-bit picture (SDL_stretch.c), computed for a part of the
/// destination only: the same pixels SDL writes there when it stretches the whole — its
/// bilinear filter (`SDL_SoftStretchLinear`: 7-bit fixed-point weights, the vertical pass
/// kept at full precision as its SSE2 and NEON paths do, the edges clamped) and its nearest
/// (`SDL_SoftStretch`). When the screen changed in a few places, the software renderer
/// redraws only there (`SoftwareBackend`), and the window holds exactly the picture a whole
/// redraw gives (`SoftStretchTests` compare with SDL itself).
///
/// Rectangles are in pixels of their own picture: `source` of the source, `destination`
/// and `part` (inside `destination`) of the target; pitches are bytes per row.
public enum SoftStretch {
    /// Writes the pixels of `part` of the bilinear stretch of `source` onto `destination`.
    /// Each target row first blends its two source rows over the columns it reads (the
    /// vertical pass, once per source pixel: `v = p·(128 − f) + q·f`, < 2¹⁵), then each
    /// pixel its two columns of that, in 16-bit lanes: SDL's `(v₀·(128 − g) + v₁·g) >> 14`
    /// is `(H + (L >> 8)) >> 6` with H the same sum of the v's high bytes, L of their low
    /// bytes (both < 2¹⁶; the low byte's share cannot carry past a multiple of 64).
    public static func linear(
        _ src: UnsafeRawPointer, pitch sp: Int, _ source: BlitRects.Box,
        into dst: UnsafeMutableRawPointer, pitch dp: Int, _ destination: BlitRects.Box, part: BlitRects.Box
    ) {
        let columns = axis(source.w, destination.w, from: part.x - destination.x, count: part.w)
        let rows = axis(source.h, destination.h, from: part.y - destination.y, count: part.h)
        guard let first = columns.first, let last = columns.last else { return }
        // The source columns read, and each target column's two of them and weight.
        let (lo, span) = (first.a, last.b - first.a + 1)
        let ca = columns.map { ($0.a - lo) * 8 }
        let cb = columns.map { ($0.b - lo) * 8 }
        let cf = columns.map { UInt64($0.f) }
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        // The vertical pass of one row: four 16-bit channels a source pixel.
        let v = UnsafeMutableRawPointer.allocate(byteCount: span * 8 + 32, alignment: 16)
        defer { v.deallocate() }
        ca.withUnsafeBufferPointer { ca in
            cb.withUnsafeBufferPointer { cb in
                cf.withUnsafeBufferPointer { cf in
                    // Safe: `v` holds `span` pixels of 8 bytes (and 32 to spare); every offset
                    // in `ca`, `cb` lies below `span` × 8 (the axis is in order: its first
                    // pixel's `a` is the least, its last's `b` the most); each source row
                    // holds the `span` pixels from `lo` (inside `source`), each target row
                    // the part's `part.w`. Loads and stores are unaligned-safe.
                    for (r, row) in rows.enumerated() {
                        // Rows `row.a` and `row.b` of the source (the same at its edges), weighted by `row.f`.
                        let r0 = src + (source.y + row.a) * sp + (source.x + lo) * 4
                        let r1 = src + (source.y + row.b) * sp + (source.x + lo) * 4
                        let out = (dst + (part.y + r) * dp).assumingMemoryBound(to: UInt32.self) + part.x
                        let (fh0, fh1) = (UInt16(row.f), UInt16(128 - row.f))
                        var j = 0
                        while j + 4 <= span {
                            let p = SIMD16<UInt16>(
                                truncatingIfNeeded: r0.loadUnaligned(fromByteOffset: j * 4, as: SIMD16<UInt8>.self))
                            let q = SIMD16<UInt16>(
                                truncatingIfNeeded: r1.loadUnaligned(fromByteOffset: j * 4, as: SIMD16<UInt8>.self))
                            v.storeBytes(of: p &* fh1 &+ q &* fh0, toByteOffset: j * 8, as: SIMD16<UInt16>.self)
                            j += 4
                        }
                        while j < span {
                            let p = SIMD4<UInt16>(
                                truncatingIfNeeded: r0.loadUnaligned(fromByteOffset: j * 4, as: SIMD4<UInt8>.self))
                            let q = SIMD4<UInt16>(
                                truncatingIfNeeded: r1.loadUnaligned(fromByteOffset: j * 4, as: SIMD4<UInt8>.self))
                            v.storeBytes(of: p &* fh1 &+ q &* fh0, toByteOffset: j * 8, as: SIMD4<UInt16>.self)
                            j += 1
                        }
                        // Two pixels at once (four 16-bit channels each), then the last alone
                        // (its channels in 16-bit lanes of a word, each sum within its lane).
                        var c = 0
                        while c + 2 <= ca.count {
                            let v0 = SIMD8<UInt16>(
                                lowHalf: v.loadUnaligned(fromByteOffset: ca[c], as: SIMD4<UInt16>.self),
                                highHalf: v.loadUnaligned(fromByteOffset: ca[c + 1], as: SIMD4<UInt16>.self))
                            let v1 = SIMD8<UInt16>(
                                lowHalf: v.loadUnaligned(fromByteOffset: cb[c], as: SIMD4<UInt16>.self),
                                highHalf: v.loadUnaligned(fromByteOffset: cb[c + 1], as: SIMD4<UInt16>.self))
                            let f = SIMD8<UInt16>(
                                lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: cf[c])),
                                highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: cf[c + 1])))
                            let g = 128 &- f
                            let high = (v0 &>> 8) &* g &+ (v1 &>> 8) &* f
                            let low = (v0 & 0xFF) &* g &+ (v1 & 0xFF) &* f
                            let px = SIMD8<UInt8>(truncatingIfNeeded: (high &+ (low &>> 8)) &>> 6)
                            UnsafeMutableRawPointer(out + c).storeBytes(of: px, as: SIMD8<UInt8>.self)
                            c += 2
                        }
                        if c < ca.count {
                            let v0 = v.loadUnaligned(fromByteOffset: ca[c], as: UInt64.self)
                            let v1 = v.loadUnaligned(fromByteOffset: cb[c], as: UInt64.self)
                            let (f, g) = (cf[c], 128 &- cf[c])
                            let high = ((v0 &>> 8) & lanes) &* g &+ ((v1 &>> 8) & lanes) &* f
                            let low = (v0 & lanes) &* g &+ (v1 & lanes) &* f
                            var x = ((high &+ ((low &>> 8) & lanes)) &>> 6) & lanes
                            x = (x | x &>> 8) & 0x0000_FFFF_0000_FFFF
                            out[c] = UInt32(truncatingIfNeeded: x | x &>> 16)
                        }
                    }
                }
            }
        }
    }

    /// Writes the pixels of `part` of the nearest-neighbour stretch of `source` onto `destination`.
    public static func nearest(
        _ src: UnsafeRawPointer, pitch sp: Int, _ source: BlitRects.Box,
        into dst: UnsafeMutableRawPointer, pitch dp: Int, _ destination: BlitRects.Box, part: BlitRects.Box
    ) {
        let incx = (UInt32(source.w) << 16) / UInt32(destination.w)
        let incy = (UInt32(source.h) << 16) / UInt32(destination.h)
        for r in 0..<part.h {
            let i = UInt32(part.y - destination.y + r)
            let sy = Int((incy / 2 &+ i &* incy) >> 16)
            let row = (src + (source.y + sy) * sp).assumingMemoryBound(to: UInt32.self) + source.x
            let out = (dst + (part.y + r) * dp).assumingMemoryBound(to: UInt32.self) + part.x
            for c in 0..<part.w {
                let j = UInt32(part.x - destination.x + c)
                out[c] = row[Int((incx / 2 &+ j &* incx) >> 16)]
            }
        }
    }

    /// One axis of the bilinear stretch, SDL's way (`get_scaler_datas`): for each of
    /// `count` target pixels from `from`, the two source pixels `a`, `b` and the weight of
    /// `b` in 128ths. The first pixel's centre maps to (step + 1) / 2 − ½ in 16.16 fixed
    /// point; those before the source's first pixel take it alone, those past its last but
    /// one take the last alone.
    static func axis(_ n: Int, _ m: Int, from: Int, count: Int) -> [(a: Int, b: Int, f: Int)] {
        let step = Int32(truncatingIfNeeded: (UInt32(n) << 16) / UInt32(m))
        let x0 = Int32(truncatingIfNeeded: (Int64(step) * 32768 + 0x8000) >> 16) - 32768
        // The target pixels before the source's start, and past its last pixel but one.
        var (left, right) = (0, 0)
        for i in 0..<m {
            let fp = x0 &+ Int32(i) &* step
            if fp < 0 { left += 1 } else if Int(UInt32(bitPattern: fp) >> 16) > n - 2 { right += 1 }
        }
        return (from..<(from + count)).map { i in
            if i < left { return (0, 0, 0) }
            if i >= m - right { return (n - 1, n - 1, 0) }
            let fp = x0 &+ Int32(i) &* step
            let a = Int(UInt32(bitPattern: fp) >> 16)
            return (a, a + 1, Int((fp >> 9) & 127))
        }
    }
}
