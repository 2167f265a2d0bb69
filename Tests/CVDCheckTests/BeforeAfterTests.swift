import CVDCheck
import CVDCore
import Testing

/// The live `z` `z`'s picture: the frame as it is and recoloured, side by side.
@Suite struct BeforeAfterTests {
    /// A picture whose every byte differs from its neighbours' (a counter), so a shifted or
    /// dropped byte shows.
    static func counted(_ width: Int, _ height: Int, seed: UInt8) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: 4 * width * height)
        for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8(truncatingIfNeeded: i &+ Int(seed) &* 7) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(1, 1), (7, 3), (640, 360), (1921, 5)])
    func halvesAreCopiedByteForByte(size: (Int, Int)) {
        let (w, h) = size
        let before = Self.counted(w, h, seed: 1)
        let after = Self.counted(w, h, seed: 2)
        let pair = BeforeAfter.compose(before, after)
        let gap = BeforeAfter.gap(forWidth: w)
        #expect(pair.width == 2 * w + gap && pair.height == h)
        var wrong = 0
        for y in 0..<h {
            for x in 0..<pair.width {
                let expected: RGB8 =
                    x < w ? before[x, y] : x < w + gap ? BeforeAfter.gapColour : after[x - w - gap, y]
                if pair[x, y] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels not where they belong")
        #expect(stride(from: 3, to: pair.pixels.count, by: 4).allSatisfy { pair.pixels[$0] == 255 }, "opaque")
    }

    /// A 4K frame's pair fits unreduced; larger pictures are reduced to fit, never more than needed.
    @Test func factorKeepsThePairWithinTheWidestTexture() {
        #expect(BeforeAfter.factor(forWidth: 1920) == 1)
        #expect(BeforeAfter.factor(forWidth: 3840) == 1)
        for width in [4000, 5000, 8192, 16384] {
            let f = BeforeAfter.factor(forWidth: width)
            let fits = { (f: Int) in 2 * (width / f) + BeforeAfter.gap(forWidth: width / f) <= BeforeAfter.maximumWidth
            }
            #expect(fits(f) && (f == 1 || !fits(f - 1)), "\(width): factor \(f)")
        }
    }
}
