import CVDCore
import CVDImageIO
import Foundation
import TestFolders
import Testing

@Suite struct ImageFileTests {
    let dir = TestFolder.make("cvdcam-io")

    func sample() -> RGBAImage {
        var img = RGBAImage(width: 31, height: 17)
        for y in 0..<17 { for x in 0..<31 { img[x, y] = RGB8(UInt8(x * 8), UInt8(y * 15), UInt8((x * y) % 256)) } }
        img.pixels[3] = 7 // one translucent pixel
        return img
    }

    @Test func pngRoundTripIsExact() throws {
        let p = dir + "/a.png"
        try ImageFile.write(sample(), to: p)
        #expect(try ImageFile.read(p) == sample())
        // No temporary file is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    @Test func jpegIsWrittenAndReadBack() throws {
        let p = dir + "/a.JPG"
        try ImageFile.write(TestScene.render(width: 64, height: 36), to: p)
        let back = try ImageFile.read(p)
        #expect(back.width == 64 && back.height == 36)
    }

    /// Which files keep their picture lossily (the check takes their borders for what they
    /// are): JPEG, lossy WebP, also an extended WebP with a profile before its picture, and a
    /// TIFF with JPEG compression in either byte order; not PNG, lossless WebP, or TIFF
    /// uncompressed or with Deflate (ImageMagick writes each).
    @Test func lossyFilesAreKnown() throws {
        let png = dir + "/l.png"
        try ImageFile.write(sample(), to: png)
        let cases: [(String, [String], Bool)] = [
            ("l.jpg", ["-quality", "75"], true),
            ("l.webp", ["-quality", "75"], true),
            ("lossless.webp", ["-define", "webp:lossless=true"], false),
            ("l.tif", [], false),
            ("zip.tif", ["-compress", "Zip"], false),
            ("jpeg.tif", ["-compress", "JPEG", "-quality", "75"], true),
            ("jpeg-msb.tif", ["-endian", "MSB", "-compress", "JPEG", "-quality", "75"], true),
        ]
        #expect(try ImageFile.load(png).lossy == false)
        for (name, options, lossy) in cases {
            try OutsideTools.run("convert", [png] + options + [dir + "/" + name])
            #expect(try ImageFile.load(dir + "/" + name).lossy == lossy, "\(name)")
        }
        // An extended WebP (VP8X, then ICCP, then the picture): the picture's chunk decides.
        try OutsideTools.run(
            "convert",
            [png, "-profile", OutsideTools.profiles + "/AdobeRGB1998.icc", "-quality", "75", dir + "/icc.webp"])
        let bytes = try #require(FileManager.default.contents(atPath: dir + "/icc.webp"))
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "VP8X")
        #expect(try ImageFile.load(dir + "/icc.webp").lossy)
    }

    @Test func corruptAndMissingFilesAreReported() throws {
        let garbage = dir + "/garbage.png"
        _ = FileManager.default.createFile(atPath: garbage, contents: Data("this is not a picture".utf8))
        #expect { try ImageFile.read(garbage) } throws: { e in
            guard case .undecodable(let p, _)? = e as? ImageFileError else { return false }
            return p == garbage
        }
        #expect(throws: ImageFileError.notFound(dir + "/none.png")) { try ImageFile.read(dir + "/none.png") }
    }

    @Test func badOutputsAreReportedAndLeaveNothing() throws {
        #expect(throws: ImageFileError.unsupportedOutput(dir + "/x.bmp")) {
            try ImageFile.write(sample(), to: dir + "/x.bmp")
        }
        #expect { try ImageFile.write(sample(), to: dir + "/missing/x.png") } throws: { e in
            guard case .unwritable? = e as? ImageFileError else { return false }
            return true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Found by fuzzing: a 43-byte BMP whose header claims 536870914×6 pixels made SDL2_image
    /// allocate and fill 9 GiB for 18 s. Its head is refused before anything more is read
    /// (`PictureFormat.bound`; SDL's allocations are capped too: `AllocationCap`): at once,
    /// saying why, and a real picture still reads afterwards.
    @Test func aHeaderClaimingAnAbsurdSizeFailsAtOnce() throws {
        let bmp = dir + "/huge.bmp"
        let bytes: [UInt8] = [
            0x42, 0x4d, 0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0, 0x02, 0, 0, 0x20, 0x06, 0, 0, 0,
            0x01, 0, 0x18, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x31, 0, 0, 0, 0, 0,
        ]
        _ = FileManager.default.createFile(atPath: bmp, contents: Data(bytes))
        #expect { try ImageFile.read(bmp) } throws: { e in
            guard case .undecodable(_, let why)? = e as? ImageFileError else { return false }
            return why.contains("the picture is 536870914×6") && why.contains("16384×16384")
        }
        let p = dir + "/after.png"
        try ImageFile.write(sample(), to: p)
        #expect(try ImageFile.read(p) == sample())
    }
}
