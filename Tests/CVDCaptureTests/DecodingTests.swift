import CVDCore
import Foundation
import Testing

@testable import CVDCapture

/// Frame decoding without a camera: bytes made the way a camera sends them, decoded,
/// then compared with what was sent.
@Suite struct DecodingTests {
    static let colours: [RGB8] = [
        RGB8(191, 191, 191), RGB8(191, 191, 0), RGB8(0, 191, 191), RGB8(0, 191, 0), RGB8(191, 0, 191),
        RGB8(191, 0, 0), RGB8(0, 0, 191), RGB8(20, 20, 20), RGB8(230, 120, 40), RGB8(60, 160, 220),
    ]

    /// Decodes and converts to RGBA with the "normal" kernel (exact Y′CbCr → R′G′B′).
    static func decodeToRGBA(_ bytes: [UInt8], _ format: CaptureFormat) throws -> RGBAImage {
        let decoder = FrameDecoder(format: format)
        var out = RGBAImage(width: format.width, height: format.height)
        let kernel = FrameKernel(try Simulation(mode: .normal))
        let dl = out.layout
        try bytes.withUnsafeBytes { raw in
            try decoder.decode(raw) { src, layout, enc in
                out.pixels.withUnsafeMutableBytes { d in
                    try? kernel.apply(
                        source: src, sourceLayout: layout, destination: d, destinationLayout: dl, ycbcr: enc,
                        strategy: .compute)
                }
            }
        }
        return out
    }

