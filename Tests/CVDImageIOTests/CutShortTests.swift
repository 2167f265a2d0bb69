import CVDCore
import Foundation
import Testing

@testable import CVDImageIO

/// Files cut short: what could be read is what the picture had, never the decoder's grey;
/// a file cut before its picture begins is called damaged, not "no picture".
@Suite struct CutShortTests {
    /// A JPEG (ImageMagick, 4:2:0 and 4:4:4) of a picture with no mid-grey anywhere (green
    /// 200 throughout), cut at several places: every row above the missing part is picture.
    @Test(arguments: ["2x2", "1x1"]) func theRowOfBlocksTheFileStopsInCountsAsMissing(sampling: String) throws {
        let dir = OutsideTools.folder()
        var picture = RGBAImage(width: 300, height: 300)
        for y in 0..<300 {
            for x in 0..<300 { picture[x, y] = RGB8(UInt8(x * 255 / 299), 200, UInt8(y * 255 / 299)) }
        }
        try ImageFile.write(picture, to: dir + "/p.png")
        try OutsideTools.run(
            "convert", [dir + "/p.png", "-quality", "90", "-sampling-factor", sampling, dir + "/whole.jpg"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.jpg"))
        // From within the first row of blocks (past the headers) to three quarters.
        let headers = try #require(Self.scanStart(Array(bytes)))
        for share in [Double(headers + 400) / Double(bytes.count), 0.3, 0.45, 0.6, 0.77] {
            let cut = dir + "/cut.jpg"
            try bytes.prefix(Int(Double(bytes.count) * share)).write(to: URL(fileURLWithPath: cut))
            let loaded = try ImageFile.load(cut)
            let missing = try #require(loaded.missing, "\(sampling) at \(share)")
            #expect(missing.x == 0 && missing.width == 300 && missing.y + missing.height == 300)
            var grey = 0
            for y in 0..<missing.y {
                for x in 0..<300 where abs(Int(loaded.image[x, y].g) - 128) <= 2 { grey += 1 }
            }
            #expect(grey == 0, "\(sampling) at \(share): \(grey) grey pixels above row \(missing.y)")
            let said =
                missing.y == 0
                ? "before any of its picture could be read" : "(the top \(missing.y) of 300 rows) could be read"
            #expect(loaded.damage?.contains(said) == true, "\(sampling) at \(share): \(loaded.damage ?? "")")
        }
    }

    /// Where the first scan's data begins: after the SOS segment.
    static func scanStart(_ b: [UInt8]) -> Int? {
        var i = 2
        while i + 3 < b.count {
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if b[i + 1] == 0xDA { return i + 2 + length }
            i += 2 + length
        }
        return nil
    }

    @Test func aFileCutBeforeItsPictureBeginsIsCalledDamaged() throws {
        let dir = OutsideTools.folder()
        try ImageFile.write(RGBAImage(width: 64, height: 64, fill: RGB8(200, 30, 30)), to: dir + "/p.png")
        try OutsideTools.run("convert", [dir + "/p.png", dir + "/p.jpg"])
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/p.jpg")))
        let scan = try #require(Self.scanStart(jpeg))
        for (name, keep, words) in [
            ("p.jpg", 120, "the JPEG file ends early, before its picture begins"),
            // Past the frame header, inside the scan's header.
            ("p.jpg", scan - 4, "the JPEG file ends early, before its picture begins"),
            ("p.png", 8, "the PNG file ends early"), ("p.png", 20, "the PNG file ends early"),
        ] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            let cut = dir + "/cut-" + name
            try bytes.prefix(keep).write(to: URL(fileURLWithPath: cut))
            #expect {
                try ImageFile.load(cut)
            } throws: { e in
                "\(e)".contains(words)
            }
        }
    }
}
