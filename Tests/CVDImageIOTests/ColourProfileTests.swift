import CLCMS2
import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// Embedded ICC profiles converted to sRGB, against outside conversions of the same files:
/// Little CMS's own tificc (TIFF) and ImageMagick's `-profile` (JPEG, PNG, WebP), with
/// colord's published profiles (ProPhoto, Adobe RGB 1998, sRGB). The files are the colour
/// chart converted from sRGB into the profile's colours by ImageMagick, so an ignored
/// profile shows: ProPhoto's numbers read as sRGB are up to ~90 levels off.
///
/// Tolerance: tificc, the same 8-bit Little CMS transform, gives the same pixels; ImageMagick,
/// which converts at 16 bits, at most 1 level apart per channel on 99 % of the values and
/// never more than 3 (measured: 99.8 % within 1, at most 2, on ProPhoto and Adobe RGB).
@Suite struct ColourProfileTests {
    static func chart(_ dir: String) throws -> String {
        let base = dir + "/chart.png"
        try ImageFile.write(OutsideTools.colours(), to: base)
        return base
    }

    /// The chart in `profile`'s colours, embedded, as `file` (its name says the format).
    static func converted(_ base: String, to profile: String, _ file: String) throws {
        try OutsideTools.run(
            "convert",
            [
                base, "-profile", OutsideTools.profiles + "/sRGB.icc", "-profile",
                OutsideTools.profiles + "/" + profile,
                "-depth", "8", "-quality", "97", "-define", "webp:lossless=true", file,
            ])
    }

    static func expectClose(_ a: RGBAImage, _ b: RGBAImage, _ what: String) {
        let d = OutsideTools.difference(a, b)
        #expect(d.share <= 0.01 && d.largest <= 3, "\(what): \(d.share * 100) % over 1 level, largest \(d.largest)")
    }

    @Test(arguments: ["ProPhotoRGB.icc", "AdobeRGB1998.icc"]) func tiffAsTificcConvertsIt(profile: String) throws {
        let dir = OutsideTools.folder()
        let tiff = dir + "/wide.tif"
        try Self.converted(try Self.chart(dir), to: profile, tiff)
        let reference = dir + "/srgb.tif"
        try OutsideTools.run("tificc", ["-t0", tiff, reference]) // embedded profile → built-in sRGB, perceptual
        let loaded = try ImageFile.load(tiff)
        #expect(loaded.colourWarning == nil)
        // The same Little CMS transform at 8 bits: the same pixels.
        let d = OutsideTools.difference(loaded.image, try ImageFile.read(reference), levels: 0)
        #expect(d.largest == 0, "TIFF in \(profile): \(d.share * 100) % differ, by up to \(d.largest)")
    }

