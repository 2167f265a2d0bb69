import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// A JPEG is whole when its segments reach the end-of-image marker, whatever follows: a
/// phone's Motion Photo (a video appended) is not "damaged"; a file cut short is.
@Suite struct JPEGSegmentsTests {
    static func jpeg() throws -> [UInt8] {
        var img = RGBAImage(width: 96, height: 64, fill: RGB8(30, 90, 200))
        for y in 0..<64 { for x in 0..<96 where (x / 8 + y / 8) % 2 == 0 { img[x, y] = RGB8(240, 200, 40) } }
        // A name of its own per call: the suite's tests run in parallel in one process, so a name
        // made from the process id alone was shared, and one test's unlink removed another's file.
        let path = NSTemporaryDirectory() + "/jpeg-segments-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        try ImageFile.write(img, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aWholeFileReachesItsEnd() throws {
        #expect(JPEGSegments.reachesEnd(try Self.jpeg()))
    }

    /// 64 KiB after the end-of-image marker, without any FF D9 in it (as an MP4 might be).
    @Test func aTrailerAfterTheEndIsNotDamage() throws {
        var bytes = try Self.jpeg()
        var state: UInt32 = 12345
        for _ in 0..<65536 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16) & 0x7F)
        }
        #expect(JPEGSegments.reachesEnd(bytes))
        let path = NSTemporaryDirectory() + "/motion-photo-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try ImageFile.load(path).damage == nil, "a Motion Photo opens without a warning")
    }

    @Test(arguments: [0.2, 0.5, 0.9, 0.999]) func aCutShortFileDoesNot(share: Double) throws {
        let bytes = try Self.jpeg()
        #expect(!JPEGSegments.reachesEnd(Array(bytes.prefix(Int(Double(bytes.count) * share)))))
    }

    @Test func notAJPEGDoesNot() {
        #expect(!JPEGSegments.reachesEnd([]))
        #expect(!JPEGSegments.reachesEnd([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]))
        #expect(!JPEGSegments.reachesEnd([0xFF, 0xD8, 0xFF, 0xE0, 0x00]))
    }
}
