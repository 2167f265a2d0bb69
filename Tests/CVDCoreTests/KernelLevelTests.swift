import CVDKernelInterface
import Foundation
import Testing

@testable import CVDCore

/// Every instruction-set level this machine runs gives the same pixels: the same inputs
/// through each level's loops (every mode and model, the RGB and Y′CbCr compute paths, the
/// Y′CbCr table — all 2²⁴ triples — the encoder and the confusion map), compared byte
/// for byte with the highest level.
///
/// Tolerance: levels that both have FMA (x86-64-v3, x86-64-v4) must agree exactly — the
/// same operations in the same order, only the vector width differs. Baseline x86-64 has
/// no FMA and computes a·b + c with two roundings instead of one (Package.swift,
/// CVDCAM_NO_FMA), so a float32 result that lands next to a rounding boundary may round
/// the other way: at most 1 level, measured here on 0.12 % of the bytes of random RGB
/// frames and 0.0013 % of the Y′CbCr tables' (the tests require under 1 %).
/// Pure lookups and integer work (table lookup, confusion map) agree exactly everywhere.
@Suite struct KernelLevelTests {
    static let levels = KernelLevel.supported
    static let reference = KernelLevel.detected

    static var simulations: [Simulation] {
        get throws {
            try allSimulations
                + [.protanomaly, .deuteranomaly, .tritanomaly].map { try Simulation(mode: $0, severity: 0.33) }
        }
    }

    /// Whether two levels share their rounding: both fuse multiply-adds, or both do not.
    static func sameRounding(_ a: KernelLevel, _ b: KernelLevel) -> Bool {
        KernelLevel.isNativeBuild || (a == .baseline) == (b == .baseline)
    }