    static func maxError(_ img: RGBAImage, _ rgb: [UInt8], margin: Int = 0) -> Int {
        var worst = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                // Stay `margin` pixels inside each 16×16 block (JPEG ringing lives at block edges).
                guard (x % 16) >= margin, (x % 16) < 16 - margin, (y % 16) >= margin, (y % 16) < 16 - margin else {
                    continue
                }
                let p = img[x, y]
                let i = (y * img.width + x) * 3
                worst = max(
                    worst, abs(Int(p.r) - Int(rgb[i])), abs(Int(p.g) - Int(rgb[i + 1])), abs(Int(p.b) - Int(rgb[i + 2]))
                )
            }
        }
        return worst
    }

    @Test(arguments: [TestJPEG.Subsampling.s422, .s420, .s444])
    func mjpegDecodes(_ sub: TestJPEG.Subsampling) throws {
        let w = 160
        let h = 96
        let rgb = TestJPEG.blocks(width: w, height: h, colours: Self.colours)
        let jpeg = TestJPEG.encode(rgb, width: w, height: h, subsampling: sub)
        let fmt = CaptureFormat(
            fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: w * h * 2,
            ycbcr: CaptureFormat.encoding(colorspace: 7, ycbcrEnc: 0, quantization: 0, compressed: true))
        let img = try Self.decodeToRGBA(jpeg, fmt)
        // Quality 95 on flat blocks, block interiors: within 4 levels of what was encoded.
        #expect(Self.maxError(img, rgb, margin: 3) <= 4)
    }

    @Test func truncatedMJPEGIsRejected() throws {
        let w = 160
        let h = 96
        let jpeg = TestJPEG.encode(TestJPEG.blocks(width: w, height: h, colours: Self.colours), width: w, height: h)
        let fmt = CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: w * h * 2)
        for cut in [jpeg.count / 2, jpeg.count - 20, 3, 0] {
            #expect(throws: FrameDecoder.Failure.self, "cut at \(cut)") {
                _ = try Self.decodeToRGBA(Array(jpeg.prefix(cut)), fmt)
            }
        }
    }

    @Test func corruptMJPEGIsRejected() throws {
        let w = 160
        let h = 96
        let jpeg = TestJPEG.encode(TestJPEG.blocks(width: w, height: h, colours: Self.colours), width: w, height: h)
        let fmt = CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: w * h * 2)
        // Garbage instead of the entropy-coded data (after the headers), and no JPEG at all.
        var garbled = jpeg
        for i in stride(from: jpeg.count / 3, to: jpeg.count - 2, by: 1) {
            garbled[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) | 0x01
        }
        var rng = SystemRandomNumberGenerator()
        let noise = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var wrongSize = TestJPEG.encode(
            TestJPEG.blocks(width: 80, height: 48, colours: Self.colours), width: 80, height: 48)
        for bad in [garbled, noise, wrongSize] {
            #expect(throws: FrameDecoder.Failure.self) { _ = try Self.decodeToRGBA(bad, fmt) }
        }
        wrongSize.removeAll()
        // The decoder is still usable after a bad frame.
        #expect(
            Self.maxError(
                try Self.decodeToRGBA(jpeg, fmt), TestJPEG.blocks(width: w, height: h, colours: Self.colours), margin: 3
            ) <= 4)
    }

    /// NV12 made from known colours (one chroma sample per 2×2 block) decodes to exactly
    /// what the same samples give as YUYV.
    @Test func nv12MatchesYUYV() throws {
        let w = 64
        let h = 32
        let enc = YCbCrEncoding.bt601Limited
        var nv12 = [UInt8](repeating: 0, count: w * h * 3 / 2)
        var yuyv = [UInt8](repeating: 0, count: w * h * 2)
        for y in 0..<h {
            for x in 0..<w {
                let c = Self.colours[((y / 2) * 7 + (x / 2) * 3) % Self.colours.count]
                let s = enc.encode(c)
                nv12[y * w + x] = s.y
                yuyv[y * w * 2 + x * 2] = s.y
                if x % 2 == 0 {
                    yuyv[y * w * 2 + x * 2 + 1] = s.cb
                    yuyv[y * w * 2 + x * 2 + 3] = s.cr
                }
                if x % 2 == 0, y % 2 == 0 {
                    nv12[w * h + (y / 2) * w + x] = s.cb
                    nv12[w * h + (y / 2) * w + x + 1] = s.cr
                }
            }
        }
        let a = try Self.decodeToRGBA(
            nv12, CaptureFormat(fourCC: .nv12, width: w, height: h, bytesPerLine: w, sizeImage: nv12.count))
        let b = try Self.decodeToRGBA(
            yuyv, CaptureFormat(fourCC: .yuyv, width: w, height: h, bytesPerLine: w * 2, sizeImage: yuyv.count))
        #expect(a == b)
    }

    @Test func greyBecomesGreyRGB() throws {
        let w = 9
        let h = 3
        let stride = 12
        let grey = (0..<(stride * h)).map { UInt8($0 * 7 % 256) }
        let img = try Self.decodeToRGBA(
            grey, CaptureFormat(fourCC: .grey, width: w, height: h, bytesPerLine: stride, sizeImage: grey.count))
        for y in 0..<h {
            for x in 0..<w {
                #expect(img[x, y] == RGB8(grey[y * stride + x], grey[y * stride + x], grey[y * stride + x]))
            }
        }
    }

    @Test func rgbPassesThroughWithPaddedRows() throws {
        let w = 5
        let h = 2
        let stride = 20
        let bytes = (0..<(stride * h)).map { UInt8($0 * 11 % 256) }
        let img = try Self.decodeToRGBA(
            bytes, CaptureFormat(fourCC: .bgr24, width: w, height: h, bytesPerLine: stride, sizeImage: bytes.count))
        for y in 0..<h {
            for x in 0..<w {
                let i = y * stride + x * 3
                #expect(img[x, y] == RGB8(bytes[i + 2], bytes[i + 1], bytes[i]))
            }
        }
    }

    @Test func shortFramesAreRejected() {
        let fmt = CaptureFormat(fourCC: .yuyv, width: 64, height: 48, bytesPerLine: 128, sizeImage: 128 * 48)
        #expect(throws: FrameDecoder.Failure.self) {
            _ = try Self.decodeToRGBA([UInt8](repeating: 0, count: 1000), fmt)
        }
        let nv = CaptureFormat(fourCC: .nv12, width: 64, height: 48, bytesPerLine: 64, sizeImage: 64 * 72)
        #expect(throws: FrameDecoder.Failure.self) {
            _ = try Self.decodeToRGBA([UInt8](repeating: 0, count: 64 * 50), nv)
        }
    }
}

