import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Memory follows the picture, not the file: what is no picture is refused after its head
/// (a 600 MB "video", /dev/zero), a picture's file is read no further than its picture can
/// need, and under an address-space limit (`prlimit --as`) nothing aborts — each file that
/// cannot be had is a line, and the next file goes on. A TGA cut short says it is damaged.
extension NothingLostTests {
    static var hasPrlimit: Bool { (try? shell("command -v prlimit"))?.status == 0 }

    @Test(.enabled(if: NothingLostTests.hasPrlimit, "prlimit (util-linux) is not installed"))
    func bigFilesThatAreNoPictureAreRefusedAfterTheirHead() throws {
        let dir = CLI.tempDir()
        let safe = dir + "/safe.png"
        let chart = dir + "/chart.png"
        #expect(try CLI.run(["scene", safe, "--mode", "normal", "--width", "320", "--height", "200"]).status == 0)
        #expect(try CLI.run(["scene", chart, "--mode", "normal", "--width", "160", "--height", "100"]).status == 0)
        // 600 MB: a random head, the rest a hole (no disk used); a PNG's head over 200 MB.
        try Self.shell(
            "cd '\(dir)' && head -c 1048576 /dev/urandom > video.mp4 && truncate -s 600M video.mp4"
                + " && head -c 33 safe.png > junk.png && head -c 1048576 /dev/urandom >> junk.png && truncate -s 200M junk.png"
        )
        let limit = "prlimit --as=1000000000"
        for input in ["video.mp4", "/dev/zero", "junk.png"] {
            let r = try Self.shell("cd '\(dir)' && \(limit) \"$CVDCAM\" convert \(input) out.png --mode protanopia")
            #expect(r.status == 1, "\(input): status \(r.status) (134: an abort) \(r.stderr)")
            let why = input == "junk.png" ? "larger than its 320×200 picture can need" : "it is not PNG, JPEG"
            #expect(r.stderr.hasPrefix("cvdcam: error: cannot read") && r.stderr.contains(why), "\(input): \(r.stderr)")
        }
        // check goes on past them: safe.png's and chart.png's reports both there.
        let r = try Self.shell("cd '\(dir)' && \(limit) \"$CVDCAM\" check safe.png video.mp4 chart.png junk.png")
        #expect(r.status > 0 && r.status < 128, "status \(r.status): no signal")
        #expect(r.stdout.contains("safe.png") && r.stdout.contains("chart.png"), "\(r.stdout)")
        #expect(r.stderr.split(separator: "\n").count == 2, "one line each for video.mp4 and junk.png: \(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"))
    }

    /// A GIF whose image claims 16000×12000 pixels (its data a few bytes: a GIF's size is
    /// checked by nothing before its decoder): the decoder's buffers cannot be had under the
    /// limit — a line, not the runtime's abort — and check goes on to the next file.
    @Test(.enabled(if: NothingLostTests.hasPrlimit, "prlimit (util-linux) is not installed"))
    func anAllocationThatFailsIsALineAndTheNextGoesOn() throws {
        let dir = CLI.tempDir()
        #expect(
            try CLI.run(["scene", dir + "/small.png", "--mode", "normal", "--width", "64", "--height", "48"]).status
                == 0)
        let size: [UInt8] = [0x80, 0x3E, 0xE0, 0x2E] // 16000, 12000, little-endian
        // Built in steps: Swift 6.0 cannot type-check one sum of these literals in time.
        var gif: [UInt8] = Array("GIF89a".utf8)
        gif += size
        gif += [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        gif += [0x2C, 0, 0, 0, 0]
        gif += size
        gif += [0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        try Data(gif).write(to: URL(fileURLWithPath: dir + "/huge.gif"))
        let r = try Self.shell("cd '\(dir)' && prlimit --as=1000000000 \"$CVDCAM\" check huge.gif small.png")
        #expect(r.status > 0 && r.status < 128, "status \(r.status) \(r.stderr)")
        #expect(
            r.stderr.hasPrefix("cvdcam: error: cannot read 'huge.gif'") && r.stderr.contains("not enough memory")
                && !r.stderr.contains("Fatal error"), "\(r.stderr)")
        #expect(r.stdout.contains("small.png"), "the next file goes on: \(r.stdout)")
        let convert = try Self.shell(
            "cd '\(dir)' && prlimit --as=1000000000 \"$CVDCAM\" convert huge.gif o.png --mode protanopia")
        #expect(convert.status == 1 && convert.stderr.contains("not enough memory"), "\(convert.stderr)")
    }

    @Test func aTGACutShortIsDamaged() throws {
        let dir = CLI.tempDir()
        // 64×48, 24 bits, rows from the bottom up: all red; then the same cut after half its pixels.
        let header: [UInt8] = [0, 0, 2] + [UInt8](repeating: 0, count: 9) + [64, 0, 48, 0, 24, 0]
        let pixels = [UInt8]([0, 0, 255]).repeated(64 * 48)
        try Data(header + pixels).write(to: URL(fileURLWithPath: dir + "/whole.tga"))
        try Data(header + pixels.prefix(pixels.count / 2)).write(to: URL(fileURLWithPath: dir + "/cut.tga"))
        let whole = try CLI.run(["convert", dir + "/whole.tga", dir + "/whole.png", "--mode", "normal"])
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        let cut = try CLI.run(["convert", dir + "/cut.tga", dir + "/cut.png", "--mode", "normal"])
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(
            cut.stderr.contains(
                "'cut.tga' is damaged: the TGA file ends early; 50 % of the picture (the bottom 24 of 48 rows)"),
            "\(cut.stderr)")
        let image = try ImageFile.read(dir + "/cut.png")
        #expect(image[10, 10] == RGB8(128, 128, 128) && image[10, 40] == RGB8(255, 0, 0), "top grey, bottom read")
        // Run-length encoded: one packet of 128 red pixels, then the file ends.
        let rle: [UInt8] =
            [0, 0, 10] + [UInt8](repeating: 0, count: 9) + [64, 0, 48, 0, 24, 0x20] + [0xFF, 0, 0, 255]
        try Data(rle).write(to: URL(fileURLWithPath: dir + "/rle.tga"))
        let r = try CLI.run(["convert", dir + "/rle.tga", dir + "/rle.png", "--mode", "normal"])
        #expect(
            r.stderr.contains("is damaged: the TGA file ends early; 4 % of the picture (the top 2 of 48 rows)"),
            "\(r.stderr)")
    }
}

extension Array {
    /// The array `n` times over.
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}
