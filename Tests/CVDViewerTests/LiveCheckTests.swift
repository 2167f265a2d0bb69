import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// The live check's picture (`LiveCheck.reduced`): a planar frame, as the GL renderer's
/// source sends it, is reduced in its planes and never packed at full size — and gives the
/// very bytes the frame packed first gives (the check then sees the same picture in both
/// renderers).
@Suite struct LiveCheckTests {
    /// A 4:2:2 planar frame of pseudo-random samples (a row stride wider than the picture).
    static func planar(width w: Int, height h: Int) -> Frame {
        let layout = FrameLayout(format: .i422, width: w, height: h, bytesPerRow: (w + 15) / 16 * 16)
        var bytes = [UInt8](repeating: 0, count: layout.minimumByteCount)
        var seed: UInt32 = 2026
        for i in bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            bytes[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        return Frame(bytes: bytes, layout: layout, timestamp: 1)
    }

    @Test(arguments: [2, 3, 5])
    func aPlanarFrameReducedInItsPlanesIsThePackedFramesPicture(_ factor: Int) {
        let frame = Self.planar(width: 646, height: 363)
        let direct = LiveCheck.reduced(frame, by: factor)
        let packedFirst = LiveCheck.reduced(frame.packed(), by: factor)
        #expect(direct.width == packedFirst.width && direct.height == packedFirst.height)
        #expect(direct.width == (646 / factor) & ~1 && direct.height == 363 / factor)
        #expect(direct.pixels == packedFirst.pixels)
    }
}
