import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// The walks that find a file's profile and orientation take lengths, offsets and counts
/// from the file: malformed ones (past the end, huge, pointing back into themselves) give
/// "nothing found" or a clear reason, never a crash or a hang — as scripts/fuzz also tries.
@Suite struct EmbeddedMetadataTests {
    /// An EXIF TIFF structure ("MM", big-endian) with IFD0 at `ifd` holding `entries`
    /// (tag, type, count, value field), then `tail`.
    static func tiff(
        ifd: UInt32 = 8, entryCount: Int? = nil, _ entries: [(UInt16, UInt16, UInt32, UInt32)], tail: [UInt8] = []
    )
        -> [UInt8]
    {
        var b: [UInt8] = [0x4D, 0x4D, 0, 42] + be(ifd, 4)
        b += be(UInt32(entryCount ?? entries.count), 2)
        for (tag, type, count, value) in entries {
            b += join(be(UInt32(tag), 2), be(UInt32(type), 2), be(count, 4))
            b += type == 3 && count == 1 ? join(be(value, 2), [0, 0]) : be(value, 4)
        }
        return join(b, be(0, 4), tail)
    }

    /// The parts one after the other (Swift 6.0.3's type checker gives up on long `+` chains
    /// of array literals).
    static func join(_ parts: [UInt8]...) -> [UInt8] { parts.flatMap { $0 } }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    static func be(_ v: UInt32, _ n: Int) -> [UInt8] {
        (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32(n - 1 - $0))) }
    }

    /// A JPEG's head with `segments` (marker, payload), then a scan's marker.
    static func jpeg(_ segments: [(UInt8, [UInt8])]) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        for (marker, payload) in segments { b += join([0xFF, marker], be(UInt32(payload.count + 2), 2), payload) }
        return join(b, [0xFF, 0xDA, 0, 2, 0xFF, 0xD9])
    }

    static let exif: [UInt8] = Array("Exif".utf8) + [0, 0]

    @Test func orientationFromAnExifBlock() {
        let block = Self.exif + Self.tiff([(0x0112, 3, 1, 6)])
        #expect(EmbeddedMetadata(Self.jpeg([(0xE1, block)]), format: .jpeg).orientation == .rotate90)
    }

    @Test(arguments: [0, 9, 255, 65535]) func meaninglessValuesAreUpright(value: UInt32) {
        let block = Self.exif + Self.tiff([(0x0112, 3, 1, value)])
        #expect(EmbeddedMetadata(Self.jpeg([(0xE1, block)]), format: .jpeg).orientation == .upright)
    }

    @Test func malformedDirectoriesFindNothing() {
        let cases: [[UInt8]] = [
            Self.tiff(ifd: 0xFFFF_FFF0, [(0x0112, 3, 1, 6)]), // IFD0 past the end
            Self.tiff(ifd: 4, [(0x0112, 3, 1, 6)]), // IFD0 inside the header
            Self.tiff(entryCount: 65535, []), // 65 535 entries claimed, none there
            Self.tiff([(0x0112, 4, 0xFFFF_FFFF, 6)])[0..<14].map { $0 }, // cut inside the entry
            [0x4D, 0x4D, 0, 43, 0, 0, 0, 8], // BigTIFF's magic
            [0x49, 0x49],
            [],
        ]
        for c in cases {
            #expect(TIFFDirectory(c[...])?.number(0x0112) == nil, "\(c.prefix(16))")
            #expect(EmbeddedMetadata(Self.jpeg([(0xE1, Self.exif + c)]), format: .jpeg).orientation == .upright)
        }
        // A directory that points at itself as the next one: only IFD0 is read.
        let loop = Self.tiff([(0x0112, 3, 1, 8)])
        var looped = loop
        looped.replaceSubrange((looped.count - 4)..<looped.count, with: Self.be(8, 4))
        #expect(TIFFDirectory(looped[...])?.number(0x0112) == 8)
    }

    @Test func tagDataOutsideTheBytesIsNotThere() {
        // An ICC tag (34675) claiming 4 GiB, or data at an offset past the end.
        let huge = Self.tiff([(34675, 7, 0xFFFF_FFFF, 8)])
        #expect(TIFFDirectory(huge[...])?.data(34675) == nil)
        let far = Self.tiff([(34675, 7, 16, 0xFFFF_FFF0)])
        #expect(TIFFDirectory(far[...])?.data(34675) == nil)
        let inline = Self.tiff([(34675, 7, 3, 0x4142_4300)])
        #expect(TIFFDirectory(inline[...])?.data(34675).map(Array.init) == [0x41, 0x42, 0x43])
        // Inside a slice: offsets count from the structure's start, not the file's.
        let tail: [UInt8] = Array(repeating: 0x55, count: 20)
        let placed = Self.tiff([(34675, 7, 20, 26)], tail: tail)
        let inFile: [UInt8] = Self.join([0xAA, 0xBB, 0xCC], placed)
        #expect(TIFFDirectory(inFile[3...])?.data(34675).map(Array.init) == tail)
    }

    static func iccPart(_ n: UInt8, of count: UInt8, _ data: [UInt8]) -> (UInt8, [UInt8]) {
        (0xE2, join(ascii("ICC_PROFILE"), [0, n, count], data))
    }

    @Test func jpegProfilePartsAreJoinedInTheirOrder() {
        let parts = [Self.iccPart(2, of: 3, [4, 5]), Self.iccPart(1, of: 3, [1, 2, 3]), Self.iccPart(3, of: 3, [6])]
        #expect(EmbeddedMetadata(Self.jpeg(parts), format: .jpeg).profile == .bytes([1, 2, 3, 4, 5, 6]))
        let missing = [Self.iccPart(1, of: 3, [1]), Self.iccPart(3, of: 3, [3])]
        #expect(
            EmbeddedMetadata(Self.jpeg(missing), format: .jpeg).profile
                == .unreadable("it is in 3 parts and part 2 is missing"))
        #expect(
            EmbeddedMetadata(Self.jpeg([Self.iccPart(0, of: 0, [1])]), format: .jpeg).profile
                == .unreadable("its parts are numbered 0 of 0"))
        let many = [Self.iccPart(1, of: 255, [1])]
        if case .unreadable(let why) = EmbeddedMetadata(Self.jpeg(many), format: .jpeg).profile {
            #expect(why == "it is in 255 parts and parts 2, 3, 4, … are missing")
        } else {
            Issue.record("255 parts, one there")
        }
    }

    @Test func aSegmentLongerThanTheFileEndsTheWalk() {
        var b = Self.jpeg([Self.iccPart(1, of: 1, [1, 2, 3])])
        b[5] = 0xFF // the APP2 segment's length, now past the end
        #expect(EmbeddedMetadata(b, format: .jpeg).profile == .none)
        #expect(EmbeddedMetadata([0xFF, 0xD8, 0xFF], format: .jpeg).profile == .none)
        #expect(EmbeddedMetadata(Array(repeating: 0xFF, count: 100_000), format: .jpeg).profile == .none)
    }

    static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks + [("IEND", [])] {
            b += join(be(UInt32(data.count), 4), ascii(type), data, [0, 0, 0, 0])
        }
        return b
    }

    static func deflated(_ bytes: [UInt8], _ dir: String) throws -> [UInt8] {
        // Python's zlib, as an outside compressor.
        let raw = dir + "/raw"
        let out = dir + "/z"
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        try OutsideTools.run(
            "python3",
            [
                "-c", "import sys,zlib; open(sys.argv[2],'wb').write(zlib.compress(open(sys.argv[1],'rb').read(), 9))",
                raw, out,
            ])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test func pngProfilesInflateWithinBounds() throws {
        let dir = OutsideTools.folder()
        let profile = Array(repeating: UInt8(7), count: 3000)
        let z = try Self.deflated(profile, dir)
        let good = Self.png([("iCCP", Array("ICC".utf8) + [0, 0] + z)])
        #expect(EmbeddedMetadata(good, format: .png).profile == .bytes(profile))
        var broken = z
        broken[broken.count / 2] ^= 0xFF
        broken[broken.count / 2 + 1] ^= 0x5A
        let damaged = EmbeddedMetadata(Self.png([("iCCP", Array("ICC".utf8) + [0, 0] + broken)]), format: .png)
        #expect(damaged.profile == .unreadable("its compressed data is damaged"))
        let cut = EmbeddedMetadata(
            Self.png([("iCCP", Array("ICC".utf8) + [0, 0] + z.prefix(z.count / 2))]), format: .png)
        #expect(cut.profile == .unreadable("its compressed data is damaged"))
        #expect(
            EmbeddedMetadata(Self.png([("iCCP", [0, 0] + z)]), format: .png).profile
                == .unreadable("its iCCP chunk is malformed"))
        // 64 MiB of zeros in 64 KiB: inflated no further than 32 MiB.
        let bomb = try Self.deflated(Array(repeating: 0, count: 64 << 20), dir)
        let unpacked = EmbeddedMetadata(Self.png([("iCCP", Array("ICC".utf8) + [0, 0] + bomb)]), format: .png).profile
        // (Compared by case: a failure must not print 32 MiB of bytes.)
        if case .unreadable(let why) = unpacked {
            #expect(why == "it is larger than 32 MiB")
        } else {
            Issue.record("the bomb was unpacked")
        }
    }

    @Test func pngAndWebPExif() {
        let block = Self.tiff([(0x0112, 3, 1, 3)])
        #expect(EmbeddedMetadata(Self.png([("eXIf", block)]), format: .png).orientation == .rotate180)
        #expect(EmbeddedMetadata(Self.png([("eXIf", Self.exif + block)]), format: .png).orientation == .rotate180)
        var webp: [UInt8] = Self.join(Self.ascii("RIFF"), [0, 0, 0, 0], Self.ascii("WEBP"))
        webp += Self.join(Self.ascii("ICCP"), [3, 0, 0, 0, 9, 8, 7, 0]) // odd length: one byte of padding
        webp += Self.join(Self.ascii("EXIF"), [UInt8(block.count), 0, 0, 0], block)
        let meta = EmbeddedMetadata(webp, format: .webp)
        #expect(meta.profile == .bytes([9, 8, 7]) && meta.orientation == .rotate180)
        // A chunk claiming 4 GiB ends the walk.
        let huge: [UInt8] = Self.join(
            Self.ascii("RIFF"), [0, 0, 0, 0], Self.ascii("WEBP"), Self.ascii("EXIF"), [0xFF, 0xFF, 0xFF, 0xFF], block)
        #expect(EmbeddedMetadata(huge, format: .webp).orientation == .upright)
    }

    /// Random damage to a real file's metadata (a JPEG written by ImageMagick with a profile
    /// and an orientation): every walk ends, whatever it finds.
    @Test func randomDamageNeverCrashes() throws {
        let dir = OutsideTools.folder()
        let base = dir + "/base.png"
        try ImageFile.write(OutsideTools.pattern(), to: base)
        let jpeg = dir + "/p.jpg"
        try OutsideTools.run("convert", [base, "-profile", OutsideTools.profiles + "/ProPhotoRGB.icc", jpeg])
        try OutsideTools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", jpeg])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
        let meta = EmbeddedMetadata(bytes, format: .jpeg)
        #expect(meta.orientation == .rotate90)
        guard case .bytes(let icc) = meta.profile else { throw OutsideTools.Failure("no profile in \(jpeg)") }
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: OutsideTools.profiles + "/ProPhotoRGB.icc")))
        #expect(icc == file)
        var random = SceneRandom(seed: 40) // the same 1,500 damaged files every run
        let head = min(bytes.count, 24_000)
        for _ in 0..<1500 {
            var b = bytes
            for _ in 0..<4 {
                b[Int.random(in: 2..<head, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let m = EmbeddedMetadata(b, format: .jpeg)
            if case .bytes(let p) = m.profile {
                var image = OutsideTools.pattern(width: 4, height: 4)
                _ = ColourProfile.convertToSRGB(&image, profile: p)
            }
        }
    }
}
