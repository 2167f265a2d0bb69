import Foundation
import Testing

@testable import CVDCore

/// The 3D LUTs `cvdcam lut` writes: the file formats, and how far a program applying them
/// lands from cvdcam's own output (the frame kernel).
@Suite struct ColourLUTTests {
    /// Trilinear interpolation as ffmpeg's lut3d (interp=trilinear) and Resolve do it: on the
    /// table's gamma-encoded values. With `linearLight`, as OBS does it: OBS turns every
    /// node into linear light (`gs_srgb_nonlinear_to_linear`) and the GPU interpolates those.
    static func trilinear(_ lut: ColourLUT, _ c: RGB8, linearLight: Bool = false) -> RGB8 {
        let n = Double(lut.size - 1)
        func split(_ v: UInt8) -> (Int, Double) {
            let x = Double(v) / 255 * n
            let i = min(Int(x), lut.size - 2)
            return (i, x - Double(i))
        }
        let (r, fr) = split(c.r)
        let (g, fg) = split(c.g)
        let (b, fb) = split(c.b)
        var out = (0.0, 0.0, 0.0)
        for k in 0..<8 {
            let dr = k & 1
            let dg = (k >> 1) & 1
            let db = (k >> 2) & 1
            let w = (dr == 1 ? fr : 1 - fr) * (dg == 1 ? fg : 1 - fg) * (db == 1 ? fb : 1 - fb)
            var v = lut[r + dr, g + dg, b + db]
            if linearLight { v = (SRGB.decode(v.0), SRGB.decode(v.1), SRGB.decode(v.2)) }
            out = (out.0 + w * v.0, out.1 + w * v.1, out.2 + w * v.2)
        }
        if linearLight { return RGB8(SRGB.level(out.0), SRGB.level(out.1), SRGB.level(out.2)) }
        return RGB8(UInt8(SRGB.quantize(out.0)), UInt8(SRGB.quantize(out.1)), UInt8(SRGB.quantize(out.2)))
    }

    /// A dense sample: a 52³ grid of levels 2, 7, …, 257→255 (off both tables' nodes) and
    /// 20,000 random colours.
    static let sample: [RGB8] = {
        var rng = SplitMix(seed: 3)
        let levels = stride(from: 2, through: 257, by: 5).map { UInt8(min($0, 255)) }
        var s: [RGB8] = []
        for r in levels { for g in levels { for b in levels { s.append(RGB8(r, g, b)) } } }
        for _ in 0..<20_000 { s.append(RGB8(rng.byte(), rng.byte(), rng.byte())) }
        return s
    }()

    struct Error: CustomStringConvertible {
        var max = 0, sum = 0, count = 0
        var mean: Double { Double(sum) / Double(Swift.max(count, 1) * 3) }
        var description: String { String(format: "max %d, mean %.3f levels", max, mean) }
    }

    static func measure(_ sim: Simulation, size: Int, linearLight: Bool) throws -> Error {
        let lut = ColourLUT(sim.transform, size: size)
        let own = try FrameRunner.rgb(FrameKernel(sim), sample, width: 512).colours
        var e = Error()
        for (c, want) in zip(sample, own) {
            let got = trilinear(lut, c, linearLight: linearLight)
            e.max = max(e.max, got.distance(to: want))
            e.sum += abs(Int(got.r) - Int(want.r)) + abs(Int(got.g) - Int(want.g)) + abs(Int(got.b) - Int(want.b))
            e.count += 1
        }
        return e
    }

    /// Against cvdcam's own output over the dense sample, every mode (default model):
    /// the mean stays below 0.15 levels; the worst colour (dark, saturated colours, where
    /// the simulated sRGB curve bends most between nodes) is within 16 levels for 33³ and
    /// 10 for 65³ (measured: 33³ 0–13 gamma-space, 0–15 OBS; 65³ 0–8 and 0–9). Normal vision
    /// is exact.
    @Test(arguments: VisionMode.allCases)
    func accuracyUnderTrilinearInterpolation(mode: VisionMode) throws {
        let sim = try Simulation(mode: mode)
        for (size, limit) in [(33, 16), (65, 10)] {
            let gamma = try Self.measure(sim, size: size, linearLight: false)
            let linear = try Self.measure(sim, size: size, linearLight: true)
            print("LUT \(mode) \(size)³: gamma-space trilinear \(gamma); linear-light (OBS) \(linear)")
            for e in [gamma, linear] {
                #expect(e.max <= (mode == .normal ? 0 : limit), "\(mode) \(size)³: \(e)")
                #expect(e.mean < 0.15, "\(mode) \(size)³: \(e)")
            }
        }
    }

