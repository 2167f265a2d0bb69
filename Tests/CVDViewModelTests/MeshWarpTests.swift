import CVDCore
import Testing

@testable import CVDViewModel

/// `MeshWarp` (the software renderer's straightened page) against the definitions it
/// follows: GL's pixel-centre coverage, linear interpolation across a triangle and the
/// linear filter between texel centres, each computed here independently in float64.
@Suite struct MeshWarpTests {
    /// A 16 × 12 picture of ramps and a hard edge, top byte 0 (as an RGB888 texture's).
    static let size = FrameSize(16, 12)
    static let source: [UInt32] = (0..<(16 * 12)).map { i in
        let (x, y) = (UInt32(i % 16), UInt32(i / 16))
        return (x * 16) << 16 | (y * 20) << 8 | (x < 8 ? 30 : 220)
    }

    static func warp(_ mesh: [DrawList.MeshVertex], columns: Int = 2, box: PixelRect) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: box.width * box.height)
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                MeshWarp.draw(
                    s.baseAddress!, sourcePitch: size.width, size: size, mesh, columns: columns, into: d.baseAddress!,
                    targetPitch: box.width, box: box)
            }
        }
        return out
    }

    /// GL's linear filter at texel coordinates (u, v) (texel i's centre at i + 0.5), clamped.
    static func filtered(_ u: Double, _ v: Double) -> [Double] {
        let s = min(max(u - 0.5, 0), Double(size.width - 1))
        let t = min(max(v - 0.5, 0), Double(size.height - 1))
        let (i, j) = (Int(s.rounded(.down)), Int(t.rounded(.down)))
        let (fx, fy) = (s - Double(i), t - Double(j))
        func at(_ x: Int, _ y: Int, _ shift: UInt32) -> Double {
            Double((source[min(y, size.height - 1) * size.width + min(x, size.width - 1)] >> shift) & 0xFF)
        }
        return [0, 8, 16].map { (shift: UInt32) in
            (1 - fy) * ((1 - fx) * at(i, j, shift) + fx * at(i + 1, j, shift))
                + fy * ((1 - fx) * at(i, j + 1, shift) + fx * at(i + 1, j + 1, shift))
        }
    }

    static func bytes(_ p: UInt32) -> [Double] { [0, 8, 16].map { Double((p >> UInt32($0)) & 0xFF) } }

    @Test func aMeshOnTheTexelGridCopiesThePictureExactly() {
        let w = Double(Self.size.width)
        let h = Double(Self.size.height)
        let mesh = [
            DrawList.MeshVertex(x: 0, y: 0, u: 0, v: 0), DrawList.MeshVertex(x: w, y: 0, u: w, v: 0),
            DrawList.MeshVertex(x: 0, y: h, u: 0, v: h), DrawList.MeshVertex(x: w, y: h, u: w, v: h),
        ]
        let out = Self.warp(mesh, box: PixelRect(width: 16, height: 12))
        #expect(out == Self.source.map { $0 | 0xFF00_0000 })
    }

    /// Enlarged 2.5 times and moved (one cell): every pixel the linear filter at its centre's
    /// texel point, within a level (rounding).
    @Test func anEnlargedPictureIsTheLinearFilterAtEachPixelCentre() {
        let (x0, y0, scale) = (3.0, 2.0, 2.5)
        let w = Double(Self.size.width)
        let h = Double(Self.size.height)
        let mesh = [
            DrawList.MeshVertex(x: x0, y: y0, u: 0, v: 0), DrawList.MeshVertex(x: x0 + w * scale, y: y0, u: w, v: 0),
            DrawList.MeshVertex(x: x0, y: y0 + h * scale, u: 0, v: h),
            DrawList.MeshVertex(x: x0 + w * scale, y: y0 + h * scale, u: w, v: h),
        ]
        let box = PixelRect(width: 48, height: 36)
        let out = Self.warp(mesh, box: box)
        var worst = 0.0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let inside = cx >= x0 && cx <= x0 + w * scale && cy >= y0 && cy <= y0 + h * scale
                let p = out[y * box.width + x]
                #expect((p >> 24 == 0xFF) == inside, "pixel \(x), \(y)")
                guard inside else { continue }
                let want = Self.filtered((cx - x0) / scale, (cy - y0) / scale)
                worst = max(worst, zip(Self.bytes(p), want).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1.5, "worst \(worst) levels (8-bit weights, three rounded lerps)")
    }

    /// A quadrilateral no affine map makes (a page seen at an angle), as two triangles: each
    /// pixel whose centre is in the quadrilateral is drawn, with u and v interpolated
    /// linearly in its triangle; none outside is.
    @Test func aPageIsDrawnTriangleByTriangleWithNoGapAndNothingOutside() {
        let corners = [(2.0, 1.0, 0.0, 0.0), (27.0, 3.0, 16.0, 0.0), (1.0, 22.0, 0.0, 12.0), (30.0, 19.0, 16.0, 12.0)]
        let mesh = corners.map { DrawList.MeshVertex(x: $0.0, y: $0.1, u: $0.2, v: $0.3) }
        let box = PixelRect(x: 0, y: 0, width: 32, height: 24)
        let out = Self.warp(mesh, box: box)
        // The triangles in MeshIndices' order: (0, 1, 2) and (1, 3, 2).
        let triangles = [[0, 1, 2], [1, 3, 2]].map { $0.map { corners[$0] } }
        var worst = 0.0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let p = out[y * box.width + x]
                // Barycentric weights of the centre in each triangle; inside when none is negative.
                let hit = triangles.lazy.compactMap { t -> (Double, Double)? in
                    let (a, b, c) = (t[0], t[1], t[2])
                    let d = (b.1 - c.1) * (a.0 - c.0) + (c.0 - b.0) * (a.1 - c.1)
                    let l1 = ((b.1 - c.1) * (cx - c.0) + (c.0 - b.0) * (cy - c.1)) / d
                    let l2 = ((c.1 - a.1) * (cx - c.0) + (a.0 - c.0) * (cy - c.1)) / d
                    let l3 = 1 - l1 - l2
                    guard min(l1, l2, l3) >= -1e-9 else { return nil }
                    return (l1 * a.2 + l2 * b.2 + l3 * c.2, l1 * a.3 + l2 * b.3 + l3 * c.3)
                }.first
                #expect((p >> 24 == 0xFF) == (hit != nil), "pixel \(x), \(y)")
                guard let (u, v) = hit else { continue }
                worst = max(worst, zip(Self.bytes(p), Self.filtered(u, v)).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 1.5, "worst \(worst) levels (8-bit weights, three rounded lerps)")
    }

    /// Vertices far outside the window or texture points that are not numbers (a page corner
    /// mapped from behind the camera): no trap, nothing drawn from the bad triangles.
    @Test func wildVerticesDrawNothingAndDoNotTrap() {
        let box = PixelRect(width: 16, height: 12)
        let far = [
            DrawList.MeshVertex(x: -1e30, y: -1e30, u: 0, v: 0), DrawList.MeshVertex(x: 1e30, y: -1e30, u: 16, v: 0),
            DrawList.MeshVertex(x: -1e30, y: 1e30, u: 0, v: 12), DrawList.MeshVertex(x: 1e30, y: 1e30, u: 16, v: 12),
        ]
        _ = Self.warp(far, box: box)
        let nan = [
            DrawList.MeshVertex(x: 0, y: 0, u: .nan, v: 0), DrawList.MeshVertex(x: 16, y: 0, u: 16, v: 0),
            DrawList.MeshVertex(x: 0, y: 12, u: 0, v: .infinity), DrawList.MeshVertex(x: 16, y: 12, u: 16, v: 12),
        ]
        // Both triangles hold a vertex that is not a number: nothing drawn.
        #expect(Self.warp(nan, box: box).allSatisfy { $0 == 0 })
    }
}