/// MJPEG decoded straight to planes and into the kernel, and at a reduced DCT scale.
@Suite struct PlanarJPEGTests {
    static func cameraJPEG(_ w: Int, _ h: Int, _ sub: TestJPEG.Subsampling) -> [UInt8] {
        let scene = SyntheticFrames.camera(width: w, height: h)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { for c in 0..<3 { rgb[i * 3 + c] = scene.pixels[i * 4 + c] } }
        return JPEGEncoder.encode(rgb: rgb, width: w, height: h, quality: 85, subsampling: sub)
    }

    /// Decoding to planes and simulating them gives exactly (tolerance 0) the pixels of
    /// decoding fully to YUYV and simulating that.
    @Test(arguments: [TestJPEG.Subsampling.s422, .s420])
    func planesIntoTheKernelGiveTheSamePixels(_ sub: TestJPEG.Subsampling) throws {
        let (w, h) = (640, 360)
        let jpeg = Self.cameraJPEG(w, h, sub)
        let k = FrameKernel(try Simulation(mode: .deuteranopia))
        let dl = FrameLayout(format: .bgra, width: w, height: h)
        var viaYUYV = [UInt8](repeating: 0, count: dl.minimumByteCount)
        var viaPlanes = viaYUYV
        let decoder = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count))
        let turbo = JPEGDecoder()
        for strategy in [FrameKernel.Strategy.table, .compute] {
            try jpeg.withUnsafeBytes { j in
                try viaYUYV.withUnsafeMutableBytes { d in
                    try decoder.decode(j) { s, l, enc in
                        try? k.apply(
                            source: s, sourceLayout: l, destination: d, destinationLayout: dl, ycbcr: enc,
                            strategy: strategy)
                    }
                }
                let header = try turbo.header(j)
                try viaPlanes.withUnsafeMutableBytes { d in
                    try turbo.decodePlanes(j, header, reduction: 1) { p in
                        try? k.apply(
                            planes: p, destination: d, destinationLayout: dl, ycbcr: CaptureFormat.jfif,
                            strategy: strategy)
                    }
                }
            }
            #expect(viaYUYV == viaPlanes, "\(sub) \(strategy)")
            #expect(viaYUYV.contains { $0 != 0 }, "something was decoded")
        }
    }

    /// At a reduction of 2 or 4 the frame is that much smaller, and each of its pixels is
    /// the average of the block it stands for in the full decode, within 6 levels on
    /// average (the scaled inverse DCT filters a little differently from a box average).
    @Test(arguments: [2, 4])
    func reducedScaleDecodesFewerPixelsOfTheSamePicture(_ r: Int) throws {
        for sub in [TestJPEG.Subsampling.s422, .s420] { try reduced(r, sub) }
    }

    func reduced(_ r: Int, _ sub: TestJPEG.Subsampling) throws {
        let (w, h) = (640, 480)
        let jpeg = Self.cameraJPEG(w, h, sub)
        let decoder = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count))
        let normal = FrameKernel(try Simulation(mode: .normal))
        func rgba(_ reduction: Int) throws -> (FrameLayout, [UInt8]) {
            try jpeg.withUnsafeBytes { j in
                try decoder.decode(j, reduction: reduction) { s, l, enc in
                    let dl = FrameLayout(format: .rgba, width: l.width, height: l.height)
                    var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
                    out.withUnsafeMutableBytes { d in
                        _ = try? normal.apply(
                            source: s, sourceLayout: l, destination: d, destinationLayout: dl, ycbcr: enc)
                    }
                    return (dl, out)
                }
            }
        }
        let (full, fullPx) = try rgba(1)
        let (small, smallPx) = try rgba(r)
        #expect(full.width == w && full.height == h)
        #expect(small.width == w / r && small.height == h / r)
        var total = 0
        for y in 0..<small.height {
            for x in 0..<small.width {
                for c in 0..<3 {
                    var sum = 0
                    for dy in 0..<r { for dx in 0..<r { sum += Int(fullPx[((y * r + dy) * w + x * r + dx) * 4 + c]) } }
                    total += abs(sum / (r * r) - Int(smallPx[(y * small.width + x) * 4 + c]))
                }
            }
        }
        let mean = Double(total) / Double(small.width * small.height * 3)
        #expect(mean <= 6, "mean difference \(mean) levels at 1/\(r), \(sub)")
    }

    /// libjpeg's raw-data strips are exactly (tolerance 0) TurboJPEG's whole planes: same
    /// library, same inverse DCT, at every scale (4:2:0: full size only; reduced, refused).
    @Test(arguments: [TestJPEG.Subsampling.s422, .s420])
    func stripsAreTurboJPEGsPlanes(_ sub: TestJPEG.Subsampling) throws {
        let (w, h) = (656, 232) // not whole 16-row strips, nor whole 16-pixel blocks
        let jpeg = Self.cameraJPEG(w, h, sub)
        let turbo = JPEGDecoder()
        let strips = JPEGStripDecoder()
        if sub == .s420 {
            #expect(throws: JPEGDecoder.DecodeError.self) {
                try jpeg.withUnsafeBytes { j in
                    try strips.decode(j, width: w, subsampling: .s420, reduction: 2) { _, _ in }
                }
            }
        }
        for r in sub == .s420 ? [1] : [1, 2, 4, 8] {
            let (expected, size) = try jpeg.withUnsafeBytes { j in
                let header = try turbo.header(j)
                return try turbo.decodePlanes(j, header, reduction: r) { p -> ([[UInt8]], FrameSize) in
                    (Self.copy(p, rows: 0..<p.height), FrameSize(p.width, p.height))
                }
            }
            var got: [[UInt8]] = [[], [], []]
            var next = 0
            let decoded = try jpeg.withUnsafeBytes { j in
                try strips.decode(j, width: w, subsampling: sub == .s420 ? .s420 : .s422, reduction: r) { p, first in
                    #expect(first == next, "strips in order")
                    let part = Self.copy(p, rows: 0..<p.height)
                    for i in 0..<3 { got[i] += part[i] }
                    next = first + p.height
                }
            }
            #expect(decoded == size && next == size.height, "1/\(r): \(decoded), \(next) rows")
            #expect(got[0] == expected[0], "1/\(r) \(sub): luma")
            #expect(got[1] == expected[1] && got[2] == expected[2], "1/\(r) \(sub): chroma")
        }
        // Truncated: an error, not a half-grey picture.
        #expect(throws: JPEGDecoder.DecodeError.self) {
            try jpeg.prefix(jpeg.count / 2).withUnsafeBytes { j in
                try strips.decode(j, width: w, subsampling: .s422, reduction: 1) { _, _ in }
            }
        }
    }

    /// The planes' rows (luma; chroma as sampled, one chroma row per luma row of 4:2:2, per two of 4:2:0).
    static func copy(_ p: YCbCrPlanes, rows: Range<Int>) -> [[UInt8]] {
        var out: [[UInt8]] = [[], [], []]
        for row in rows {
            let (y, cb, cr) = (p.y + row * p.yStride, p.cb, p.cr)
            out[0] += UnsafeRawBufferPointer(start: y, count: p.width)
            if row % p.subsampling.rowsPerChromaRow == 0 {
                let c = (row / p.subsampling.rowsPerChromaRow) * p.chromaStride
                out[1] += UnsafeRawBufferPointer(start: cb + c, count: p.width / 2)
                out[2] += UnsafeRawBufferPointer(start: cr + c, count: p.width / 2)
            }
        }
        return out
    }

    /// A reduction whose width would be odd falls back to the next smaller one.
    @Test func reductionKeepsWholePairs() throws {
        let (w, h) = (1288, 96) // 1288 / 8 = 161 (odd), / 4 = 322
        let jpeg = Self.cameraJPEG(w, h, .s422)
        let decoder = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count))
        let size = try jpeg.withUnsafeBytes { j in
            try decoder.decode(j, reduction: 8) { _, l, _ in (l.width, l.height) }
        }
        #expect(size == (322, 24))
    }
}

