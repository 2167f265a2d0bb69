import Foundation
import Testing

@testable import CVDCore

/// Every user-facing combination of mode and model.
let allSimulations: [Simulation] = VisionMode.allCases.flatMap { mode in
    ModelKind.selectable.map { try! Simulation(mode: mode, model: $0) }
}

@Suite struct KernelTests {
    static let greys = (0...255).map { RGB8(UInt8($0), UInt8($0), UInt8($0)) }

    @Test func greysAreUnchangedInEveryMode() throws {
        for sim in allSimulations + [try Simulation(mode: .deuteranomaly, severity: 0.33)] {
            let k = FrameKernel(sim)
            let out = try FrameRunner.rgb(k, Self.greys, width: 256).colours
            #expect(out == Self.greys, "\(sim) changes greys")
            let yuv = try FrameRunner.ycbcr(k, Self.greys, encoding: YCbCrEncoding(.bt709, .full))
            #expect(yuv == Self.greys, "\(sim) changes full-range Y′CbCr greys")
        }
    }

    @Test func alphaIsPreservedAndAddedWhereMissing() throws {
        let k = FrameKernel(try Simulation(mode: .protanopia))
        let colours: [RGB8] = (0..<300).map { (i: Int) -> RGB8 in
            RGB8(UInt8(i % 256), UInt8((i * 7) % 256), UInt8((i * 13) % 256))
        }
        for f in [PixelFormat.rgba, .bgra, .argb] {
            for d in [PixelFormat.rgba, .bgra, .argb] {
                let r = try FrameRunner.rgb(k, colours, format: f, width: 37, destination: d)
                #expect(r.alphas == colours.indices.map { UInt8($0 % 256) }, "\(f)→\(d)")
            }
        }
        let r = try FrameRunner.rgb(k, colours, format: .rgb24, width: 37, destination: .bgra)
        #expect(r.alphas.allSatisfy { $0 == 255 })
    }

    /// Every source/destination format, odd width and padded stride give the same
    /// colours as the reference path.
    @Test func formatsOddWidthsAndPaddedStrides() throws {
        let sim = try Simulation(mode: .tritanopia)
        let k = FrameKernel(sim)
        var rng = SplitMix(seed: 7)
        let colours = (0..<999).map { _ in RGB8(rng.byte(), rng.byte(), rng.byte()) }
        let expected = colours.map(sim.simulate)
        for f in [PixelFormat.rgb24, .bgr24, .rgba, .bgra, .argb] {
            for d in [PixelFormat.rgb24, .bgr24, .rgba, .bgra, .argb] {
                for (w, pad) in [(37, 0), (37, 5), (1, 3), (999, 1)] {
                    let out = try FrameRunner.rgb(k, colours, format: f, width: w, padding: pad, destination: d).colours
                    let worst = zip(out, expected).map { $0.distance(to: $1) }.max()!
                    #expect(worst <= 1, "\(f)→\(d) width \(w) pad \(pad): \(worst)")
                }
            }
        }
    }

    @Test func paddingBytesAreNotWritten() throws {
        let k = FrameKernel(try Simulation(mode: .deuteranopia))
        let sl = FrameLayout(format: .yuyv, width: 6, height: 3, bytesPerRow: 16)
        let dl = FrameLayout(format: .bgra, width: 6, height: 3, bytesPerRow: 28)
        let src = [UInt8](repeating: 90, count: sl.minimumByteCount)
        var dst = [UInt8](repeating: 0xEE, count: dl.bytesPerRow * 3)
        try src.withUnsafeBytes { s in
            try dst.withUnsafeMutableBytes {
                try k.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: dl)
            }
        }
        for row in 0..<3 { #expect(dst[(row * 28 + 24)..<(row * 28 + 28)].allSatisfy { $0 == 0xEE }) }
    }

    @Test func uyvyEqualsYuyv() throws {
        let k = FrameKernel(try Simulation(mode: .protanomaly, severity: 0.4))
        let colours = ReferenceGroup.all[0].inputs
        let a = try FrameRunner.ycbcr(k, colours, encoding: .bt601Limited, format: .yuyv)
        let b = try FrameRunner.ycbcr(k, colours, encoding: .bt601Limited, format: .uyvy)
        #expect(a == b)
    }

