import CVDCore

/// A 32-bit picture drawn through a mesh as the GL renderer draws it (the software
/// renderer's straightened page: `DrawList.Item.mesh`), into a picture of its own. Each
/// quad is two triangles (`MeshIndices`); a pixel whose centre lies in a triangle takes the
/// source at the point the triangle's vertices interpolate to (linearly across the window),
/// sampled between the four nearest texel centres and clamped at the source's edges, as
/// GL's linear filter samples. The three colour bytes are interpolated; the top byte of a
/// pixel drawn is 255 (opaque), of one not drawn left as it was.
public enum MeshWarp {
    /// Draws `src` (`size`, rows `sourcePitch` pixels apart; texel (u, v) of the mesh is
    /// pixel (u, v)) through `mesh` (`columns` vertices a row, positions in window pixels)
    /// into `dst`, which holds the window's part `box` (rows `targetPitch` pixels apart).
    public static func draw(
        _ src: UnsafePointer<UInt32>, sourcePitch: Int, size: FrameSize, _ mesh: [DrawList.MeshVertex], columns: Int,
        into dst: UnsafeMutablePointer<UInt32>, targetPitch: Int, box: PixelRect
    ) {
        // The sides the view allows (16 384: `ImageFile.maximumSide`, `--size`), which keep the
        // four-pixel path's Int32 lanes exact.
        guard size.width > 0, size.height > 0, size.width <= 16_384, size.height <= 16_384, box.width > 0,
            box.height > 0
        else { return }
        let indices = MeshIndices.triangles(count: mesh.count, columns: columns)
        for t in stride(from: 0, to: indices.count, by: 3) {
            triangle(
                mesh[indices[t]], mesh[indices[t + 1]], mesh[indices[t + 2]], src, sourcePitch, size, dst,
                targetPitch, box)
        }
    }

