import CVDCore

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
    /// vertical pass, once per source pixel: `v = p·(128 − f) + q·f`, < 2¹⁵) in 16-bit
    /// lanes, read from the bytes as 16-bit words — a word's low byte is channel 0 or 2,
    /// its high byte 1 or 3, so nothing is widened — and kept in the order 0, 2, 1, 3. Then
    /// each target pixel blends its two columns of that (`blend`, two pixels at a time) and
    /// puts the channels back in order (`bytes`). The columns a pixel reads are always a
    /// and a + 1: at the edges, where SDL reads one column twice, the second weighs nothing.
    public static func linear(
        _ src: UnsafeRawPointer, pitch sp: Int, _ source: PixelRect,
        into dst: UnsafeMutableRawPointer, pitch dp: Int, _ destination: PixelRect, part: PixelRect
    ) {
        let columns = axis(source.width, destination.width, from: part.x - destination.x, count: part.width)
        let rows = axis(source.height, destination.height, from: part.y - destination.y, count: part.height)
        guard let first = columns.first, let last = columns.last else { return }
        // The source columns read, and each target column's first (as a byte offset into
        // the vertical pass) and its second's weight (four times, one for each channel).
        let (lo, span) = (first.a, last.b - first.a + 1)
        let ca = columns.map { ($0.a - lo) * 8 }
        let cf = columns.map { SIMD4(repeating: UInt16($0.f)) }
        // The vertical pass of one row: each source pixel's channels 0, 2, 1, 3, 16 bits each.
        let v = UnsafeMutableRawPointer.allocate(byteCount: span * 8 + 32, alignment: 16)
        defer { v.deallocate() }
        (v + span * 8).initializeMemory(as: UInt8.self, repeating: 0, count: 32)
        ca.withUnsafeBufferPointer { ca in
            cf.withUnsafeBufferPointer { cf in
                // Safe: `v` holds `span` pixels of 8 bytes and 32 more (zero: what a last
                // column's second reads, weighing nothing); every offset in `ca` lies below
                // `span` × 8 (the axis is in order: its first pixel's `a` is the least, its
                // last's `b` the most), so its 16 bytes lie inside `v`; each source row
                // holds the `span` pixels from `lo` (inside `source`), each target row
                // the part's `part.w`. Loads and stores are unaligned-safe.
                for (r, row) in rows.enumerated() {
                    // Rows `row.a` and `row.b` of the source (the same at its edges), weighted by `row.f`.
                    let r0 = src + (source.y + row.a) * sp + (source.x + lo) * 4
                    let r1 = src + (source.y + row.b) * sp + (source.x + lo) * 4
                    let out = (dst + (part.y + r) * dp) + part.x * 4
                    let (fh0, fh1) = (UInt16(row.f), UInt16(128 - row.f))
                    var j = 0
                    while j + 4 <= span {
                        // Four pixels: a 16-bit lane's low byte is channel 0 or 2, its high 1 or 3.
                        let p = r0.loadUnaligned(fromByteOffset: j * 4, as: SIMD8<UInt16>.self)
                        let q = r1.loadUnaligned(fromByteOffset: j * 4, as: SIMD8<UInt16>.self)
                        let e = unsafeBitCast((p & 0xFF) &* fh1 &+ (q & 0xFF) &* fh0, to: SIMD4<UInt32>.self)
                        let o = unsafeBitCast((p &>> 8) &* fh1 &+ (q &>> 8) &* fh0, to: SIMD4<UInt32>.self)
                        let w = SIMD8<UInt32>(e[0], o[0], e[1], o[1], e[2], o[2], e[3], o[3])
                        v.storeBytes(of: w, toByteOffset: j * 8, as: SIMD8<UInt32>.self)
                        j += 4
                    }
                    while j < span {
                        let p = r0.loadUnaligned(fromByteOffset: j * 4, as: SIMD2<UInt16>.self)
                        let q = r1.loadUnaligned(fromByteOffset: j * 4, as: SIMD2<UInt16>.self)
                        let e = (p & 0xFF) &* fh1 &+ (q & 0xFF) &* fh0
                        let o = (p &>> 8) &* fh1 &+ (q &>> 8) &* fh0
                        v.storeBytes(of: SIMD4(lowHalf: e, highHalf: o), toByteOffset: j * 8, as: SIMD4<UInt16>.self)
                        j += 1
                    }
                    // Two pixels at once, then the last alone: each reads columns a and
                    // a + 1 (the second weighs nothing at the edges).
                    var c = 0
                    while c + 2 <= ca.count {
                        let p = v.loadUnaligned(fromByteOffset: ca[c], as: SIMD8<UInt16>.self)
                        let q = v.loadUnaligned(fromByteOffset: ca[c + 1], as: SIMD8<UInt16>.self)
                        let f = SIMD8(lowHalf: cf[c], highHalf: cf[c + 1])
                        let x = Self.blend(
                            SIMD8(lowHalf: p.lowHalf, highHalf: q.lowHalf),
                            SIMD8(lowHalf: p.highHalf, highHalf: q.highHalf), f)
                        out.storeBytes(of: Self.bytes(x), toByteOffset: c * 4, as: SIMD2<UInt32>.self)
                        c += 2
                    }
                    if c < ca.count {
                        let p = v.loadUnaligned(fromByteOffset: ca[c], as: SIMD8<UInt16>.self)
                        let x = Self.blend(
                            SIMD8(lowHalf: p.lowHalf, highHalf: p.lowHalf),
                            SIMD8(lowHalf: p.highHalf, highHalf: p.highHalf),
                            SIMD8(lowHalf: cf[c], highHalf: cf[c]))
                        out.storeBytes(of: Self.bytes(x)[0], toByteOffset: c * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// SDL's horizontal blend, `(v₀·(128 − f) + v₁·f) >> 14` for the full-precision v's
    /// (< 2¹⁵), in 16-bit lanes: `(H + (L >> 8)) >> 6` with H the same sum of their high
    /// bytes, L of their low bytes (both < 2¹⁶; the low bytes' share cannot carry past a
    /// multiple of 64). Each result is < 256.
    @inline(__always)
    static func blend(_ v0: SIMD8<UInt16>, _ v1: SIMD8<UInt16>, _ f: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let g = 128 &- f
        let high = (v0 &>> 8) &* g &+ (v1 &>> 8) &* f
        let low = (v0 & 0xFF) &* g &+ (v1 & 0xFF) &* f
        return (high &+ (low &>> 8)) &>> 6
    }

    /// Two pixels' channels 0, 2, 1, 3 (each < 256, in 16-bit lanes) as their bytes 0, 1, 2, 3.
    @inline(__always)
    static func bytes(_ x: SIMD8<UInt16>) -> SIMD2<UInt32> {
        let w = unsafeBitCast(x, to: SIMD2<UInt64>.self)
        let y = unsafeBitCast(w | w &>> 24, to: SIMD4<UInt32>.self)
        return SIMD2(y[0], y[2])
    }

    /// Writes the pixels of `part` of the nearest-neighbour stretch of `source` onto `destination`.
    public static func nearest(
        _ src: UnsafeRawPointer, pitch sp: Int, _ source: PixelRect,
        into dst: UnsafeMutableRawPointer, pitch dp: Int, _ destination: PixelRect, part: PixelRect
    ) {
        let incx = (UInt32(source.width) << 16) / UInt32(destination.width)
        let incy = (UInt32(source.height) << 16) / UInt32(destination.height)
        for r in 0..<part.height {
            let i = UInt32(part.y - destination.y + r)
            let sy = Int((incy / 2 &+ i &* incy) >> 16)
            let row = (src + (source.y + sy) * sp).assumingMemoryBound(to: UInt32.self) + source.x
            let out = (dst + (part.y + r) * dp).assumingMemoryBound(to: UInt32.self) + part.x
            for c in 0..<part.width {
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
