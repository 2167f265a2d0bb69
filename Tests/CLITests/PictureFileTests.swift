import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Picture files as teachers have them: WebP, GIF and TIFF open like PNG; a JPEG that was
/// cut short opens with one line saying it is damaged and how much of it could be read.
@Suite struct PictureFileTests {
    /// A 320×240 picture: red left half, green right half.
    static var picture: RGBAImage {
        var img = RGBAImage(width: 320, height: 240, fill: RGB8(60, 160, 70))
        for y in 0..<240 { for x in 0..<160 { img[x, y] = RGB8(200, 30, 40) } }
        return img
    }

    @Test(arguments: ["webp", "gif", "tiff"]) func otherFormatsOpen(ext: String) throws {
        let dir = CLI.tempDir()
        try ImageFile.write(Self.picture, to: dir + "/in.png")
        // ImageMagick (a test package) writes the other formats; lossless where it can.
        let magick = Process()
        magick.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        magick.arguments =
            [dir + "/in.png"] + (ext == "webp" ? ["-define", "webp:lossless=true"] : []) + [dir + "/in." + ext]
        try magick.run()
        magick.waitUntilExit()
        try #require(magick.terminationStatus == 0, "ImageMagick could not write .\(ext)")
        let r = try CLI.run(["convert", dir + "/in." + ext, dir + "/out.png", "--mode", "deuteranopia"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let out = try ImageFile.read(dir + "/out.png")
        let sim = try Simulation(mode: .deuteranopia)
        #expect(out[80, 120].distance(to: sim.simulate(RGB8(200, 30, 40))) <= 3, "\(ext): left half")
        #expect(out[240, 120].distance(to: sim.simulate(RGB8(60, 160, 70))) <= 3, "\(ext): right half")
    }

    @Test func aCutShortJPEGSaysHowMuchCouldBeRead() throws {
        let dir = CLI.tempDir()
        var img = RGBAImage(width: 320, height: 240, fill: RGB8(30, 90, 200))
        for y in 0..<240 { for x in 0..<320 where (x / 20 + y / 20) % 2 == 0 { img[x, y] = RGB8(240, 200, 40) } }
        try ImageFile.write(img, to: dir + "/whole.jpg")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.jpg"))
        try data.prefix(data.count * 45 / 100).write(to: URL(fileURLWithPath: dir + "/cut.jpg"))
        let r = try CLI.run(["convert", dir + "/cut.jpg", dir + "/out.png", "--mode", "normal"])
        #expect(r.status == 0, "the part that could be read is still converted: \(r.stderr)")
        let line = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            line.hasPrefix("cvdcam: warning: 'cut.jpg' is damaged: the JPEG file ends early"), "stderr: \(r.stderr)")
        #expect(line.contains("% of the picture"), "says how much: \(line)")
        let whole = try CLI.run(["convert", dir + "/whole.jpg", dir + "/out2.png", "--mode", "normal"])
        #expect(whole.stderr.isEmpty, "a whole JPEG opens without a word: \(whole.stderr)")
    }

    @Test func anUnknownFormatSaysWhatToDo() throws {
        let dir = CLI.tempDir()
        try Data("not a picture at all, just words".utf8).write(to: URL(fileURLWithPath: dir + "/notes.heic"))
        let r = try CLI.run(["convert", dir + "/notes.heic", dir + "/out.png", "--mode", "normal"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("save it as PNG or JPEG"), "stderr: \(r.stderr)")
    }
}
