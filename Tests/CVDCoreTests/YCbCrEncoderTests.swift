import Foundation
import Testing

@testable import CVDCore

/// The RGB → 4:2:2 encoder against an independent float64 encoder written here (ITU-R
/// BT.601/BT.709 equations, each pair's chroma the mean of its pixels' chroma, round half up).
@Suite struct YCbCrEncoderTests {
    /// Y, Cb, Cr of a pair, exactly, in 8-bit code values before rounding.
    static func reference(_ a: RGB8, _ b: RGB8, _ e: YCbCrEncoding) -> (y0: Double, y1: Double, cb: Double, cr: Double)
    {
        let kr = e.matrix == .bt601 ? 0.299 : 0.2126
        let kb = e.matrix == .bt601 ? 0.114 : 0.0722
        let kg = 1 - kr - kb
        let limited = e.range == .limited
        func luma(_ c: RGB8) -> Double { (kr * Double(c.r) + kg * Double(c.g) + kb * Double(c.b)) / 255 }
        func pb(_ c: RGB8) -> Double { (Double(c.b) / 255 - luma(c)) / (2 * (1 - kb)) }
        func pr(_ c: RGB8) -> Double { (Double(c.r) / 255 - luma(c)) / (2 * (1 - kr)) }
        let ys = limited ? 219.0 : 255
        let yo = limited ? 16.0 : 0
        let cs = limited ? 224.0 : 255
        return (yo + ys * luma(a), yo + ys * luma(b), 128 + cs * (pb(a) + pb(b)) / 2, 128 + cs * (pr(a) + pr(b)) / 2)
    }

    static func quantised(_ x: Double) -> Int { Int(min(max(floor(x + 0.5), 0), 255)) }

    /// Encodes `colours` (a row of `width`, padded) with the encoder under test.
    static func encode(
        _ colours: [RGB8], width: Int, format: PixelFormat = .rgba, to dest: PixelFormat = .yuyv,
        padding: Int = 0, encoding: YCbCrEncoding = .bt601Limited
    ) throws -> (bytes: [UInt8], layout: FrameLayout) {
        let height = colours.count / width
        let o = format.rgbOffsets!
        let sl = FrameLayout(
            format: format, width: width, height: height, bytesPerRow: width * format.bytesPerPixel + padding)
        var src = [UInt8](repeating: 0x5A, count: sl.minimumByteCount)
        for (i, c) in colours.enumerated() {
            let p = (i / width) * sl.bytesPerRow + (i % width) * format.bytesPerPixel
            src[p + o.r] = c.r
            src[p + o.g] = c.g
            src[p + o.b] = c.b
        }
        let dl = FrameLayout(format: dest, width: width, height: height, bytesPerRow: width * 2 + padding)
        var dst = [UInt8](repeating: 0xA5, count: dl.minimumByteCount)
        try src.withUnsafeBytes { s in
            try dst.withUnsafeMutableBytes { d in
                try YCbCrEncoder.encode(source: s, sl, destination: d, dl, encoding: encoding)
            }
        }
        return (dst, dl)
    }

    /// The project's own Y′CbCr decode: the frame kernel in normal vision, 4:2:2 → RGBA.
    static func decode(_ bytes: [UInt8], _ sl: FrameLayout, encoding: YCbCrEncoding) throws -> [RGB8] {
        let dl = FrameLayout(format: .rgba, width: sl.width, height: sl.height)
        var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
        try bytes.withUnsafeBytes { s in
            try out.withUnsafeMutableBytes { d in
                try FrameKernel(.identity).apply(
                    source: s, sourceLayout: sl, destination: d, destinationLayout: dl, ycbcr: encoding,
                    strategy: .compute)
            }
        }
        return stride(from: 0, to: out.count, by: 4).map { RGB8(out[$0], out[$0 + 1], out[$0 + 2]) }
    }