    /// Every pixel of incoherent 4:2:2 content (each pair's chroma unrelated to its
    /// neighbours') against the float64 reference decoded pixel by pixel: catches a kernel
    /// that takes chroma from the wrong pair. Both layouts, every variant of the maths,
    /// widths 2 and 10 (first and last pixel of a row are special cases), padded rows.
    @Test func noiseMatchesPerPixelReference() throws {
        let modes: [VisionMode] = [.deuteranopia, .tritanopia, .protanomaly, .achromatopsia]
        for mode in modes {
            let transform = try Simulation(mode: mode).transform
            let k = FrameKernel(transform)
            for (format, width) in [(PixelFormat.yuyv, 10), (.uyvy, 10), (.yuyv, 2)] {
                var rng = SplitMix(seed: UInt64(width))
                let sl = FrameLayout(format: format, width: width, height: 7, bytesPerRow: width * 2 + 6)
                let src = (0..<(sl.bytesPerRow * 7)).map { _ in rng.byte() }
                let dl = FrameLayout(format: .bgra, width: width, height: 7)
                var dst = [UInt8](repeating: 0, count: dl.minimumByteCount)
                for enc in [YCbCrEncoding.bt601Limited, YCbCrEncoding(.bt709, .full)] {
                    try src.withUnsafeBytes { s in
                        try dst.withUnsafeMutableBytes {
                            try k.apply(
                                source: s, sourceLayout: sl, destination: $0, destinationLayout: dl, ycbcr: enc,
                                strategy: .compute)
                        }
                    }
                    let o = format.ycbcrOffsets!
                    var worst = 0
                    for y in 0..<7 {
                        for x in 0..<width {
                            let pair = y * sl.bytesPerRow + (x / 2) * 4
                            let e = enc.rgb(
                                y: src[pair + (x % 2 == 0 ? o.y0 : o.y1)], cb: src[pair + o.cb], cr: src[pair + o.cr])
                            let want = transform.apply(gammaEncoded: (e.0 / 255, e.1 / 255, e.2 / 255))
                            let p = y * dl.bytesPerRow + x * 4
                            worst = max(worst, RGB8(dst[p + 2], dst[p + 1], dst[p]).distance(to: want))
                        }
                    }
                    #expect(worst <= 1, "\(mode) \(format) width \(width) \(enc): \(worst)")
                }
            }
        }
    }

    /// The exact table gives the same pixels as computing, on any content, including
    /// every extreme sample value (out-of-gamut triples must clamp, never index outside).
    @Test func tableEqualsCompute() throws {
        let k = FrameKernel(try Simulation(mode: .tritanopia))
        for enc in [YCbCrEncoding.bt601Limited, YCbCrEncoding(.bt709, .full)] {
            var rng = SplitMix(seed: 3)
            let sl = FrameLayout(format: .yuyv, width: 256, height: 66)
            var src = (0..<sl.minimumByteCount).map { _ in rng.byte() }
            for i in 0..<1024 { src[i] = [0, 255, 1, 254][i % 4 == 0 ? (i / 4) % 4 : (i / 16) % 4] }
            let dl = FrameLayout(format: .bgra, width: 256, height: 66)
            var a = [UInt8](repeating: 0, count: dl.minimumByteCount)
            var b = a
            try src.withUnsafeBytes { s in
                try a.withUnsafeMutableBytes {
                    try k.apply(
                        source: s, sourceLayout: sl, destination: $0, destinationLayout: dl, ycbcr: enc,
                        strategy: .compute)
                }
                try b.withUnsafeMutableBytes {
                    try k.apply(
                        source: s, sourceLayout: sl, destination: $0, destinationLayout: dl, ycbcr: enc,
                        strategy: .table)
                }
            }
            #expect(a == b, "\(enc)")
        }
        #expect(k.tableBytes == 2 * FrameKernel.ycbcrTableBytes)
    }

