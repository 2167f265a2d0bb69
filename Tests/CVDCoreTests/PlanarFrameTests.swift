import CVDCore
import Testing

/// Planar frames (`.i422`, `.i420`) read by the CPU's consumers exactly as the same samples
/// packed: the colour kernel, the probes' sampler, the confusion map's share and stripes,
/// and the reducer (planar reduced then packed = packed reduced).
@Suite struct PlanarFrameTests {
    /// A planar frame of `format` with pseudo-random samples, and the same samples as YUYV
    /// (4:2:0 chroma repeated on both rows of a pair).
    static func frames(_ format: PixelFormat, width w: Int, height h: Int) -> (
        planar: [UInt8], pl: FrameLayout, yuyv: [UInt8], yl: FrameLayout
    ) {
        let pl = FrameLayout(format: format, width: w, height: h, bytesPerRow: (w + 15) / 16 * 16)
        var planar = [UInt8](repeating: 0, count: pl.minimumByteCount)
        let g = pl.planes
        var seed: UInt32 = 12345
        func next() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        for y in 0..<h { for x in 0..<w { planar[y * pl.bytesPerRow + x] = next() } }
        for y in 0..<((h + format.rowsPerChromaRow - 1) / format.rowsPerChromaRow) {
            for x in 0..<(w / 2) {
                planar[g.cbOffset + y * g.chromaStride + x] = next()
                planar[g.crOffset + y * g.chromaStride + x] = next()
            }
        }
        let yl = FrameLayout(format: .yuyv, width: w, height: h)
        var yuyv = [UInt8](repeating: 0, count: yl.minimumByteCount)
        planar.withUnsafeBytes { p in
            yuyv.withUnsafeMutableBytes {
                YCbCrPlanes(p, pl)!.packYUYV(into: $0.baseAddress!, bytesPerRow: yl.bytesPerRow)
            }
        }
        return (planar, pl, yuyv, yl)
    }

    @Test(arguments: [PixelFormat.i422, .i420])
    func theKernelReadsPlanesAsPacked(_ format: PixelFormat) throws {
        let (planar, pl, yuyv, yl) = Self.frames(format, width: 70, height: 33)
        let k = FrameKernel(try Simulation(mode: .deuteranopia))
        let dl = FrameLayout(format: .bgra, width: 70, height: 33)
        var a = [UInt8](repeating: 0, count: dl.minimumByteCount)
        var b = a
        try planar.withUnsafeBytes { s in
            try a.withUnsafeMutableBytes {
                try k.apply(source: s, sourceLayout: pl, destination: $0, destinationLayout: dl, strategy: .compute)
            }
        }
        try yuyv.withUnsafeBytes { s in
            try b.withUnsafeMutableBytes {
                try k.apply(source: s, sourceLayout: yl, destination: $0, destinationLayout: dl, strategy: .compute)
            }
        }
        #expect(a == b)
    }

    @Test(arguments: [PixelFormat.i422, .i420])
    func probesShareAndStripesReadPlanesAsPacked(_ format: PixelFormat) throws {
        let (planar, pl, yuyv, yl) = Self.frames(format, width: 64, height: 40)
        for (x, y) in [(0, 0), (13, 7), (63, 39), (32, 21)] {
            let a = planar.withUnsafeBytes { FrameSampler.average($0, pl, ycbcr: .bt601Limited, x: x, y: y) }
            let b = yuyv.withUnsafeBytes { FrameSampler.average($0, yl, ycbcr: .bt601Limited, x: x, y: y) }
            #expect(a != nil && a == b, "probe at \(x),\(y)")
        }
        let map = ConfusionMap(picked: RGB8(200, 30, 40), simulation: try Simulation(mode: .deuteranopia))
        let shareA = try planar.withUnsafeBytes { try map.share(source: $0, pl) }
        let shareB = try yuyv.withUnsafeBytes { try map.share(source: $0, yl) }
        #expect(shareA == shareB && shareA > 0, "share \(shareA) against \(shareB)")
        let dl = FrameLayout(format: .bgra, width: 64, height: 40)
        var a = [UInt8](repeating: 7, count: dl.minimumByteCount)
        var b = a
        _ = try planar.withUnsafeBytes { s in
            try a.withUnsafeMutableBytes { try map.mark(source: s, pl, destination: $0, dl, phase: 5) }
        }
        _ = try yuyv.withUnsafeBytes { s in
            try b.withUnsafeMutableBytes { try map.mark(source: s, yl, destination: $0, dl, phase: 5) }
        }
        #expect(a == b, "the same stripes")
        // A part: the planes cropped at an even column.
        let part = try planar.withUnsafeBytes { p in
            try map.share(planes: YCbCrPlanes(p, pl)!.cropped(x: 10, y: 4, width: 20, height: 16), ycbcr: .bt601Limited)
        }
        #expect(part >= 0 && part <= 1)
    }

    @Test(arguments: [2, 4])
    func reducedPlanar422IsReducedPacked(_ factor: Int) throws {
        let (planar, pl, yuyv, yl) = Self.frames(.i422, width: 96, height: 40)
        let rp = FrameReducer.layout(of: pl, factor: factor)
        let rpl = FrameLayout(format: .i422, width: rp.width, height: rp.height, bytesPerRow: (rp.width + 15) / 16 * 16)
        var rPlanar = [UInt8](repeating: 0, count: rpl.minimumByteCount)
        let ry = FrameReducer.layout(of: yl, factor: factor)
        var rYUYV = [UInt8](repeating: 0, count: ry.minimumByteCount)
        try planar.withUnsafeBytes { s in
            try rPlanar.withUnsafeMutableBytes { try FrameReducer.reduce(s, pl, factor: factor, into: $0, rpl) }
        }
        try yuyv.withUnsafeBytes { s in
            try rYUYV.withUnsafeMutableBytes { try FrameReducer.reduce(s, yl, factor: factor, into: $0, ry) }
        }
        var packed = [UInt8](repeating: 0, count: ry.minimumByteCount)
        rPlanar.withUnsafeBytes { p in
            packed.withUnsafeMutableBytes {
                YCbCrPlanes(p, rpl)!.packYUYV(into: $0.baseAddress!, bytesPerRow: ry.bytesPerRow)
            }
        }
        #expect(packed == rYUYV)
    }

    @Test func planarLayouts() throws {
        let l = FrameLayout(format: .i420, width: 1920, height: 1080, bytesPerRow: 1920)
        let g = l.planes
        #expect(g.lumaRows == 1088 && g.chromaRows == 544 && g.chromaStride == 960)
        #expect(g.cbOffset == 1920 * 1088 && g.crOffset == g.cbOffset + 960 * 544 && g.bytes == g.crOffset + 960 * 544)
        #expect(l.minimumByteCount == g.bytes && g.bytes % l.bytesPerRow == 0)
        #expect(throws: FrameError.self) {
            try FrameLayout(format: .i422, width: 31, height: 8, bytesPerRow: 32).validate()
        }
    }
}
