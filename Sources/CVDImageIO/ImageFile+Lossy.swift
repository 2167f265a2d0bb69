extension ImageFile {
    /// Whether a picture file's bytes keep it with lossy compression: a JPEG; a TIFF whose
    /// first picture is JPEG-compressed (its Compression tag, 259: 6 or 7, the old and the
    /// new TIFF JPEG, or 34892, lossy JPEG as DNG stores it); or a WebP whose picture is a
    /// VP8 chunk (lossy) rather than VP8L (lossless). A WebP's chunks are walked from the
    /// RIFF header on (an extended WebP starts with VP8X, then ICCP or EXIF).
    static func isLossy(_ bytes: [UInt8], _ path: String) -> Bool {
        switch PictureFormat(bytes[...], path: path) {
        case .jpeg: return true
        case .tiff: return [6, 7, 34892].contains(TIFFDirectory(bytes[...])?.number(259))
        case .webp: break
        default: return false
        }
        var at = 12
        while at + 8 <= bytes.count {
            let id = bytes[at..<(at + 4)]
            if id.elementsEqual("VP8 ".utf8) { return true }
            if id.elementsEqual("VP8L".utf8) { return false }
            let size = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << (8 * $1) }
            at += 8 + size + (size & 1)
        }
        return false
    }
}