    /// One triangle: over the pixels of `box` whose centres it holds (edges included, so
    /// that two triangles sharing an edge leave no gap between them).
    private static func triangle(
        _ a: DrawList.MeshVertex, _ b: DrawList.MeshVertex, _ c: DrawList.MeshVertex, _ src: UnsafePointer<UInt32>,
        _ sourcePitch: Int, _ size: FrameSize, _ dst: UnsafeMutablePointer<UInt32>, _ targetPitch: Int,
        _ box: PixelRect
    ) {
        // Twice the signed area; a degenerate triangle covers no pixel centre.
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard abs(area) > 1e-12, area.isFinite else { return }
        // u and v as affine functions of the window position: u = u0 + ux·x + uy·y.
        let ux = ((b.u - a.u) * (c.y - a.y) - (c.u - a.u) * (b.y - a.y)) / area
        let uy = ((c.u - a.u) * (b.x - a.x) - (b.u - a.u) * (c.x - a.x)) / area
        let vx = ((b.v - a.v) * (c.y - a.y) - (c.v - a.v) * (b.y - a.y)) / area
        let vy = ((c.v - a.v) * (b.x - a.x) - (b.v - a.v) * (c.x - a.x)) / area
        // Texture points that are not numbers (a page corner mapped from behind the camera)
        // draw nothing rather than trap on the conversions below.
        guard ux.isFinite, uy.isFinite, vx.isFinite, vy.isFinite, a.u.isFinite, a.v.isFinite else { return }
        // The pixels whose centres may lie inside, clamped to the box before any conversion.
        let (left, right) = (Double(box.x), Double(box.x + box.width - 1))
        let (top, bottom) = (Double(box.y), Double(box.y + box.height - 1))
        let x0 = Int(min(max(left, (min(a.x, b.x, c.x) - 0.5).rounded(.down)), right + 1))
        let x1 = Int(max(min(right, (max(a.x, b.x, c.x) - 0.5).rounded(.up)), left - 1))
        let y0 = Int(min(max(top, (min(a.y, b.y, c.y) - 0.5).rounded(.down)), bottom + 1))
        let y1 = Int(max(min(bottom, (max(a.y, b.y, c.y) - 0.5).rounded(.up)), top - 1))
        guard x0 <= x1, y0 <= y1 else { return }
        // The edge functions, positive inside for either winding (scaled by the area's sign),
        // each linear in x along a row: c0 + k·x. A small tolerance so that a centre on a
        // shared edge counts for both triangles.
        let sign = area > 0 ? 1.0 : -1.0
        let tolerance = -1e-9 * abs(area)
        let maxU = (size.width - 1) << 16
        let maxV = (size.height - 1) << 16
        for y in y0...y1 {
            let cy = Double(y) + 0.5
            // The row's span of centres inside all three edges.
            var lo = Double(x0) + 0.5
            var hi = Double(x1) + 0.5
            func bound(_ p: DrawList.MeshVertex, _ q: DrawList.MeshVertex) {
                let (dx, dy) = (sign * (q.x - p.x), sign * (q.y - p.y))
                let c0 = dx * (cy - p.y) + dy * p.x
                let k = -dy
                if k > 0 {
                    lo = max(lo, (tolerance - c0) / k)
                } else if k < 0 {
                    hi = min(hi, (tolerance - c0) / k)
                } else if c0 < tolerance {
                    hi = -.infinity
                }
            }
            bound(a, b)
            bound(b, c)
            bound(c, a)
            guard lo <= hi else { continue }
            let first = max(x0, Int((lo - 0.5).rounded(.up)))
            let last = min(x1, Int((hi - 0.5).rounded(.down)))
            guard first <= last else { continue }
            // Safe: box.x ≤ first ≤ last < box.x + box.width and box.y ≤ y < box.y + box.height,
            // so every pixel written lies in the `box.height` rows of `box.width` that `dst` holds.
            let row = dst + (y - box.y) * targetPitch
            // Texel i's centre is at u = i + 0.5: sampled on the grid of centres, in 16.16
            // fixed point along the row (over 4,000 pixels the sum strays under 0.07 texel).
            let u = a.u + ux * (Double(first) + 0.5 - a.x) + uy * (cy - a.y) - 0.5
            let v = a.v + vx * (Double(first) + 0.5 - a.x) + vy * (cy - a.y) - 0.5
            guard u.isFinite, v.isFinite else { continue }
            var uf = fixed(u)
            var vf = fixed(v)
            let (du, dv) = (fixed(ux), fixed(vx))
            let n = last - first + 1
            // u and v change linearly along the span: where both its ends lie inside the
            // picture, a texel away from its right and bottom edges, so does every sample.
            // (n ≤ 16 384 and |du|, |dv| ≤ 2⁴⁶ from `fixed`: the ends cannot overflow.)
            let ends = n <= 16_384 ? (uf + (n - 1) * du, vf + (n - 1) * dv) : (-1, -1)
            let (uEnd, vEnd) = ends
            if min(uf, uEnd) >= 0, max(uf, uEnd) < maxU, min(vf, vEnd) >= 0, max(vf, vEnd) < maxV {
                interior(src, sourcePitch, size, row + (first - box.x), n, uf, vf, du, dv)
                continue
            }
            for x in first...last {
                row[x - box.x] = sample(src, sourcePitch, size, min(max(uf, 0), maxU), min(max(vf, 0), maxV))
                uf &+= du
                vf &+= dv
            }
        }
    }

