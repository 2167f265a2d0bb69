import CZlib
import Glibc

/// What a picture file says about its pixels besides the pixels, found by walking its
/// container before anything else sees the picture: the ICC colour profile its colours are
/// in, and the EXIF orientation it is to be seen in. SDL2_image's decoders apply neither
/// (libjpeg, libpng and libwebp hand the stored pixels over as they are; libtiff flips but
/// does not turn: `Orientation.afterLibTIFF`).
///
/// | format | profile | orientation |
/// |---|---|---|
/// | JPEG | APP2 "ICC_PROFILE" segments, in as many parts as it takes (64 KiB each) | APP1 "Exif" |
/// | PNG | iCCP (zlib-compressed) | eXIf |
/// | WebP | ICCP chunk | EXIF chunk |
/// | TIFF | tag 34675 | tag 274 |
///
/// Every walk is bounded by the bytes: each step moves forward by a length the file gives
/// and checks it against what is there, so a bad length ends the walk (what was found so far
/// counts), and a profile is never larger than `maximumProfileBytes`.
struct EmbeddedMetadata {
    /// The profile's bytes as embedded, or why they cannot be had (a JPEG profile with a part
    /// missing, a PNG profile whose compressed data is damaged).
    enum Profile: Equatable {
        case none
        case bytes([UInt8])
        case unreadable(String)
    }

    var profile = Profile.none
    var orientation = Orientation.upright

    /// Larger than any profile a picture carries (a printer's with large tables is a few MiB):
    /// what inflates beyond it is refused, not held.
    static let maximumProfileBytes = 32 << 20

    init(_ bytes: [UInt8], format: PictureFormat?) {
        switch format {
        case .jpeg: readJPEG(bytes)
        case .png: readPNG(bytes)
        case .webp: readWebP(bytes)
        case .tiff:
            guard let ifd = TIFFDirectory(bytes[...]) else { return }
            if let icc = ifd.data(34675) { profile = .bytes(Array(icc)) }
            orientation = Orientation(exif: ifd.number(274))
        default: return
        }
    }

    /// The orientation from an EXIF block: a TIFF structure, after "Exif\0\0" where a writer
    /// put that in (JPEG always; PNG and WebP writers differ).
    private mutating func readExif(_ block: ArraySlice<UInt8>) {
        let tiff = block.starts(with: Self.exifHeader) ? block.dropFirst(Self.exifHeader.count) : block
        orientation = Orientation(exif: TIFFDirectory(tiff)?.number(274))
    }

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let iccHeader: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// The segments before the first scan: APP1 "Exif", APP2 "ICC_PROFILE" (each with its
    /// 1-based number and the number of parts, then its part of the profile).
    private mutating func readJPEG(_ b: [UInt8]) {
        var parts: [Int: ArraySlice<UInt8>] = [:]
        var partCount = 0
        var sawExif = false
        var i = 2
        walk: while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            switch marker {
            case 0xFF:
                i += 1 // a fill byte before the marker
                continue
            case 0x01, 0xD0...0xD8:
                i += 2 // no length
                continue
            case 0xD9, 0xDA:
                break walk // the end, or the first scan: metadata comes before it
            default: break
            }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { break }
            let payload = b[(i + 4)..<(i + 2 + length)]
            if marker == 0xE1, !sawExif, payload.starts(with: Self.exifHeader) {
                sawExif = true
                readExif(payload)
            } else if marker == 0xE2, payload.starts(with: Self.iccHeader), payload.count >= 14 {
                let at = payload.startIndex + Self.iccHeader.count
                let (number, count) = (Int(payload[at]), Int(payload[at + 1]))
                partCount = max(partCount, count)
                if parts[number] == nil { parts[number] = payload[(at + 2)...] }
            }
            i += 2 + length
        }
        guard !parts.isEmpty else { return }
        // Parts are numbered 1…count; a writer may have put them in any order.
        guard partCount > 0 else {
            profile = .unreadable("its parts are numbered 0 of 0")
            return
        }
        let missing = (1...partCount).filter { parts[$0] == nil }
        guard missing.isEmpty else {
            let which = missing.prefix(3).map(String.init).joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            profile = .unreadable(
                "it is in \(partCount) parts and \(missing.count == 1 ? "part" : "parts") \(which) "
                    + "\(missing.count == 1 ? "is" : "are") missing")
            return
        }
        profile = .bytes((1...partCount).flatMap { Array(parts[$0]!) })
    }

    /// The chunks to IEND: iCCP (a name of 1–79 bytes, a zero, compression method 0, the
    /// zlib stream) and eXIf.
    private mutating func readPNG(_ b: [UInt8]) {
        var i = 8
        var sawProfile = false
        var sawExif = false
        while i + 12 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            guard length < 1 << 31, i + 12 + length <= b.count, type != "IEND" else { return }
            let data = b[(i + 8)..<(i + 8 + length)]
            if type == "iCCP", !sawProfile {
                sawProfile = true
                profile = Self.inflatedICCP(data)
            } else if type == "eXIf", !sawExif {
                sawExif = true
                readExif(data)
            }
            i += 12 + length
        }
    }

    /// An iCCP chunk's profile.
    private static func inflatedICCP(_ data: ArraySlice<UInt8>) -> Profile {
        guard let zero = data.prefix(80).firstIndex(of: 0), zero > data.startIndex, zero + 1 < data.endIndex,
            data[zero + 1] == 0
        else { return .unreadable("its iCCP chunk is malformed") }
        let stream = Array(data[(zero + 2)...])
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        // zlib reads `stream` and fills a buffer it mallocs (at most maximumProfileBytes),
        // which is copied into an array and freed here.
        let status = cvd_zlib_inflate(stream, stream.count, maximumProfileBytes, &out, &length)
        switch status {
        case 0:
            defer { free(out) }
            guard let out else { return .unreadable("its compressed data is damaged") }
            return .bytes(Array(UnsafeBufferPointer(start: out, count: length)))
        case 1: return .unreadable("it is larger than \(maximumProfileBytes >> 20) MiB")
        case -1: return .unreadable("there is not enough memory to unpack it")
        default: return .unreadable("its compressed data is damaged")
        }
    }

    /// The RIFF chunks after "RIFF", the size and "WEBP": ICCP and EXIF (each padded to an
    /// even length).
    private mutating func readWebP(_ b: [UInt8]) {
        var i = 12
        var sawProfile = false
        var sawExif = false
        while i + 8 <= b.count {
            let type = String(decoding: b[i..<(i + 4)], as: UTF8.self)
            let length = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            guard i + 8 + length <= b.count else { return }
            let data = b[(i + 8)..<(i + 8 + length)]
            if type == "ICCP", !sawProfile {
                sawProfile = true
                profile = .bytes(Array(data))
            } else if type == "EXIF", !sawExif {
                sawExif = true
                readExif(data)
            }
            i += 8 + length + (length & 1)
        }
    }
}
