import CVDCore
import Testing

/// `FrameKernel.apply(planes:…)` reads planar 4:2:2 / 4:2:0 Y′CbCr straight: it must give
/// exactly (tolerance 0) the pixels of packing the planes to YUYV and applying the kernel,
/// on both paths (table and compute), for widths that are and are not whole pieces of the
/// compute path, on one and two threads.
@Suite struct PlanarKernelTests {
    /// Camera-like planes (smooth, with some noise) and the same picture packed as YUYV.
    static func frame(width w: Int, height h: Int, subsampling: YCbCrPlanes.Subsampling, noise: Bool)
        -> (y: [UInt8], cb: [UInt8], cr: [UInt8], yuyv: [UInt8])
    {
        var random = SceneRandom(seed: 12345) // the same planes every run
        func rnd() -> Int { Int(truncatingIfNeeded: random.next() >> 33) }
        let cw = w / 2
        let ch = subsampling == .s422 ? h : (h + 1) / 2
        var y = [UInt8](repeating: 0, count: w * h)
        var cb = [UInt8](repeating: 0, count: cw * ch)
        var cr = cb
        for r in 0..<h { for x in 0..<w { y[r * w + x] = UInt8(noise ? rnd() & 255 : (16 + (x * 7 + r * 3) % 220)) } }
        for r in 0..<ch {
            for x in 0..<cw {
                cb[r * cw + x] = UInt8(noise ? rnd() & 255 : (40 + (x * 3) % 180))
                cr[r * cw + x] = UInt8(noise ? rnd() & 255 : (60 + (r * 5) % 160))
            }
        }
        var yuyv = [UInt8](repeating: 0, count: w * h * 2)
        let rows = subsampling.rowsPerChromaRow
        for r in 0..<h {
            for p in 0..<cw {
                let o = r * w * 2 + p * 4
                let c = (r / rows) * cw + p
                (yuyv[o], yuyv[o + 1], yuyv[o + 2], yuyv[o + 3]) = (
                    y[r * w + 2 * p], cb[c], y[r * w + 2 * p + 1], cr[c]
                )
            }
        }
        return (y, cb, cr, yuyv)
    }

    static let kernels = [VisionMode.normal, .deuteranopia, .tritanomaly].map { FrameKernel(try! Simulation(mode: $0)) }

    @Test(arguments: [YCbCrPlanes.Subsampling.s422, .s420])
    func planesGiveExactlyThePackedPixels(_ subsampling: YCbCrPlanes.Subsampling) throws {
        // One table (deuteranopia, full-range BT.601: a JPEG's) for the whole suite: a debug build takes long to make it.
        let jfif = YCbCrEncoding(.bt601, .full)
        for (w, h) in [(1030, 37), (512, 16), (2, 3)] {
            for noise in [false, true] {
                let f = Self.frame(width: w, height: h, subsampling: subsampling, noise: noise)
                for k in Self.kernels {
                    for enc in [jfif, .bt601Limited] {
                        for strategy in FrameKernel.Strategy.allCases
                        where strategy == .compute || (enc == jfif && k.transform == Self.kernels[1].transform) {
                            for format in [PixelFormat.bgra, .rgb24] {
                                for threads in [1, 2] {
                                    try compare(k, f, w, h, subsampling, enc, strategy, format, threads)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    func compare(
        _ k: FrameKernel, _ f: (y: [UInt8], cb: [UInt8], cr: [UInt8], yuyv: [UInt8]), _ w: Int, _ h: Int,
        _ sub: YCbCrPlanes.Subsampling, _ enc: YCbCrEncoding, _ strategy: FrameKernel.Strategy,
        _ format: PixelFormat, _ threads: Int
    ) throws {
        let dl = FrameLayout(format: format, width: w, height: h)
        var packed = [UInt8](repeating: 0, count: dl.minimumByteCount)
        var planar = packed
        try f.yuyv.withUnsafeBytes { s in
            try packed.withUnsafeMutableBytes { d in
                try k.apply(
                    source: s, sourceLayout: FrameLayout(format: .yuyv, width: w, height: h), destination: d,
                    destinationLayout: dl,
                    ycbcr: enc, strategy: strategy, threads: threads)
            }
        }
        try f.y.withUnsafeBytes { y in
            try f.cb.withUnsafeBytes { cb in
                try f.cr.withUnsafeBytes { cr in
                    let p = YCbCrPlanes(
                        y: y.baseAddress!, cb: cb.baseAddress!, cr: cr.baseAddress!, yStride: w, chromaStride: w / 2,
                        width: w, height: h, subsampling: sub)
                    try planar.withUnsafeMutableBytes { d in
                        try k.apply(
                            planes: p, destination: d, destinationLayout: dl, ycbcr: enc, strategy: strategy,
                            threads: threads)
                    }
                }
            }
        }
        let diff = zip(packed, planar).filter { $0 != $1 }.count
        #expect(
            diff == 0,
            "\(k.transform) \(w)×\(h) \(sub) \(enc) \(strategy) → \(format), \(threads) threads: \(diff) bytes differ")
    }

    @Test func badPlanesAreRefusedWithTheReason() {
        let k = FrameKernel(try! Simulation(mode: .normal))
        var out = [UInt8](repeating: 0, count: 64)
        let bytes = [UInt8](repeating: 128, count: 64)
        bytes.withUnsafeBytes { b in
            out.withUnsafeMutableBytes { d in
                let odd = YCbCrPlanes(
                    y: b.baseAddress!, cb: b.baseAddress!, cr: b.baseAddress!, yStride: 3, chromaStride: 2,
                    width: 3, height: 2, subsampling: .s422)
                #expect(throws: FrameError.oddWidthFor422(3)) {
                    try k.apply(
                        planes: odd, destination: d, destinationLayout: FrameLayout(format: .bgra, width: 3, height: 2),
                        ycbcr: .bt601Limited)
                }
                let ok = YCbCrPlanes(
                    y: b.baseAddress!, cb: b.baseAddress!, cr: b.baseAddress!, yStride: 4, chromaStride: 2,
                    width: 4, height: 2, subsampling: .s420)
                #expect(throws: FrameError.self) {
                    try k.apply(
                        planes: ok, destination: d, destinationLayout: FrameLayout(format: .bgra, width: 2, height: 2),
                        ycbcr: .bt601Limited)
                }
            }
        }
    }
}
