import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// cvdcam's own GIF decoder (`GIFDecoder`) against ImageMagick's reading of the same files
/// (Tests/CVDImageIOTests/GIF: each GIF beside the PNG `convert FILE.gif[0] FILE.png` made
/// of it): exact, every pixel — colour where opaque, and the transparent colour's alpha.
@Suite struct GIFDecoderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GIF").path

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// A 160×120 test card (256 colours), the same interlaced, a 2-colour picture (the
    /// smallest code size), 16 colours with a transparent one, and 256×256 of noise (the
    /// code table fills and the encoder clears it).
    @Test(arguments: ["testsrc", "interlaced", "twocolour", "transparent", "noise"])
    func decodesAsImageMagickDoes(_ name: String) throws {
        let got = try GIFDecoder.decode(try Self.bytes(name + ".gif"), maximumSide: 16384)
        let want = try ImageFile.read(Self.folder + "/" + name + ".png")
        #expect(got.width == want.width && got.height == want.height)
        var wrong = 0
        for i in stride(from: 0, to: min(got.pixels.count, want.pixels.count), by: 4) {
            let a = got.pixels[i + 3]
            if a != want.pixels[i + 3] || (a == 255 && got.pixels[i..<(i + 3)] != want.pixels[i..<(i + 3)]) {
                wrong += 1
            }
        }
        #expect(wrong == 0, "\(name): \(wrong) pixels differ")
    }

    @Test func theSameThroughImageFile() throws {
        let image = try ImageFile.read(Self.folder + "/testsrc.gif")
        let png = try ImageFile.read(Self.folder + "/testsrc.png")
        #expect(image == png)
    }

    /// The file that crashed SDL2_image's loader (SIGSEGV; found by scripts/fuzz), a GIF cut
    /// short at every length, and a header claiming 65535×65535: each an error, none a crash.
    @Test func malformedFilesAreErrors() throws {
        #expect(throws: GIFDecoder.Failure.self) {
            try GIFDecoder.decode(try Self.bytes("fuzzed-crash.gif"), maximumSide: 16384)
        }
        #expect { try ImageFile.read(Self.folder + "/fuzzed-crash.gif") } throws: { e in
            guard case .undecodable? = e as? ImageFileError else { return false }
            return true
        }
        // Cut anywhere: an error, or — cut only after the last pixels' data (the terminator,
        // the trailer) — the whole picture; never a wrong one.
        let whole = try Self.bytes("transparent.gif")
        let full = try GIFDecoder.decode(whole, maximumSide: 16384)
        var pictures = 0
        for n in 0..<whole.count {
            do throws(GIFDecoder.Failure) {
                let got = try GIFDecoder.decode(Array(whole.prefix(n)), maximumSide: 16384)
                #expect(got == full, "cut at \(n) of \(whole.count)")
                #expect(n >= whole.count - 4, "cut at \(n) of \(whole.count): a picture from cut data")
                pictures += 1
            } catch {}
        }
        #expect(pictures >= 2, "without its terminator and trailer the file still gives the picture")
        var huge = try Self.bytes("twocolour.gif")
        let descriptor = try #require(huge.indices.first { huge[$0] == 0x2C && $0 > 13 })
        huge[descriptor + 5] = 0xFF
        huge[descriptor + 6] = 0xFF
        #expect { try GIFDecoder.decode(huge, maximumSide: 16384) } throws: { e in
            (e as? GIFDecoder.Failure)?.description.contains("65535×30") == true
        }
    }

    @Test func interlacedRowsVisitEveryRowOnce() {
        for h in [1, 2, 3, 5, 8, 9, 17, 120] {
            #expect(GIFDecoder.interlacedRows(h).sorted() == Array(0..<h), "height \(h)")
        }
    }
}
