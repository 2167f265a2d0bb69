import CVDCore
import CVDSystem

/// A TGA file cut short: SDL2_image decodes it without a word, the missing part white or
/// whatever its buffer held. Its header says how many pixels there must be, and how they
/// are stored (plain or run-length encoded, rows from the bottom or from the top), so the
/// pixels the file holds can be counted; the rows missing are made mid-grey, as a JPEG
/// that ends early shows them, and the file is said to be damaged.
enum TGAData {
    /// How many of the picture's pixels the file's data holds, in the order they are stored;
    /// nil for a file that is no TGA (or whose header makes no sense).
    static func pixelsPresent(_ b: [UInt8]) -> (present: Int, total: Int, fromTop: Bool)? {
        guard b.count >= 18, [1, 2, 3, 9, 10, 11].contains(b[2]) else { return nil }
        let w = Int(b[12]) | Int(b[13]) << 8
        let h = Int(b[14]) | Int(b[15]) << 8
        let bpp = (Int(b[16]) + 7) / 8
        guard w > 0, h > 0, bpp > 0 else { return nil }
        // The ID, then the colour map (entries of 15–32 bits), then the pixels.
        let mapLength = b[1] == 1 ? (Int(b[5]) | Int(b[6]) << 8) * ((Int(b[7]) + 7) / 8) : 0
        var i = 18 + Int(b[0]) + mapLength
        let total = w * h
        let fromTop = b[17] & 0x20 != 0
        guard b[2] >= 9 else { return (min(total, max(0, b.count - i) / bpp), total, fromTop) }
        // Run-length encoded: packets of a header byte, then one pixel repeated or raw pixels.
        var count = 0
        while count < total, i < b.count {
            let n = Int(b[i] & 0x7F) + 1
            let bytes = b[i] & 0x80 != 0 ? bpp : n * bpp
            guard i + 1 + bytes <= b.count else {
                if b[i] & 0x80 == 0 { count += (b.count - i - 1) / bpp }
                break
            }
            count += n
            i += 1 + bytes
        }
        return (min(count, total), total, fromTop)
    }

    /// For a TGA file (by name) that ends early: the rows it does not hold whole made grey
    /// in `image`, and the line that says so; nil for a whole file or another format.
    static func greyMissingRows(_ image: inout RGBAImage, _ bytes: [UInt8], _ path: String) -> String? {
        guard PathName.pathExtension(path).lowercased() == "tga", let data = pixelsPresent(bytes),
            data.present < data.total, data.total == image.width * image.height
        else { return nil }
        let rows = data.present / image.width
        let missing = data.fromTop ? rows..<image.height : 0..<(image.height - rows)
        for y in missing {
            for x in 0..<image.width { image[x, y] = RGB8(128, 128, 128) }
        }
        let name = PathName.shown(PathName.lastComponent(path))
        let share = Int((100 * Double(rows) / Double(image.height)).rounded())
        return "'\(name)' is damaged: the TGA file ends early; \(share) % of the picture "
            + "(the \(data.fromTop ? "top" : "bottom") \(rows) of \(image.height) rows) could be read, "
            + "the rest is grey — copy the file again"
    }
}