    /// Every byte within ±1 code value of the float64 encoder, almost all exactly equal,
    /// for every source format, both 4:2:2 orders, all four encodings and padded rows.
    @Test func bytesMatchTheFloat64Encoder() throws {
        var rng = SplitMix(seed: 42)
        let width = 64
        let colours = (0..<(width * 16)).map { _ in RGB8(rng.byte(), rng.byte(), rng.byte()) }
        for e in YCbCrEncoding.all {
            for f in [PixelFormat.rgb24, .bgr24, .rgba, .bgra, .argb] {
                for d in [PixelFormat.yuyv, .uyvy] {
                    let (bytes, l) = try Self.encode(colours, width: width, format: f, to: d, padding: 6, encoding: e)
                    let off = d.ycbcrOffsets!
                    var worst = 0
                    var differing = 0
                    for row in 0..<l.height {
                        for p in 0..<(width / 2) {
                            let i = row * width + 2 * p
                            let r = Self.reference(colours[i], colours[i + 1], e)
                            let at = row * l.bytesPerRow + 4 * p
                            for (got, want) in [
                                (bytes[at + off.y0], r.y0), (bytes[at + off.y1], r.y1),
                                (bytes[at + off.cb], r.cb), (bytes[at + off.cr], r.cr),
                            ] {
                                let dist = abs(Int(got) - Self.quantised(want))
                                worst = max(worst, dist)
                                if dist != 0 { differing += 1 }
                            }
                        }
                        // Padding after the row is left alone.
                        if row < l.height - 1 { #expect(bytes[row * l.bytesPerRow + width * 2] == 0xA5) }
                    }
                    #expect(worst <= 1, "\(e) \(f)→\(d): off by \(worst)")
                    #expect(differing * 1000 <= colours.count * 2, "\(e) \(f)→\(d): \(differing) bytes differ")
                }
            }
        }
    }

    /// Encoding, then decoding with the project's own Y′CbCr decode (the frame kernel in
    /// normal vision, YUYV → RGBA), lands as close to the input as the float64 encoder's
    /// own 8-bit round trip: for every colour of a 52³ grid (every 5th level, both ends)
    /// in flat pairs, the error is at most the reference round trip's error for that colour
    /// plus 1 level, and the worst case over the grid is no worse than the reference's
    /// worst. BT.601 limited range (what webcams send): the reference's worst is 2 levels.
    @Test(arguments: [YCbCrEncoding.bt601Limited, YCbCrEncoding(.bt709, .full)])
    func roundTripLandsWithinTheEightBitError(encoding: YCbCrEncoding) throws {
        let levels = Array(stride(from: 0, through: 255, by: 5))
        var colours: [RGB8] = []
        for r in levels {
            for g in levels {
                for b in levels {
                    let c = RGB8(UInt8(r), UInt8(g), UInt8(b))
                    colours += [c, c]
                }
            }
        }
        let width = 2 * levels.count
        let (bytes, l) = try Self.encode(colours, width: width, encoding: encoding)
        let decoded = try Self.decode(bytes, l, encoding: encoding)
        var worstOurs = 0
        var worstReference = 0
        for i in stride(from: 0, to: colours.count, by: 2) {
            let c = colours[i]
            let r = Self.reference(c, c, encoding)
            let back = encoding.rgb(
                y: UInt8(Self.quantised(r.y0)), cb: UInt8(Self.quantised(r.cb)), cr: UInt8(Self.quantised(r.cr)))
            let refBack = RGB8(
                UInt8(Self.quantised(min(max(back.0, 0), 255))), UInt8(Self.quantised(min(max(back.1, 0), 255))),
                UInt8(Self.quantised(min(max(back.2, 0), 255))))
            let refError = refBack.distance(to: c)
            let ours = decoded[i].distance(to: c)
            #expect(ours <= refError + 1, "\(c): \(decoded[i]) is \(ours) off, the reference round trip \(refError)")
            #expect(decoded[i + 1] == decoded[i])
            worstOurs = max(worstOurs, ours)
            worstReference = max(worstReference, refError)
        }
        #expect(worstOurs <= worstReference, "worst \(worstOurs) levels, reference round trip \(worstReference)")
        if encoding == .bt601Limited { #expect(worstReference == 2) }
    }

    /// A pair of different colours shares its chroma: the mean of the two, as a camera sends.
    @Test func chromaIsTheMeanOfThePair() throws {
        let (bytes, _) = try Self.encode([RGB8(255, 0, 0), RGB8(0, 0, 255)], width: 2)
        // Y 81.48 and 40.97; Cb (90.20 + 240)/2 = 165.10; Cr (240 + 109.79)/2 = 174.90.
        #expect(bytes == [81, 165, 41, 175])
    }

    @Test func rejectsWhatItCannotEncode() throws {
        let rgba = FrameLayout(format: .rgba, width: 4, height: 2)
        let yuyv = FrameLayout(format: .yuyv, width: 4, height: 2)
        let buffer = [UInt8](repeating: 0, count: 64)
        var out = [UInt8](repeating: 0, count: 64)
        func run(_ sl: FrameLayout, _ dl: FrameLayout) -> FrameError? {
            buffer.withUnsafeBytes { s in
                out.withUnsafeMutableBytes { d in
                    do throws(FrameError) {
                        try YCbCrEncoder.encode(source: s, sl, destination: d, dl)
                        return nil
                    } catch { return error }
                }
            }
        }
        #expect(run(rgba, yuyv) == nil)
        #expect(run(yuyv, yuyv) == .unsupportedSource(.yuyv))
        #expect(run(rgba, rgba) == .not422Destination(.rgba))
        #expect(
            run(FrameLayout(format: .rgba, width: 3, height: 2), FrameLayout(format: .yuyv, width: 3, height: 2))
                == .oddWidthFor422(3))
        #expect(run(rgba, FrameLayout(format: .yuyv, width: 4, height: 3)) != nil)
    }
}