    /// `n` pixels from `out` on, sampled from (u, v) on in steps (du, dv) (16.16), every
    /// sample with its right and lower neighbour inside the picture (checked by the caller):
    /// no clamping, four pixels at a time. The same arithmetic as `sample`, lane by lane.
    private static func interior(
        _ src: UnsafePointer<UInt32>, _ pitch: Int, _ size: FrameSize, _ out: UnsafeMutablePointer<UInt32>, _ n: Int,
        _ u: Int,
        _ v: Int, _ du: Int, _ dv: Int
    ) {
        // Int32 lanes: u, v < 16 384 · 65 536 = 2³⁰ and an index < 2²⁸ for pictures up to
        // 16 384 pixels a side (the view's largest).
        let lane = SIMD4<Int32>(0, 1, 2, 3)
        var u4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ lane &* Int32(truncatingIfNeeded: du)
        var v4 = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ lane &* Int32(truncatingIfNeeded: dv)
        let (du4, dv4) = (Int32(truncatingIfNeeded: 4 * du), Int32(truncatingIfNeeded: 4 * dv))
        let pitch32 = Int32(truncatingIfNeeded: pitch)
        var k = 0
        while k + 4 <= n {
            let index = (v4 &>> 16) &* pitch32 &+ (u4 &>> 16)
            let fx = SIMD4<UInt32>(truncatingIfNeeded: (u4 &>> 8) & 0xFF)
            let fy = SIMD4<UInt32>(truncatingIfNeeded: (v4 &>> 8) & 0xFF)
            var (p00, p10, p01, p11) = (SIMD4<UInt32>(), SIMD4<UInt32>(), SIMD4<UInt32>(), SIMD4<UInt32>())
            for l in 0..<4 {
                // Safe: the texel and its right and lower neighbours lie inside the picture.
                let p = src + Int(index[l])
                (p00[l], p10[l], p01[l], p11[l]) = (p[0], p[1], p[pitch], p[pitch + 1])
            }
            let pixels = lerp(lerp(p00, p10, fx), lerp(p01, p11, fx), fy) | 0xFF00_0000
            // Safe: k + 4 ≤ n pixels from `out`; an unaligned store (SE-0349).
            UnsafeMutableRawPointer(out + k).storeBytes(of: pixels, as: SIMD4<UInt32>.self)
            u4 &+= du4
            v4 &+= dv4
            k += 4
        }
        var (uf, vf) = (u + k * du, v + k * dv)
        while k < n {
            out[k] = sample(src, pitch, size, uf, vf)
            uf += du
            vf += dv
            k += 1
        }
    }

    /// `lerp` for four pixels at once.
    @inline(__always)
    private static func lerp(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // One operation a line with its type named: Swift 6.0.3 cannot type-check the scalar
        // lerp's one-line expressions on vectors in reasonable time.
        typealias V = SIMD4<UInt32>
        let g: V = 256 &- f
        let (rbMask, gMask): (V, V) = (V(repeating: 0xFF_00FF), V(repeating: 0x00_FF00))
        let rbSum: V = (a & rbMask) &* g &+ (b & rbMask) &* f &+ V(repeating: 0x80_0080)
        let gSum: V = (a & gMask) &* g &+ (b & gMask) &* f &+ V(repeating: 0x00_8000)
        let rb: V = (rbSum &>> 8) & rbMask
        let gg: V = (gSum &>> 8) & gMask
        return rb | gg
    }

    /// `d` in 16.16 fixed point, kept well inside Int's range.
    private static func fixed(_ d: Double) -> Int { Int((min(max(d, -1e9), 1e9) * 65536).rounded()) }

    /// The source between the four texels around (u, v) (16.16 texel-centre coordinates,
    /// inside the picture), opaque: two lerps across, one down, each with 8-bit weights
    /// and rounded (as GL's 8-bit linear filtering; within a level of the exact blend).
    @inline(__always)
    private static func sample(_ src: UnsafePointer<UInt32>, _ pitch: Int, _ size: FrameSize, _ u: Int, _ v: Int)
        -> UInt32
    {
        let (i, j) = (u >> 16, v >> 16)
        let fx = UInt32(truncatingIfNeeded: (u >> 8) & 0xFF)
        let fy = UInt32(truncatingIfNeeded: (v >> 8) & 0xFF)
        // Safe: 0 ≤ i, i + di < width and 0 ≤ j, j + dj < height (u, v clamped by the caller).
        let di = i < size.width - 1 ? 1 : 0
        let dj = j < size.height - 1 ? pitch : 0
        let p = src + j * pitch + i
        let top = lerp(p[0], p[di], fx)
        let bottom = lerp(p[dj], p[dj + di], fx)
        return lerp(top, bottom, fy) | 0xFF00_0000
    }

    /// a + (b − a)·f/256 for each of the three low bytes (red and blue together, then green).
    @inline(__always)
    private static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = ((a & 0xFF_00FF) &* g &+ (b & 0xFF_00FF) &* f &+ 0x80_0080) >> 8 & 0xFF_00FF
        let gg = ((a & 0x00_FF00) &* g &+ (b & 0x00_FF00) &* f &+ 0x00_8000) >> 8 & 0x00_FF00
        return rb | gg
    }
}