/// `FrameDecoder.decode(_:reduction:into:)`, which source threads use to decode each frame
/// straight into the buffer they publish: the same bytes as the decoder's own lending, a
/// buffer grown only when too small, and a buffer shared with a reader (the view drawing
/// an earlier frame) never written under it.
@Suite struct DecodeIntoTests {
    static func lent(_ d: FrameDecoder, _ bytes: [UInt8], reduction: Int = 1) throws -> ([UInt8], FrameLayout) {
        try bytes.withUnsafeBytes { b in
            try d.decode(b, reduction: reduction) { out, l, _ in (Array(out.prefix(l.minimumByteCount)), l) }
        }
    }

    @Test(arguments: [1, 2])
    func mjpegIntoABufferIsWhatTheDecoderLends(_ reduction: Int) throws {
        let (w, h) = (320, 176)
        let jpeg = PlanarJPEGTests.cameraJPEG(w, h, .s422)
        let d = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count))
        let (want, wantLayout) = try Self.lent(d, jpeg, reduction: reduction)
        var buffer: [UInt8] = []
        let (layout, enc) = try jpeg.withUnsafeBytes { try d.decode($0, reduction: reduction, into: &buffer) }
        #expect(layout == wantLayout && enc == YCbCrEncoding(.bt601, .full), "JFIF's")
        #expect(buffer.count == layout.minimumByteCount, "grown to the frame")
        #expect(Array(buffer.prefix(layout.minimumByteCount)) == want)
        // Large enough already: kept (the same storage), overwritten.
        let before = buffer.withUnsafeBytes { $0.baseAddress }
        for i in buffer.indices { buffer[i] = 0 }
        _ = try jpeg.withUnsafeBytes { try d.decode($0, reduction: reduction, into: &buffer) }
        #expect(buffer.withUnsafeBytes { $0.baseAddress } == before)
        #expect(Array(buffer.prefix(layout.minimumByteCount)) == want)
    }

    @Test func aFormatReadAsItComesIsCopiedAndASharedBufferIsNotWritten() throws {
        let (w, h) = (64, 8)
        let yuyv = (0..<(w * h * 2)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let d = FrameDecoder(
            format: CaptureFormat(fourCC: .yuyv, width: w, height: h, bytesPerLine: w * 2, sizeImage: yuyv.count))
        var buffer = [UInt8](repeating: 9, count: yuyv.count)
        let held = buffer // a reader still holds it
        let (layout, _) = try yuyv.withUnsafeBytes { try d.decode($0, into: &buffer) }
        #expect(layout.format == .yuyv && buffer == yuyv)
        #expect(held.allSatisfy { $0 == 9 }, "the reader's copy is untouched (copy-on-write)")
    }

    /// Half a camera's JPEG: an error, packed or in planes, never a half-decoded frame.
    @Test(arguments: [false, true]) func aCorruptFrameThrows(planar: Bool) throws {
        let (w, h) = (160, 96)
        let jpeg = PlanarJPEGTests.cameraJPEG(w, h, .s422)
        let d = FrameDecoder(
            format: CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count))
        var buffer: [UInt8] = []
        #expect(throws: FrameDecoder.Failure.self) {
            try Array(jpeg.prefix(jpeg.count / 2)).withUnsafeBytes { try d.decode($0, planar: planar, into: &buffer) }
        }
    }
}
