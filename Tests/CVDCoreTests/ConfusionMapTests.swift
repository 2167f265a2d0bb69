import Testing

@testable import CVDCore

/// The confusion map: the exact criterion, the marking, and how far the 64³ table's
/// verdict departs from the exact criterion on real pictures.
@Suite struct ConfusionMapTests {
    @Test func plateFigureIsConfusableWithItsFieldUnderDeuteranopia() throws {
        let sim = try Simulation(mode: .deuteranopia)
        for (f, g) in zip(IshiharaPlate.figure, IshiharaPlate.field) {
            #expect(ConfusionCriterion(picked: g, simulation: sim).isConfusable(f), "figure \(f) vs field \(g)")
            #expect(ConfusionCriterion(picked: f, simulation: sim).isConfusable(g), "field \(g) vs figure \(f)")
        }
        // In normal vision nothing is ever confusable (ΔE ≤ 6 and > 12 at once).
        let normal = try Simulation(mode: .normal)
        #expect(
            !ConfusionCriterion(picked: IshiharaPlate.field[0], simulation: normal).isConfusable(
                IshiharaPlate.figure[0]))
    }

    @Test func greyIsNotConfusableWithSaturatedRed() throws {
        for mode in [VisionMode.protanopia, .deuteranopia, .tritanopia, .deuteranomaly] {
            let c = ConfusionCriterion(picked: RGB8(220, 20, 30), simulation: try Simulation(mode: mode))
            #expect(!c.isConfusable(RGB8(128, 128, 128)), "\(mode)")
            #expect(!c.isConfusable(RGB8(221, 20, 30)), "\(mode): a near-identical red is not 'clearly different'")
        }
        // Achromatopsia: colours of equal luminance but different hue are confusable.
        let a = ConfusionCriterion(picked: RGB8(200, 60, 60), simulation: try Simulation(mode: .achromatopsia))
        let l = WCAG.relativeLuminance(RGB8(200, 60, 60))
        let grey = UInt8(SRGB.level(l))
        #expect(a.isConfusable(RGB8(grey, grey, grey)))
    }

    @Test func lightnessBoundNeverExceedsCIEDE2000() {
        var rng = SplitMix(seed: 21)
        for _ in 0..<20_000 {
            let x = CIELab(RGB8(rng.byte(), rng.byte(), rng.byte()))
            let y = CIELab(RGB8(rng.byte(), rng.byte(), rng.byte()))
            #expect(ConfusionCriterion.lightnessBound(x.l, y.l) <= CIEDE2000.difference(x, y) + 1e-9)
        }
    }

    /// Confusable pixels get the stripe pattern (black at k mod 32 < 8, white at 16…23,
    /// k = x + y + phase), every other byte — other pixels, the other bands, padding — is
    /// left as it was. Source and destination in every format pairing, odd width, padding.
    @Test func markingTouchesOnlyConfusablePixelsInTheirBands() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let map = ConfusionMap(picked: IshiharaPlate.field[0], simulation: sim)
        let colours = (0..<(37 * 9)).map { i in (i / 4) % 2 == 0 ? IshiharaPlate.figure[0] : RGB8(20, 40, 200) }
        for (sf, w, pad) in [(PixelFormat.rgb24, 37, 5), (.bgra, 37, 0), (.argb, 1, 3), (.yuyv, 36, 6), (.uyvy, 2, 2)] {
            for df in [PixelFormat.bgra, .rgba, .argb] {
                let h = colours.count / w
                let (src, sl) = frame(colours, sf, width: w, height: h, padding: pad)
                let dl = FrameLayout(format: df, width: w, height: h, bytesPerRow: w * 4 + 8)
                let before = (0..<(dl.bytesPerRow * h)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                var dst = before
                let share = try src.withUnsafeBytes { s in
                    try dst.withUnsafeMutableBytes { try map.mark(source: s, sl, destination: $0, dl, phase: 5) }
                }
                var confusable = 0
                for y in 0..<h {
                    for x in 0..<dl.bytesPerRow / 4 {
                        let i = y * dl.bytesPerRow + x * 4
                        let px = Array(dst[i..<(i + 4)])
                        let old = Array(before[i..<(i + 4)])
                        let conf = x < w && colours[min(y * w + x, colours.count - 1)] == IshiharaPlate.figure[0]
                        if conf { confusable += 1 }
                        let k = (x + y + 5) & 31
                        let a = df.rgbOffsets!.a!
                        let black = (0..<4).map { $0 == a ? UInt8(255) : 0 }
                        let want = !conf ? old : k < 8 ? black : (16..<24).contains(k) ? [255, 255, 255, 255] : old
                        #expect(px == want, "\(sf)→\(df) w \(w) (\(x), \(y))")
                    }
                }
                #expect(abs(share - Double(confusable) / Double(w * h)) < 1e-12, "\(sf)→\(df)")
                let counted = try src.withUnsafeBytes { try map.share(source: $0, sl) }
                #expect(counted == share)
            }
        }
    }

    @Test func badDestinationsAreRejected() throws {
        let map = ConfusionMap(picked: RGB8(200, 0, 0), simulation: try Simulation(mode: .protanopia))
        let sl = FrameLayout(format: .rgba, width: 4, height: 4)
        let src = [UInt8](repeating: 0, count: 64)
        var dst = [UInt8](repeating: 0, count: 64)
        func run(_ dl: FrameLayout) -> FrameError? {
            do {
                try src.withUnsafeBytes { s in
                    try dst.withUnsafeMutableBytes { _ = try map.mark(source: s, sl, destination: $0, dl) }
                }
                return nil
            } catch { return error as? FrameError }
        }
        #expect(run(FrameLayout(format: .rgb24, width: 4, height: 4)) == .unsupportedDestination(.rgb24))
        #expect(run(FrameLayout(format: .bgra, width: 4, height: 3)) != nil)
        #expect(
            run(FrameLayout(format: .bgra, width: 4, height: 4, bytesPerRow: 20)) == .bufferTooSmall(have: 64, need: 76)
        )
        #expect(run(FrameLayout(format: .bgra, width: 4, height: 4)) == nil)
    }

    /// A frame of colours in any source format (4:2:2: each pair from its first colour).
    func frame(_ colours: [RGB8], _ f: PixelFormat, width w: Int, height h: Int, padding: Int) -> ([UInt8], FrameLayout)
    {
        let l = FrameLayout(format: f, width: w, height: h, bytesPerRow: w * f.bytesPerPixel + padding)
        var out = [UInt8](repeating: 0x3C, count: l.bytesPerRow * h)
        for y in 0..<h {
            for x in 0..<w {
                let c = colours[y * w + x]
                if let o = f.ycbcrOffsets {
                    let e = YCbCrEncoding.bt601Limited.encode(c)
                    let p = y * l.bytesPerRow + (x / 2) * 4
                    out[p + (x % 2 == 0 ? o.y0 : o.y1)] = e.y
                    out[p + o.cb] = e.cb
                    out[p + o.cr] = e.cr
                } else {
                    let o = f.rgbOffsets!
                    let p = y * l.bytesPerRow + x * f.bytesPerPixel
                    out[p + o.r] = c.r
                    out[p + o.g] = c.g
                    out[p + o.b] = c.b
                }
            }
        }
        return (out, l)
    }
}
