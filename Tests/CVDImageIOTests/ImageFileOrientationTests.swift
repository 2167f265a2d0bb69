import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// EXIF orientation, all eight values, in every format that carries it, against ImageMagick:
/// the picture `ImageFile.load` gives is byte for byte the one `convert -auto-orient` makes
/// (JPEG, TIFF), or, where ImageMagick 6 does not read the tag (PNG's eXIf, WebP's EXIF),
/// the one its own turn for the value makes (`-flop`, `-rotate 90`, …: the table below,
/// itself checked against `-auto-orient` on the TIFF). The tag is written by exiftool
/// (JPEG, PNG, WebP) or ImageMagick's `-orient` (TIFF).
@Suite struct ImageFileOrientationTests {
    /// ImageMagick's turn for each value, 1…8 (EXIF's table).
    static let turns: [[String]] = [
        [], ["-flop"], ["-rotate", "180"], ["-flip"], ["-transpose"], ["-rotate", "90"], ["-transverse"],
        ["-rotate", "270"],
    ]
    static let names = [
        "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom",
    ]

    /// The picture as ImageMagick writes it to PNG (8 bits, no gamma chunk that matters: SDL ignores it).
    static func magick(_ args: [String], _ dir: String) throws -> RGBAImage {
        let out = dir + "/ref-\(UUID().uuidString).png"
        try OutsideTools.run("convert", args + ["-depth", "8", "PNG24:" + out])
        return try ImageFile.read(out)
    }

    @Test(arguments: 1...8) func tiffAsImageMagickAutoOrients(value: Int) throws {
        let dir = OutsideTools.folder()
        let base = dir + "/base.png"
        try ImageFile.write(OutsideTools.pattern(), to: base)
        let tiff = dir + "/o.tif"
        try OutsideTools.run("convert", [base, "-orient", Self.names[value - 1], tiff])
        let auto = try Self.magick([tiff, "-auto-orient"], dir)
        #expect(try ImageFile.load(tiff).image == auto, "TIFF orientation \(value)")
        // The table of turns is ImageMagick's own reading of the tag.
        #expect(try Self.magick([base] + Self.turns[value - 1], dir) == auto, "turn for \(value)")
    }

    @Test(arguments: 1...8) func jpegAsImageMagickAutoOrients(value: Int) throws {
        let dir = OutsideTools.folder()
        let base = dir + "/base.png"
        try ImageFile.write(OutsideTools.pattern(width: 61, height: 45), to: base)
        let jpeg = dir + "/o.jpg"
        try OutsideTools.run("convert", [base, "-quality", "90", "-sampling-factor", "2x2", jpeg])
        let upright = try ImageFile.load(jpeg).image
        try OutsideTools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(value)", jpeg])
        let loaded = try ImageFile.load(jpeg).image
        // (Each reference made before its #expect: Swift 6.0.3's macro takes no `try` inside an operand.)
        let auto = try Self.magick([jpeg, "-auto-orient"], dir)
        #expect(loaded == auto, "JPEG orientation \(value)")
        // The same pixels as the picture without the tag, turned: only the turn differs.
        let uprightFile = dir + "/upright.png"
        try ImageFile.write(upright, to: uprightFile)
        let turned = try Self.magick([uprightFile] + Self.turns[value - 1], dir)
        #expect(loaded == turned)
    }

    @Test(arguments: ["png", "webp"], 1...8) func pngAndWebPAsTheTurnForTheValue(format: String, value: Int) throws {
        let dir = OutsideTools.folder()
        let base = dir + "/base.png"
        try ImageFile.write(OutsideTools.pattern(), to: base)
        let file = dir + "/o." + format
        try OutsideTools.run("convert", [base, "-define", "webp:lossless=true", file])
        try OutsideTools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(value)", file])
        #expect(
            try ImageFile.load(file).image == Self.magick([base] + Self.turns[value - 1], dir),
            "\(format) orientation \(value)")
    }

    /// Every turn moves each pixel to a place of its own inside the turned picture (what the
    /// unchecked loads and stores of `Orientation.applied` rely on), and a rectangle goes where
    /// its pixels go.
    @Test(arguments: Orientation.allCases) func everyTurnIsAPermutation(turn: Orientation) throws {
        for (w, h) in [(1, 1), (5, 3), (3, 5), (64, 1), (130, 67)] {
            var img = RGBAImage(width: w, height: h)
            for i in 0..<(w * h) {
                img.pixels.replaceSubrange((i * 4)..<(i * 4 + 4), with: withUnsafeBytes(of: UInt32(i)) { Array($0) })
            }
            let turned = try #require(turn.applied(to: img))
            #expect((turned.width, turned.height) == (turn.swapsSides ? (h, w) : (w, h)))
            let seen = Set(stride(from: 0, to: turned.pixels.count, by: 4).map { turned.pixels[$0..<($0 + 4)] })
            #expect(seen.count == w * h, "\(turn) \(w)×\(h): every pixel once")
            // The bottom rows [1, h) as a damaged file's missing part: where do its pixels go?
            guard h > 1 else { continue }
            let part = turn.turned(PixelRect(x: 0, y: 1, width: w, height: h - 1), pictureWidth: w, pictureHeight: h)
            for y in 0..<turned.height {
                for x in 0..<turned.width {
                    let i = (y * turned.width + x) * 4
                    let source =
                        Int(turned.pixels[i]) | Int(turned.pixels[i + 1]) << 8 | Int(turned.pixels[i + 2]) << 16
                    let inside = x >= part.x && x < part.x + part.width && y >= part.y && y < part.y + part.height
                    #expect(inside == (source >= w), "\(turn) \(w)×\(h) at \(x),\(y)")
                }
            }
        }
    }

    /// A phone photo (orientation 6) that ends early: its missing part is where it is once
    /// the picture is upright — on the left — and the warning says so.
    @Test func aDamagedTurnedPhotoSaysWhereItsMissingPartIs() throws {
        let dir = OutsideTools.folder()
        let base = dir + "/base.png"
        try ImageFile.write(OutsideTools.pattern(width: 320, height: 240), to: base)
        let jpeg = dir + "/phone.jpg"
        try OutsideTools.run("convert", [base, "-quality", "90", jpeg])
        try OutsideTools.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", jpeg])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: jpeg))
        let loaded = try ImageFile.load(jpeg)
        #expect((loaded.image.width, loaded.image.height) == (240, 320))
        let missing = try #require(loaded.missing)
        #expect(missing.x == 0 && missing.y == 0 && missing.height == 320 && missing.width > 0 && missing.width < 240)
        #expect(loaded.damage?.contains("(the right \(240 - missing.width) of 240 columns) could be read") == true)
        let grey = loaded.image[missing.width / 2, 160]
        #expect([grey.r, grey.g, grey.b].allSatisfy { abs(Int($0) - 128) <= 2 }, "the missing part is grey: \(grey)")
    }
}