    /// Every node is the reference simulation of its grid colour (to a millionth in the file).
    @Test func nodesAreTheReferenceAtGridColours() throws {
        let sim = try Simulation(mode: .tritanopia)
        let lut = ColourLUT(sim.transform, size: 33)
        for (r, g, b) in [(0, 0, 0), (32, 32, 32), (8, 16, 24), (32, 0, 16), (1, 31, 5)] {
            let v = lut[r, g, b]
            let want = sim.transform.apply(gammaEncoded: (Double(r) / 32, Double(g) / 32, Double(b) / 32))
            #expect(RGB8(UInt8(SRGB.quantize(v.0)), UInt8(SRGB.quantize(v.1)), UInt8(SRGB.quantize(v.2))) == want)
        }
    }

    /// The .cube text: header, LUT_3D_SIZE, domain, N³ lines with red fastest, six decimals;
    /// it reads back to the same table.
    @Test func cubeFileFormat() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let lut = ColourLUT(sim.transform, size: 33)
        let text = CubeFile.text(lut, title: "cvdcam \(sim)", comments: ["made by a test"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# made by a test")
        #expect(lines[1] == "TITLE \"cvdcam deuteranopia (Viénot 1999)\"")
        #expect(lines[2] == "LUT_3D_SIZE 33")
        #expect(lines[3] == "DOMAIN_MIN 0.0 0.0 0.0" && lines[4] == "DOMAIN_MAX 1.0 1.0 1.0")
        #expect(lines.count == 5 + 33 * 33 * 33 + 1 && lines.last == "")
        #expect(lines[5] == "0.000000 0.000000 0.000000")
        // Red fastest: the second entry is (r = 1, g = 0, b = 0), the 34th (0, 1, 0).
        let second = lines[6].split(separator: " ").map { Double($0)! }
        #expect(abs(second[0] - lut[1, 0, 0].0) < 1e-6 && abs(second[2] - lut[1, 0, 0].2) < 1e-6)
        #expect(lines[6 + 32].split(separator: " ").map { Double($0)! }[1] == (lut[0, 1, 0].1 * 1e6).rounded() / 1e6)
        #expect(lines[5 + 33 * 33 * 33 - 1] == "1.000000 1.000000 1.000000")
        let back = try #require(CubeFile.parse(text))
        #expect(back.size == 33)
        #expect(zip(back.values, lut.values).allSatisfy { abs($0 - $1) <= 5e-7 })
    }

    /// OBS's picture: 512×512, tile b at (b mod 8, b div 8), red across, green down.
    @Test func obsStripLayout() throws {
        let sim = try Simulation(mode: .protanopia)
        let lut = ColourLUT(sim.transform, size: 64)
        let img = LUTStrip.image(lut)
        #expect(img.width == 512 && img.height == 512)
        for (r, g, b) in [(0, 0, 0), (63, 0, 0), (0, 63, 0), (0, 0, 63), (10, 20, 9), (63, 63, 63)] {
            let v = lut[r, g, b]
            let want = RGB8(UInt8(SRGB.quantize(v.0)), UInt8(SRGB.quantize(v.1)), UInt8(SRGB.quantize(v.2)))
            #expect(img[(b % 8) * 64 + r, (b / 8) * 64 + g] == want)
            #expect(LUTStrip.node(img, r: r, g: g, b: b) == want)
        }
        // Normal vision is the identity strip: node (r, g, b) is the grid colour itself.
        let id = LUTStrip.image(ColourLUT(.identity, size: 64))
        #expect(LUTStrip.node(id, r: 63, g: 0, b: 9) == RGB8(255, 0, UInt8(SRGB.quantize(9.0 / 63))))
    }
}
