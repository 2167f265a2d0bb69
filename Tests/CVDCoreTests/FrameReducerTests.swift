import Testing

@testable import CVDCore

/// The box-filter reduction against a plain reference written from the definition: each
/// output sample is the rounded mean of the source samples of its block (luma per pixel,
/// chroma per pair for 4:2:2), for every packed format and factors 2, 3 and 4 — exactly
/// (the reducer's integer rounding, (sum + n/2) / n, is the rounded mean: halves round up).
@Suite struct FrameReducerTests {
    /// Random bytes (a fixed generator), `width` × `height` in `format` with padded rows.
    func frame(_ format: PixelFormat, _ width: Int, _ height: Int, pad: Int = 12) -> ([UInt8], FrameLayout) {
        let l = FrameLayout(
            format: format, width: width, height: height, bytesPerRow: width * format.bytesPerPixel + pad)
        var state: UInt32 = 0x1234_5678
        let bytes = (0..<l.minimumByteCount).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return (bytes, l)
    }

    func reduced(_ src: [UInt8], _ sl: FrameLayout, _ f: Int) throws -> ([UInt8], FrameLayout) {
        let dl = FrameReducer.layout(of: sl, factor: f)
        var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
        try src.withUnsafeBytes { s in
            try out.withUnsafeMutableBytes { d in try FrameReducer.reduce(s, sl, factor: f, into: d, dl) }
        }
        return (out, dl)
    }

    func mean(_ values: [Int]) -> UInt8 { UInt8((Double(values.reduce(0, +)) / Double(values.count)).rounded()) }

    @Test func rgbFormatsAverageEveryByteOverItsBlock() throws {
        for format in [PixelFormat.rgb24, .bgr24, .rgba, .bgra, .argb] {
            for f in [2, 3, 4] {
                let (src, sl) = frame(format, 37, 23)
                let (out, dl) = try reduced(src, sl, f)
                #expect(dl.width == (37 / f) & ~1 && dl.height == 23 / f)
                let bpp = format.bytesPerPixel
                for oy in 0..<dl.height {
                    for ox in 0..<dl.width {
                        for c in 0..<bpp {
                            var values: [Int] = []
                            for y in (oy * f)..<(oy * f + f) {
                                for x in (ox * f)..<(ox * f + f) {
                                    values.append(Int(src[y * sl.bytesPerRow + x * bpp + c]))
                                }
                            }
                            let got = out[oy * dl.bytesPerRow + ox * bpp + c]
                            #expect(got == mean(values), "\(format) ×\(f) at \(ox),\(oy) channel \(c)")
                        }
                    }
                }
            }
        }
    }

    @Test func fourTwoTwoAveragesLumaPerPixelAndChromaPerPair() throws {
        for format in [PixelFormat.yuyv, .uyvy] {
            let o = try #require(format.ycbcrOffsets)
            for f in [2, 3, 4] {
                let (src, sl) = frame(format, 38, 21)
                let (out, dl) = try reduced(src, sl, f)
                #expect(dl.width % 2 == 0 && dl.width == (38 / f) & ~1 && dl.height == 21 / f)
                // The source's luma of pixel x, and the chroma of the pair holding it.
                func luma(_ x: Int, _ y: Int) -> Int {
                    Int(src[y * sl.bytesPerRow + (x / 2) * 4 + (x % 2 == 0 ? o.y0 : o.y1)])
                }
                func chroma(_ pair: Int, _ y: Int, _ offset: Int) -> Int {
                    Int(src[y * sl.bytesPerRow + pair * 4 + offset])
                }
                for oy in 0..<dl.height {
                    for ox in 0..<dl.width {
                        var l: [Int] = []
                        for y in (oy * f)..<(oy * f + f) { for x in (ox * f)..<(ox * f + f) { l.append(luma(x, y)) } }
                        let pair = out.withUnsafeBytes { $0.baseAddress! + oy * dl.bytesPerRow + (ox / 2) * 4 }
                        let got = pair.load(fromByteOffset: ox % 2 == 0 ? o.y0 : o.y1, as: UInt8.self)
                        #expect(got == mean(l), "\(format) ×\(f) luma at \(ox),\(oy)")
                        guard ox % 2 == 0 else { continue }
                        // The output pair covers source pixels 2f·(ox/2) ..< +2f: f source pairs.
                        for offset in [o.cb, o.cr] {
                            var c: [Int] = []
                            for y in (oy * f)..<(oy * f + f) {
                                for p in (ox / 2 * f)..<(ox / 2 * f + f) { c.append(chroma(p, y, offset)) }
                            }
                            #expect(
                                pair.load(fromByteOffset: offset, as: UInt8.self) == mean(c),
                                "\(format) ×\(f) chroma at pair \(ox / 2),\(oy)")
                        }
                    }
                }
            }
        }
    }

    @Test func factorOneCopiesAndBadLayoutsAreRefused() throws {
        let (src, sl) = frame(.yuyv, 16, 4, pad: 0)
        let (out, dl) = try reduced(src, sl, 1)
        #expect(dl == sl && out == src)
        var small = [UInt8](repeating: 0, count: 4)
        #expect(throws: FrameError.self) {
            try src.withUnsafeBytes { s in
                try small.withUnsafeMutableBytes { d in
                    try FrameReducer.reduce(s, sl, factor: 2, into: d, FrameLayout(format: .yuyv, width: 8, height: 2))
                }
            }
        }
        #expect(throws: FrameError.self) {
            try src.withUnsafeBytes { s in
                try small.withUnsafeMutableBytes { d in
                    try FrameReducer.reduce(s, sl, factor: 2, into: d, FrameLayout(format: .yuyv, width: 2, height: 1))
                }
            }
        }
    }
}
