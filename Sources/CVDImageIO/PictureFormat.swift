import CVDSystem

/// What a picture file is, told from its first bytes before the rest is read
/// (`FileBytes.read`'s `bound`): a file that is none of the formats cvdcam reads (a video,
/// a document, `/dev/zero`) is refused there, after its head, and one that is reads no
/// more than its picture can need — the decoded picture's size, twice over, plus room for
/// metadata — so memory follows the picture, never the file.
enum PictureFormat: Equatable {
    case png, jpeg, gif, bmp, webp, tiff, tga
    /// `ascii`: P1–P3, whose samples are written out as decimal numbers.
    case pnm(ascii: Bool)

    /// The format the head's signature names (TGA, which has none, by a `.tga` name and
    /// a header that makes sense); nil for anything else.
    init?(_ b: ArraySlice<UInt8>, path: String) {
        let h = Array(b.prefix(32))
        func starts(_ s: [UInt8], at i: Int = 0) -> Bool { h.count >= i + s.count && Array(h[i..<(i + s.count)]) == s }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if h.count >= 3, h[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(h[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(h[2])
        {
            self = .pnm(ascii: h[1] <= UInt8(ascii: "3"))
        } else if PathName.pathExtension(path).lowercased() == "tga", h.count >= 18, h[1] <= 1,
            [1, 2, 3, 9, 10, 11].contains(h[2]), [8, 15, 16, 24, 32].contains(h[16]), Self.le(h, 12, 2) > 0,
            Self.le(h, 14, 2) > 0
        {
            self = .tga
        } else {
            return nil
        }
    }

    /// The picture's width and height as the head says them; nil where the head does not
    /// (a TIFF's size is in a directory anywhere in the file; a JPEG whose frame header
    /// comes after more than the head of metadata).
    func size(_ b: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        let h = Array(b)
        var size: (Int, Int)
        switch self {
        case .png, .jpeg:
            let header = PictureHeader(h)
            size = (header.width, header.height)
        case .gif:
            guard h.count >= 10 else { return nil }
            size = (Self.le(h, 6, 2), Self.le(h, 8, 2))
        case .bmp:
            guard h.count >= 26 else { return nil }
            let small = Self.le(h, 14, 4) == 12
            let height = small ? Self.le(h, 20, 2) : Int(Int32(truncatingIfNeeded: Self.le(h, 22, 4)))
            size = (small ? Self.le(h, 18, 2) : Self.le(h, 18, 4), abs(height))
        case .tga:
            size = (Self.le(h, 12, 2), Self.le(h, 14, 2))
        case .webp:
            guard h.count >= 30 else { return nil }
            switch String(decoding: h[12..<16], as: UTF8.self) {
            case "VP8X": size = (1 + Self.le(h, 24, 3), 1 + Self.le(h, 27, 3))
            case "VP8L":
                let bits = Self.le(h, 21, 4)
                size = (1 + bits & 0x3FFF, 1 + (bits >> 14) & 0x3FFF)
            case "VP8 ": size = (Self.le(h, 26, 2) & 0x3FFF, Self.le(h, 28, 2) & 0x3FFF)
            default: return nil
            }
        case .pnm:
            // "P6 # a comment\n640 480\n255\n": the two numbers after the magic.
            var numbers: [Int] = []
            var i = 2
            while numbers.count < 2, i < h.count {
                if h[i] == UInt8(ascii: "#") {
                    while i < h.count, h[i] != 0x0A { i += 1 }
                } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(h[i]) {
                    var v = 0
                    while i < h.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(h[i]), v < 1 << 40 {
                        v = v * 10 + Int(h[i] - UInt8(ascii: "0"))
                        i += 1
                    }
                    numbers.append(v)
                    continue
                }
                i += 1
            }
            guard numbers.count == 2 else { return nil }
            size = (numbers[0], numbers[1])
        case .tiff:
            return nil
        }
        return size.0 > 0 && size.1 > 0 ? size : nil
    }

    /// For `FileBytes.read`: refuses a head that is no picture of `readableFormats`, and
    /// one whose header claims more than `maximumSide` a side; else the most the file may
    /// hold — twice the decoded picture (16 bytes a pixel for PNM's written-out numbers)
    /// and 64 MiB of metadata (ICC profiles, EXIF thumbnails, XMP), or `maximumFileBytes`
    /// where the head does not say the size.
    static func bound(_ head: ArraySlice<UInt8>, path: String) -> FileBytes.Bound {
        guard let format = PictureFormat(head, path: path) else { return .refuse(notAPicture) }
        guard let (w, h) = format.size(head) else { return .upTo(ImageFile.maximumFileBytes) }
        guard w <= ImageFile.maximumSide, h <= ImageFile.maximumSide else {
            return .refuse(
                "the picture is \(w)×\(h); cvdcam reads pictures up to \(ImageFile.maximumSide)×\(ImageFile.maximumSide)"
            )
        }
        let perPixel = format == .pnm(ascii: true) ? 16 : 8
        return .upTo(min(ImageFile.maximumFileBytes, w * h * perPixel + (64 << 20)))
    }

    static let notAPicture =
        "it is not \(ImageFile.readableFormats); save it as PNG or JPEG (e.g. with GIMP, or ImageMagick: convert IN OUT.png)"

    /// The little-endian number of `n` bytes at `i`.
    static func le(_ b: [UInt8], _ i: Int, _ n: Int) -> Int {
        guard b.count >= i + n else { return 0 }
        return (0..<n).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) }
    }
}
