import CVDCore
import Foundation
import Testing

@Suite struct ColourDifferenceTests {
    /// Sharma, Wu & Dalal (2005), Table 1: all 34 pairs to 1e-4 (Fixtures/ciede2000-sharma2005.csv,
    /// a copy of shared/color-science).
    @Test func sharmaTestPairs() throws {
        let url = try #require(
            Bundle.module.url(forResource: "ciede2000-sharma2005", withExtension: "csv", subdirectory: "Fixtures"))
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("pair") }
            .map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == 34)
        for r in rows {
            let d = CIEDE2000.difference(CIELab(l: r[1], a: r[2], b: r[3]), CIELab(l: r[4], a: r[5], b: r[6]))
            #expect(abs(d - r[7]) < 1e-4, "pair \(Int(r[0])): \(d), published \(r[7])")
            let back = CIEDE2000.difference(CIELab(l: r[4], a: r[5], b: r[6]), CIELab(l: r[1], a: r[2], b: r[3]))
            #expect(abs(back - d) < 1e-9, "symmetric")
        }
    }

    /// CIELAB from sRGB with D65: white is L* 100, every grey neutral, and known colours
    /// land where published converters put them (to 0.01).
    @Test func labFromSRGB() {
        let white = CIELab(RGB8(255, 255, 255))
        #expect(abs(white.l - 100) < 1e-9 && abs(white.a) < 1e-9 && abs(white.b) < 1e-9)
        for v in stride(from: 0, through: 255, by: 17) {
            let g = CIELab(RGB8(UInt8(v), UInt8(v), UInt8(v)))
            #expect(abs(g.a) < 1e-9 && abs(g.b) < 1e-9)
        }
        let red = CIELab(RGB8(255, 0, 0)) // 53.24, 80.09, 67.20
        #expect(abs(red.l - 53.24) < 0.01 && abs(red.a - 80.09) < 0.01 && abs(red.b - 67.20) < 0.01, "\(red)")
        let blue = CIELab(RGB8(0, 0, 255)) // 32.30, 79.19, −107.86
        #expect(abs(blue.l - 32.30) < 0.01 && abs(blue.a - 79.19) < 0.01 && abs(blue.b + 107.86) < 0.01, "\(blue)")
        #expect(CIEDE2000.difference(RGB8(10, 20, 30), RGB8(10, 20, 30)) == 0)
    }
}

@Suite struct FrameSamplerTests {
    @Test func averagesAFlatPatchToItsColourInEveryLayout() throws {
        let c = RGB8(200, 60, 30)
        var img = RGBAImage(width: 8, height: 6, fill: c)
        img[0, 0] = RGB8(0, 0, 0) // outside the 3×3 neighbourhood of (4, 3)
        #expect(
            img.pixels.withUnsafeBytes {
                FrameSampler.average($0, img.layout, ycbcr: .bt601Limited, x: 4, y: 3, radius: 1)
            } == c)
        let yuyv = img.ycbcr(.yuyv)
        let want = ColourTransform.identity.apply(
            gammaEncoded: {
                let e = YCbCrEncoding.bt601Limited.encode(c)
                let v = YCbCrEncoding.bt601Limited.rgb(y: e.y, cb: e.cb, cr: e.cr)
                return (v.0 / 255, v.1 / 255, v.2 / 255)
            }())
        let got = try #require(
            yuyv.bytes.withUnsafeBytes {
                FrameSampler.average($0, yuyv.layout, ycbcr: .bt601Limited, x: 5, y: 3, radius: 1)
            })
        #expect(got.distance(to: want) <= 1, "\(got) vs \(want)")
        #expect(
            img.pixels.withUnsafeBytes { FrameSampler.average($0, img.layout, ycbcr: .bt601Limited, x: 8, y: 0) } == nil
        )
    }

    /// Noise averages out in linear light: black and white pixels average to mid-grey
    /// light (level 188), not to level 128.
    @Test func averagesInLinearLight() throws {
        var img = RGBAImage(width: 2, height: 1, fill: RGB8(0, 0, 0))
        img[1, 0] = RGB8(255, 255, 255)
        let got = try #require(
            img.pixels.withUnsafeBytes {
                FrameSampler.average($0, img.layout, ycbcr: .bt601Limited, x: 0, y: 0, radius: 1)
            })
        #expect(got == RGB8(188, 188, 188))
    }
}
