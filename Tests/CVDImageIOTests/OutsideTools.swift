import CVDCore
import Foundation
import TestFolders
import Testing

@testable import CVDImageIO

/// The outside programs the colour-profile and orientation tests make their files and their
/// references with (TEST_PACKAGES in scripts/lib.sh): ImageMagick, exiftool, Little CMS's
/// tificc, and colord's ICC profiles.
enum OutsideTools {
    static let profiles = "/usr/share/color/icc/colord"

    /// Runs `/usr/bin/TOOL ARGS`; its standard error if it fails.
    static func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure("\(tool) \(args.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// A folder of its own under the temporary folder.
    static func folder() -> String {
        TestFolder.make("cvdcam-embedded")
    }

    /// A picture whose every pixel differs from its neighbours and no turn maps onto itself:
    /// R follows x, G follows y, B both.
    static func pattern(width: Int = 37, height: Int = 23) -> RGBAImage {
        var img = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                img[x, y] = RGB8(
                    UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                    UInt8((x * 7 + y * 13) % 256))
            }
        }
        return img
    }

    /// A chart of many colours over the whole cube (for colour conversions): 64×64, each
    /// pixel's R, G and B from its position.
    static func colours() -> RGBAImage {
        var img = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                img[x, y] = RGB8(UInt8(x * 4 + 2), UInt8(y * 4 + 1), UInt8((x / 8 + (y / 8) * 8) * 4 + 3))
            }
        }
        return img
    }

    /// How two pictures of one size differ: the share of channel values more than `levels`
    /// apart, and the largest difference.
    static func difference(_ a: RGBAImage, _ b: RGBAImage, levels: Int = 1) -> (share: Double, largest: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var over = 0
        var largest = 0
        var count = 0
        for i in 0..<a.pixels.count where i % 4 != 3 {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if d > levels { over += 1 }
            largest = max(largest, d)
            count += 1
        }
        return (Double(over) / Double(count), largest)
    }
}
