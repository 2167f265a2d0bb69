/// What a picture file's first bytes say, before it is decoded: its size (PNG's IHDR,
/// JPEG's frame header), a JPEG's number of colour components (4: CMYK or YCCK, print
/// colours), and whether a PNG runs to its end chunk.
struct PictureHeader {
    var width = 0
    var height = 0
    /// A JPEG's components (1 grey, 3 Y′CbCr or RGB, 4 CMYK/YCCK); nil for other formats.
    var jpegComponents: Int?
    /// A PNG whose bytes stop before its IEND chunk.
    var pngCutShort = false
    /// A JPEG that ends before its first scan begins (nothing of it can be drawn).
    var jpegCutShort = false

    init(_ b: [UInt8]) {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            if b.count >= 24 {
                width = Self.be32(b, 16)
                height = Self.be32(b, 20)
            }
            pngCutShort = !Self.pngEnds(b)
        } else if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            jpegFrame(b)
        }
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    /// Walks the chunks (length, type, data, CRC) to IEND.
    private static func pngEnds(_ b: [UInt8]) -> Bool {
        var i = 8
        while i + 8 <= b.count {
            let length = be32(b, i)
            let type = b[(i + 4)..<(i + 8)]
            if type.elementsEqual([0x49, 0x45, 0x4E, 0x44]) { return i + 12 <= b.count }
            guard length >= 0, length < 1 << 31 else { return false }
            i += 12 + length
        }
        return false
    }

    /// The first frame header (SOF0–SOF15 but DHT, JPG, DAC): size and components; and
    /// whether the file ends before its first scan begins (`jpegCutShort`).
    private mutating func jpegFrame(_ b: [UInt8]) {
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { return }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), i + 9 < b.count,
                jpegComponents == nil
            {
                height = Int(b[i + 5]) << 8 | Int(b[i + 6])
                width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                jpegComponents = Int(b[i + 9])
            }
            // The first scan's header, whole: the picture begins.
            if marker == 0xDA, i + 2 + length <= b.count { return }
            guard length >= 2 else { return }
            if marker == 0xDA { break }
            i += 2 + length
        }
        jpegCutShort = true
    }
}
