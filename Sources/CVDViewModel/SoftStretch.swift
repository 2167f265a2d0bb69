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
    public static func linear(
        _ src: UnsafeRawPointer, pitch sp: Int, _ source: BlitRects.Box,
        into dst: UnsafeMutableRawPointer, pitch dp: Int, _ destination: BlitRects.Box, part: BlitRects.Box
    ) {
        let columns = axis(source.w, destination.w, from: part.x - destination.x, count: part.w)
        let rows = axis(source.h, destination.h, from: part.y - destination.y, count: part.h)
        for (r, row) in rows.enumerated() {
            // Rows `row.a` and `row.b` of the source (the same one at its edges), weighted by `row.f`.
            let r0 = (src + (source.y + row.a) * sp).assumingMemoryBound(to: UInt32.self) + source.x
            let r1 = (src + (source.y + row.b) * sp).assumingMemoryBound(to: UInt32.self) + source.x
            let out = (dst + (part.y + r) * dp).assumingMemoryBound(to: UInt32.self) + part.x
            let (fh0, fh1) = (UInt64(row.f), UInt64(128 - row.f))
            for (c, col) in columns.enumerated() {
                let (fw0, fw1) = (UInt64(col.f), UInt64(128 - col.f))
                // Two channels at once in 32-bit lanes of a 64-bit word (each sum < 2²³).
                func pair(_ shift: UInt32) -> UInt64 {
                    func lanes(_ p: UInt32) -> UInt64 {
                        UInt64((p >> shift) & 0xFF) | UInt64((p >> (shift + 16)) & 0xFF) << 32
                    }
                    let v0 = lanes(r0[col.a]) &* fh1 &+ lanes(r1[col.a]) &* fh0
                    let v1 = lanes(r0[col.b]) &* fh1 &+ lanes(r1[col.b]) &* fh0
                    let s = (v0 &* fw1 &+ v1 &* fw0) >> 14
                    return (s & 0xFF) | ((s >> 32) & 0xFF) << 16
                }
                out[c] = UInt32(truncatingIfNeeded: pair(0) | pair(8) << 8)
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