    @Test(arguments: ["jpg", "png", "webp"], ["ProPhotoRGB.icc", "AdobeRGB1998.icc"])
    func asImageMagickConvertsIt(format: String, profile: String) throws {
        let dir = OutsideTools.folder()
        let base = try Self.chart(dir)
        let file = dir + "/wide." + format
        try Self.converted(base, to: profile, file)
        let reference = dir + "/srgb.png"
        try OutsideTools.run(
            "convert",
            [file, "-profile", OutsideTools.profiles + "/sRGB.icc", "-strip", "-depth", "8", "PNG24:" + reference])
        let loaded = try ImageFile.load(file)
        #expect(loaded.colourWarning == nil)
        Self.expectClose(loaded.image, try ImageFile.read(reference), "\(format) in \(profile)")
        // Without the profile the colours would be far off: the test can tell.
        let ignored = try ImageFile.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), file)
        #expect(OutsideTools.difference(ignored, loaded.image).largest > 20)
    }

    /// A grey profile of gamma 3.0 (D50 white), made by Little CMS and saved as ICC bytes.
    static func greyProfile(_ dir: String) throws -> String {
        let curve = cmsBuildGamma(nil, 3.0)
        defer { cmsFreeToneCurve(curve) }
        let profile = try #require(cmsCreateGrayProfile(cmsD50_xyY(), curve))
        defer { cmsCloseProfile(profile) }
        let path = dir + "/gamma30.icc"
        #expect(cmsSaveProfileToFile(profile, path) != 0)
        return path
    }

    /// A grey picture (8-bit grey PNG) with that profile, against tificc's conversion of the
    /// same grey TIFF with it.
    @Test func aGreyProfileAsTificcConvertsIt() throws {
        let dir = OutsideTools.folder()
        var grey = RGBAImage(width: 256, height: 8)
        for y in 0..<8 { for x in 0..<256 { grey[x, y] = RGB8(UInt8(x), UInt8(x), UInt8(x)) } }
        let base = dir + "/grey.png"
        try ImageFile.write(grey, to: base)
        let icc = try Self.greyProfile(dir)
        let tagged = dir + "/tagged.png"
        try OutsideTools.run("convert", [base, "-type", "Grayscale", "-depth", "8", "-profile", icc, tagged])
        let greyTIFF = dir + "/grey.tif"
        try OutsideTools.run("convert", [base, "-type", "Grayscale", "-depth", "8", greyTIFF])
        let reference = dir + "/back.tif"
        try OutsideTools.run("tificc", ["-i" + icc, greyTIFF, reference])
        let loaded = try ImageFile.load(tagged)
        #expect(loaded.colourWarning == nil)
        Self.expectClose(loaded.image, try ImageFile.read(reference), "grey")
        // Gamma 3.0 against sRGB's ~2.2: mid-grey 128 is darker.
        #expect(loaded.image[128, 4].r < 110, "\(loaded.image[128, 4])")
    }

    /// colord's test profile that swaps red and green: a red picture carrying it is green.
    @Test func aProfileThatSwapsRedAndGreenShowsGreen() throws {
        let dir = OutsideTools.folder()
        let red = dir + "/red.png"
        try ImageFile.write(RGBAImage(width: 8, height: 8, fill: RGB8(200, 30, 30)), to: red)
        let tagged = dir + "/tagged.png"
        try OutsideTools.run("convert", [red, "-profile", OutsideTools.profiles + "/SwappedRedAndGreen.icc", tagged])
        let p = try ImageFile.load(tagged).image[4, 4]
        #expect(p.g > 150 && p.r < 80, "\(p)")
    }

    /// sRGB's own profile (most cameras embed it) leaves the pixels exactly as they are.
    @Test func anSRGBProfileChangesNothing() throws {
        let dir = OutsideTools.folder()
        let base = try Self.chart(dir)
        let tagged = dir + "/srgb.png"
        try OutsideTools.run("convert", [base, "-profile", OutsideTools.profiles + "/sRGB.icc", tagged])
        #expect(try ImageFile.load(tagged).image == OutsideTools.colours())
    }

    /// A profile that cannot be used — damaged, a part missing, for other colours — leaves
    /// the pixels as stored (read as sRGB) and says why in one line.
    @Test func aProfileThatCannotBeUsedIsSaid() throws {
        let dir = OutsideTools.folder()
        let base = try Self.chart(dir)
        let jpeg = dir + "/wide.jpg"
        try Self.converted(base, to: "ProPhotoRGB.icc", jpeg)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
        let stored = try ImageFile.decode(bytes, jpeg)
        // The profile's signature ("acsp", 36 bytes into its header) overwritten.
        let marker: [UInt8] = Array("ICC_PROFILE".utf8) + [0, 1, 1]
        let start = try #require(Self.find(marker, in: bytes))
        let at = start + 14 + 36
        bytes.replaceSubrange(at..<(at + 4), with: Array("nope".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: jpeg))
        let loaded = try ImageFile.load(jpeg)
        #expect(loaded.image == stored)
        let line = try #require(loaded.colourWarning)
        #expect(line.hasPrefix("'wide.jpg' has a colour profile (ICC) that cannot be used: it is damaged"), "\(line)")
        #expect(line.hasSuffix("; its colours are read as sRGB and may be wrong"))
        #expect(loaded.warnings == [line])

        // A named-colour profile (colord's X11 colours, in Lab) is no picture's profile, and a
        // grey profile does not fit a colour picture (exiftool puts them in as they are).
        let grey = try Self.greyProfile(dir)
        for (profile, why) in [
            (OutsideTools.profiles + "/x11-colors.icc", "it is a profile for Lab colours, but the picture is RGB"),
            (grey, "it is a profile for grey, but the picture has colours"),
        ] {
            let file = dir + "/other.png"
            try ImageFile.write(OutsideTools.colours(), to: file)
            try OutsideTools.run("exiftool", ["-q", "-overwrite_original", "-icc_profile<=" + profile, file])
            let other = try ImageFile.load(file)
            #expect(other.image == OutsideTools.colours())
            #expect(
                other.colourWarning?.contains("cannot be used: " + why + ";") == true,
                "\(other.colourWarning ?? "none")")
        }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// A profile larger than one JPEG segment (64 KiB) comes in parts, joined in order.
    @Test func aLargeProfileInSeveralParts() throws {
        let dir = OutsideTools.folder()
        var icc = [UInt8](try Data(contentsOf: URL(fileURLWithPath: OutsideTools.profiles + "/ProPhotoRGB.icc")))
        // 150 KiB of padding after the tags, the header's size updated: still a valid profile.
        icc += Array(repeating: 0, count: 150 << 10)
        icc.replaceSubrange(0..<4, with: EmbeddedMetadataTests.be(UInt32(icc.count), 4))
        let big = dir + "/big.icc"
        try Data(icc).write(to: URL(fileURLWithPath: big))
        let base = try Self.chart(dir)
        let jpeg = dir + "/big.jpg"
        try OutsideTools.run("convert", [base, "-profile", big, "-quality", "97", jpeg])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
        let third: [UInt8] = Array("ICC_PROFILE".utf8) + [0, 3, 3]
        #expect(Self.find(third, in: bytes) != nil, "three parts")
        #expect(EmbeddedMetadata(bytes, format: .jpeg).profile == .bytes(icc))
        let reference = dir + "/srgb.png"
        try OutsideTools.run(
            "convert",
            [jpeg, "-profile", OutsideTools.profiles + "/sRGB.icc", "-strip", "-depth", "8", "PNG24:" + reference])
        Self.expectClose(try ImageFile.load(jpeg).image, try ImageFile.read(reference), "three parts")
    }
}
