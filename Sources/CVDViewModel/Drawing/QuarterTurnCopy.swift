import CVDCore

/// A part of a 32-bit picture copied turned by a quarter (the software renderer's turned
/// pictures: `DrawList.Item.turnedPicture`): a transposition of whole pixels, mirrored as
/// asked, nothing resampled. Target pixel (i, j) is source pixel (u, v) with u = the part's
/// column j from the left when `uDown` (else from the right) and v = its row i from the top
/// when `vRight` (else from the bottom): the source's x runs down the target, its y across.
public enum QuarterTurnCopy {
    /// Copies `part` of `src` (rows `sourcePitch` pixels apart) into `dst` (`part.height` ×
    /// `part.width` pixels, rows `targetPitch` pixels apart). In tiles of 64 × 64 so that the
    /// source rows a tile reads stay in the cache, and 4 × 4 blocks inside: four source rows'
    /// four pixels each, stored as four target rows of four (one 16-byte store each).
    public static func copy(
        _ src: UnsafePointer<UInt32>, sourcePitch: Int, _ part: PixelRect,
        into dst: UnsafeMutablePointer<UInt32>, targetPitch: Int, uDown: Bool, vRight: Bool
    ) {
        let (w, h) = (part.height, part.width) // the target's size
        guard w > 0, h > 0 else { return }
        // Steps in the source for one target column (i) and one target row (j).
        let du = uDown ? 1 : -1
        let dv = vRight ? sourcePitch : -sourcePitch
        // Target pixel (0, 0).
        let origin =
            src + (vRight ? part.y : part.y + part.height - 1) * sourcePitch
            + (uDown ? part.x : part.x + part.width - 1)
        let tile = 64
        // Safe for the caller's pictures: every source pixel read is origin + j·du + i·dv for
        // 0 ≤ i < w, 0 ≤ j < h, which lies inside `part`; every target pixel written is
        // dst + j·targetPitch + i, inside h rows of w. Stores are unaligned-safe (SE-0349).
        for j0 in stride(from: 0, to: h, by: tile) {
            let j1 = min(j0 + tile, h)
            for i0 in stride(from: 0, to: w, by: tile) {
                let i1 = min(i0 + tile, w)
                var j = j0
                while j + 4 <= j1 {
                    let column = origin + j * du
                    let out = dst + j * targetPitch
                    var i = i0
                    while i + 4 <= i1 {
                        let p0 = column + i * dv
                        let (p1, p2, p3) = (p0 + dv, p0 + 2 * dv, p0 + 3 * dv)
                        let r0 = SIMD4(p0[0], p0[du], p0[2 * du], p0[3 * du])
                        let r1 = SIMD4(p1[0], p1[du], p1[2 * du], p1[3 * du])
                        let r2 = SIMD4(p2[0], p2[du], p2[2 * du], p2[3 * du])
                        let r3 = SIMD4(p3[0], p3[du], p3[2 * du], p3[3 * du])
                        let t0 = SIMD4(r0[0], r1[0], r2[0], r3[0])
                        let t1 = SIMD4(r0[1], r1[1], r2[1], r3[1])
                        let t2 = SIMD4(r0[2], r1[2], r2[2], r3[2])
                        let t3 = SIMD4(r0[3], r1[3], r2[3], r3[3])
                        UnsafeMutableRawPointer(out + i).storeBytes(of: t0, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(out + targetPitch + i).storeBytes(of: t1, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(out + 2 * targetPitch + i).storeBytes(of: t2, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(out + 3 * targetPitch + i).storeBytes(of: t3, as: SIMD4<UInt32>.self)
                        i += 4
                    }
                    while i < i1 {
                        let p = column + i * dv
                        for k in 0..<4 { out[k * targetPitch + i] = p[k * du] }
                        i += 1
                    }
                    j += 4
                }
                while j < j1 {
                    let column = origin + j * du
                    let out = dst + j * targetPitch
                    for i in i0..<i1 { out[i] = column[i * dv] }
                    j += 1
                }
            }
        }
    }
}