    /// Largest byte difference and how many bytes differ. Chunks that `memcmp` finds equal
    /// are skipped (the tables are 64 MiB, and this test code is not optimised).
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> (worst: Int, differing: Int) {
        precondition(a.count == b.count)
        var worst = 0
        var differing = 0
        let chunk = 4096
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                for start in stride(from: 0, to: a.count, by: chunk) {
                    let n = min(chunk, a.count - start)
                    if memcmp(pa.baseAddress! + start, pb.baseAddress! + start, n) == 0 { continue }
                    for i in start..<(start + n) where pa[i] != pb[i] {
                        worst = max(worst, abs(Int(pa[i]) - Int(pb[i])))
                        differing += 1
                    }
                }
            }
        }
        return (worst, differing)
    }

    /// Runs `body` at every level and checks each result against the reference level's.
    /// Returns the share of bytes that differed between levels of different rounding.
    @discardableResult
    static func expectSame(_ what: String, exact: Bool = false, _ body: (KernelLevel) throws -> [UInt8]) rethrows
        -> Double
    {
        let want = try body(reference)
        var differing = 0
        var compared = 0
        for level in levels where level != reference {
            let got = try body(level)
            let (worst, n) = compare(got, want)
            if exact || sameRounding(level, reference) {
                #expect(n == 0, "\(what): \(level) differs from \(reference) in \(n) bytes (by up to \(worst))")
            } else {
                #expect(worst <= 1, "\(what): \(level) differs from \(reference) by \(worst) levels")
                differing += n
                compared += got.count
            }
        }
        return compared == 0 ? 0 : Double(differing) / Double(compared)
    }

    /// Random bytes with every extreme value included.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix(seed: seed)
        var b = (0..<count).map { _ in rng.byte() }
        for i in 0..<min(count, 1024) { b[i] = [0, 255, 1, 254, 16, 235, 128, 240][(i / 3) % 8] }
        return b
    }

    static func run(
        _ kernel: FrameKernel, _ src: [UInt8], _ sl: FrameLayout, _ dl: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited, threads: Int = 1
    ) throws -> [UInt8] {
        var dst = [UInt8](repeating: 0xEE, count: dl.minimumByteCount)
        try src.withUnsafeBytes { s in
            try dst.withUnsafeMutableBytes {
                try kernel.apply(
                    source: s, sourceLayout: sl, destination: $0, destinationLayout: dl, ycbcr: ycbcr,
                    strategy: .compute, threads: threads)
            }
        }
        return dst
    }

    @Test func rgbPathsAgree() throws {
        // Odd width and padded rows, so every loop's vector body and remainder both run.
        let cases: [(FrameLayout, FrameLayout)] = [
            (
                FrameLayout(format: .rgba, width: 257, height: 40, bytesPerRow: 257 * 4 + 8),
                FrameLayout(format: .bgra, width: 257, height: 40)
            ),
            (
                FrameLayout(format: .rgb24, width: 131, height: 30, bytesPerRow: 131 * 3 + 3),
                FrameLayout(format: .argb, width: 131, height: 30)
            ),
            (FrameLayout(format: .bgra, width: 64, height: 30), FrameLayout(format: .rgb24, width: 64, height: 30)),
        ]
        var share = 0.0
        for sim in try Self.simulations {
            for (i, (sl, dl)) in cases.enumerated() {
                let src = Self.bytes(sl.minimumByteCount, seed: UInt64(i + 1))
                share = max(
                    share,
                    try Self.expectSame("\(sim) \(sl.format)→\(dl.format)") {
                        try Self.run(FrameKernel(sim, level: $0), src, sl, dl)
                    })
            }
        }
        #expect(share < 0.01, "baseline rounds differently in \(share * 100) % of the bytes")
    }

    @Test func ycbcrPathsAgree() throws {
        let cases: [(FrameLayout, FrameLayout)] = [
            (
                FrameLayout(format: .yuyv, width: 258, height: 40, bytesPerRow: 258 * 2 + 6),
                FrameLayout(format: .bgra, width: 258, height: 40)
            ),
            (
                FrameLayout(format: .uyvy, width: 130, height: 30),
                FrameLayout(format: .rgb24, width: 130, height: 30, bytesPerRow: 130 * 3 + 1)
            ),
        ]
        for sim in try Self.simulations {
            for enc in [YCbCrEncoding.bt601Limited, YCbCrEncoding(.bt709, .full)] {
                for (i, (sl, dl)) in cases.enumerated() {
                    let src = Self.bytes(sl.minimumByteCount, seed: UInt64(i + 10))
                    try Self.expectSame("\(sim) \(sl.format)→\(dl.format) \(enc)") {
                        try Self.run(FrameKernel(sim, level: $0), src, sl, dl, ycbcr: enc, threads: 2)
                    }
                }
            }
        }
    }

    /// The Y′CbCr table is the compute path run over every triple: comparing whole tables
    /// compares the levels on all 2²⁴ Y′CbCr inputs, for a half-plane model and a matrix one.
    @Test func tablesAgreeOnEveryTriple() throws {
        for sim in [try Simulation(mode: .tritanopia), try Simulation(mode: .deuteranomaly, severity: 0.6)] {
            let share = Self.expectSame("\(sim) Y′CbCr table") { level in
                let t = FrameKernel(sim, level: level).table(for: .bt601Limited)
                return Array(UnsafeRawBufferPointer(start: t.entries, count: YCbCrTable.byteCount))
            }
            #expect(share < 0.01, "baseline rounds differently in \(share * 100) % of the table's bytes")
        }
        // And the lookup loop itself, on a frame through the table path.
        let sim = try Simulation(mode: .protanopia)
        let sl = FrameLayout(format: .yuyv, width: 320, height: 8)
        let dl = FrameLayout(format: .bgra, width: 320, height: 8)
        let src = Self.bytes(sl.minimumByteCount, seed: 5)
        let kernels = Self.levels.map { FrameKernel(sim, level: $0) }
        try Self.expectSame("table lookup", exact: true) { level in
            var dst = [UInt8](repeating: 0, count: dl.minimumByteCount)
            let k = kernels[Self.levels.firstIndex(of: level)!]
            try src.withUnsafeBytes { s in
                try dst.withUnsafeMutableBytes {
                    try k.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: dl, strategy: .table)
                }
            }
            return dst
        }
    }

    @Test func encoderAgrees() throws {
        let sl = FrameLayout(format: .bgra, width: 250, height: 20, bytesPerRow: 250 * 4 + 4)
        let src = Self.bytes(sl.minimumByteCount, seed: 21)
        for enc in YCbCrEncoding.all {
            for format in [PixelFormat.yuyv, .uyvy] {
                let dl = FrameLayout(format: format, width: 250, height: 20)
                try Self.expectSame("encoder \(enc) → \(format)") { level in
                    var dst = [UInt8](repeating: 0, count: dl.minimumByteCount)
                    try src.withUnsafeBytes { s in
                        try dst.withUnsafeMutableBytes {
                            try YCbCrEncoder.encode(source: s, sl, destination: $0, dl, encoding: enc, level: level)
                        }
                    }
                    return dst
                }
            }
        }
    }

    @Test func confusionMapsAgree() throws {
        let sim = try Simulation(mode: .deuteranopia)
        for format in [PixelFormat.rgba, .yuyv] {
            let sl = FrameLayout(format: format, width: 200, height: 30)
            let dl = FrameLayout(format: .bgra, width: 200, height: 30)
            let src = Self.bytes(sl.minimumByteCount, seed: 33)
            try Self.expectSame("confusion map \(format)", exact: true) { level in
                let map = ConfusionMap(picked: RGB8(200, 120, 40), simulation: sim, level: level)
                var dst = [UInt8](repeating: 0x55, count: dl.minimumByteCount)
                let share = try src.withUnsafeBytes { s in
                    try dst.withUnsafeMutableBytes { try map.mark(source: s, sl, destination: $0, dl, phase: 3) }
                }
                #expect(share > 0, "the picked colour should have look-alikes in random content")
                return dst
            }
        }
    }

    /// The camera repacking (NV12 and JPEG planes → YUYV, grey → RGB) moves bytes only.
    @Test func repackingAgrees() {
        let (w, h) = (70, 9)
        let src = Self.bytes(w * h * 2, seed: 44)
        for (step, rows) in [(2, 2), (1, 1)] {
            Self.expectSame("planes → YUYV, chroma step \(step)", exact: true) { level in
                var out = [UInt8](repeating: 0, count: w * 2 * h + 4 * h)
                src.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { o in
                        let y = s.baseAddress!
                        let c = y + w * h
                        let planes = PlanarFrame(
                            y: y, yStride: w, cb: c, cr: c + (step == 2 ? 1 : w / 2), chromaStride: w,
                            chromaStep: step, chromaRows: rows, width: w, height: h / rows * rows)
                        level.entryPoints.planesToYUYV(planes, o.baseAddress!, w * 2 + 4)
                    }
                }
                return out
            }
        }
        Self.expectSame("grey → RGB", exact: true) { level in
            var out = [UInt8](repeating: 0, count: w * 3 * h)
            src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer {
                    level.entryPoints.greyToRGB(s.baseAddress!, w + 1, w, h, $0.baseAddress!, w * 3)
                }
            }
            #expect(out[3 * 5] == src[5] && out[3 * 5 + 2] == src[5])
            return out
        }
    }

    @Test func levelsAreNamedAndOrdered() {
        #expect(KernelLevel(name: "baseline") == .baseline)
        #if arch(x86_64)
            #expect(KernelLevel(name: "x86-64") == .baseline && KernelLevel.baseline.description == "x86-64 (SSE2)")
            #expect(KernelLevel(name: "V3") == .v3 && KernelLevel(name: "x86-64-v4") == .v4)
            #expect(KernelLevel.baseline < .v3 && .v3 < .v4)
        #elseif arch(arm64)
            // One level, NEON being baseline on AArch64: no dispatch, no x86 names.
            #expect(KernelLevel.allCases == [.baseline] && KernelLevel.detected == .baseline)
            #expect(KernelLevel(name: "aarch64") == .baseline && KernelLevel(name: "NEON") == .baseline)
            #expect(KernelLevel(name: "v3") == nil && KernelLevel(name: "x86-64") == nil)
            #expect(KernelLevel.baseline.name == "aarch64" && KernelLevel.baseline.description == "aarch64 (NEON, FMA)")
        #endif
        #expect(KernelLevel(name: "v5") == nil)
        #expect(KernelLevel.supported.first == .baseline && KernelLevel.supported.last == KernelLevel.detected)
        #expect(KernelLevel.active <= KernelLevel.detected)
        #expect(KernelLevel.summary.hasPrefix("kernels: \(KernelLevel.active)"))
        #expect(KernelLevelError.unknown("fast").description.contains("names no kernel level"))
    }
}