    /// `.automatic` reads the table for camera pictures, except in normal vision, where
    /// computing is faster than the lookups: there no 64 MiB table is ever built.
    @Test func automaticSkipsTheTableInNormalVision() throws {
        let l = FrameLayout(format: .yuyv, width: 640, height: 480)
        var rng = SplitMix(seed: 9)
        let smooth = (0..<l.minimumByteCount).map { i in
            UInt8(truncatingIfNeeded: (i / 4) % 640 / 4 + Int(rng.byte() % 5))
        }
        let dl = FrameLayout(format: .bgra, width: 640, height: 480)
        var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
        let normal = FrameKernel(try Simulation(mode: .normal))
        #expect(!normal.prefersTable)
        #expect(FrameKernel(try Simulation(mode: .deuteranopia)).prefersTable)
        smooth.withUnsafeBytes { #expect(FrameKernel.looksLikeCamera($0, l)) }
        try smooth.withUnsafeBytes { s in
            try out.withUnsafeMutableBytes {
                try normal.apply(source: s, sourceLayout: l, destination: $0, destinationLayout: dl)
            }
        }
        #expect(!normal.hasTable(for: .bt601Limited))
        #expect(normal.tableBytes == 0)
    }

    @Test func threadedEqualsSingle() throws {
        let k = FrameKernel(try Simulation(mode: .deuteranomaly, severity: 0.7))
        var rng = SplitMix(seed: 11)
        let sl = FrameLayout(format: .rgba, width: 123, height: 77)
        let src = (0..<sl.minimumByteCount).map { _ in rng.byte() }
        var a = [UInt8](repeating: 0, count: sl.minimumByteCount)
        var b = a
        try src.withUnsafeBytes { s in
            try a.withUnsafeMutableBytes {
                try k.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: sl, threads: 1)
            }
            try b.withUnsafeMutableBytes {
                try k.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: sl, threads: 4)
            }
        }
        #expect(a == b)
    }

    @Test func badLayoutsAreRejected() throws {
        let k = FrameKernel(.identity)
        let buf = [UInt8](repeating: 0, count: 64)
        var out = [UInt8](repeating: 0, count: 64)
        func run(_ sl: FrameLayout, _ dl: FrameLayout) -> FrameError? {
            do {
                try buf.withUnsafeBytes { s in
                    try out.withUnsafeMutableBytes {
                        try k.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: dl)
                    }
                }
                return nil
            } catch { return error as? FrameError }
        }
        let rgba4 = FrameLayout(format: .rgba, width: 4, height: 4)
        #expect(
            run(FrameLayout(format: .yuyv, width: 3, height: 2), FrameLayout(format: .bgra, width: 3, height: 2))
                == .oddWidthFor422(3))
        #expect(run(rgba4, FrameLayout(format: .rgba, width: 4, height: 3)) != nil)
        #expect(
            run(FrameLayout(format: .rgba, width: 4, height: 5), FrameLayout(format: .rgba, width: 4, height: 5))
                == .bufferTooSmall(have: 64, need: 80))
        #expect(run(rgba4, FrameLayout(format: .yuyv, width: 4, height: 4)) == .unsupportedDestination(.yuyv))
        #expect(
            run(FrameLayout(format: .rgba, width: 4, height: 4, bytesPerRow: 8), rgba4)
                == .strideTooSmall(bytesPerRow: 8, needed: 16))
        #expect(run(FrameLayout(format: .rgba, width: 0, height: 4), rgba4) == .emptyFrame(width: 0, height: 4))
    }

    @Test func coherenceProbeTellsCameraFromNoise() {
        let l = FrameLayout(format: .yuyv, width: 640, height: 480)
        var rng = SplitMix(seed: 5)
        let noise = (0..<l.minimumByteCount).map { _ in rng.byte() }
        let smooth = (0..<l.minimumByteCount).map { i in
            UInt8(truncatingIfNeeded: (i / 4) % 640 / 4 + Int(rng.byte() % 5))
        }
        noise.withUnsafeBytes { #expect(!CoherenceProbe.isCoherent($0.baseAddress!, l)) }
        smooth.withUnsafeBytes { #expect(CoherenceProbe.isCoherent($0.baseAddress!, l)) }
    }
}

/// Deterministic test data from the scene's own generator.
typealias SplitMix = SceneRandom

extension SceneRandom {
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
