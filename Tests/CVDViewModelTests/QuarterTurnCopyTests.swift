import CVDCore
import Testing

@testable import CVDViewModel

/// The software renderer's turned copy (`QuarterTurnCopy`) against the mapping it promises,
/// pixel by pixel: each of the four ways (turned either way, mirrored or not), parts of odd
/// sizes at odd places (the 4 × 4 blocks' edges and the 64 × 64 tiles' ends), a part of one
/// pixel, and rows with room to spare on both sides.
@Suite struct QuarterTurnCopyTests {
    @Test func everyTargetPixelIsTheSourcePixelTheTurnPutsThere() {
        let (width, height, sourcePitch) = (150, 140, 157)
        let source = (0..<(sourcePitch * height)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let parts = [
            PixelRect(x: 0, y: 0, width: 150, height: 140), PixelRect(x: 13, y: 7, width: 67, height: 130),
            PixelRect(x: 3, y: 5, width: 5, height: 3), PixelRect(x: 149, y: 139, width: 1, height: 1),
            PixelRect(x: 20, y: 9, width: 129, height: 65),
        ]
        for part in parts {
            for (uDown, vRight) in [(true, false), (false, true), (true, true), (false, false)] {
                let targetPitch = part.height + 3
                var target = [UInt32](repeating: 0xDEAD_BEEF, count: targetPitch * part.width)
                source.withUnsafeBufferPointer { s in
                    target.withUnsafeMutableBufferPointer { t in
                        QuarterTurnCopy.copy(
                            s.baseAddress!, sourcePitch: sourcePitch, part, into: t.baseAddress!,
                            targetPitch: targetPitch, uDown: uDown, vRight: vRight)
                    }
                }
                var wrong = 0
                for j in 0..<part.width {
                    for i in 0..<targetPitch {
                        let u = uDown ? part.x + j : part.x + part.width - 1 - j
                        let v = vRight ? part.y + i : part.y + part.height - 1 - i
                        let expected = i < part.height ? source[v * sourcePitch + u] : 0xDEAD_BEEF
                        if target[j * targetPitch + i] != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "\(part) uDown \(uDown) vRight \(vRight): \(wrong) pixels wrong or written outside")
            }
        }
        #expect(width * height > 0)
    }

    /// Clockwise (the picture's x down the window, its y from the right): the target's top-left
    /// pixel is the part's bottom-left, its top-right the part's top-left.
    @Test func clockwiseMovesTheBottomLeftToTheTopLeft() {
        // A 3 × 2 picture: 1 2 3 / 4 5 6.
        let source: [UInt32] = [1, 2, 3, 4, 5, 6]
        var target = [UInt32](repeating: 0, count: 6)
        source.withUnsafeBufferPointer { s in
            target.withUnsafeMutableBufferPointer { t in
                QuarterTurnCopy.copy(
                    s.baseAddress!, sourcePitch: 3, PixelRect(x: 0, y: 0, width: 3, height: 2), into: t.baseAddress!,
                    targetPitch: 2, uDown: true, vRight: false)
            }
        }
        #expect(target == [4, 1, 5, 2, 6, 3])
    }
}
