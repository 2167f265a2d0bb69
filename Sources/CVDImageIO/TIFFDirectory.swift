/// The first directory (IFD0) of a TIFF structure — a TIFF file's own, or the one inside
/// an EXIF block (JPEG APP1, PNG eXIf, WebP EXIF) — read with every offset and count checked
/// against the bytes, since they come from the file: an offset past the end, a count of 4
/// billion, a directory that points into itself give "no such tag", never a read out of
/// range. Only IFD0 is read (the picture's own tags; IFD1 is a thumbnail's), so a chain of
/// directories that loops is never followed, and the walk is one bounded loop over at most
/// 65 535 entries that the bytes must hold.
struct TIFFDirectory {
    private let bytes: ArraySlice<UInt8>
    private let bigEndian: Bool
    /// Where IFD0's entries start (after their count) and how many the bytes hold.
    private let entries: Int
    private let entryCount: Int

    /// IFD0 of the TIFF structure `bytes` starts with ("II*\0" or "MM\0*", the directory's
    /// offset); nil when the header or the directory lies outside the bytes.
    init?(_ bytes: ArraySlice<UInt8>) {
        let b = bytes.startIndex
        guard bytes.count >= 8 else { return nil }
        switch (bytes[b], bytes[b + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        guard Self.number(bytes, bigEndian, at: 2, size: 2) == 42,
            let ifd = Self.number(bytes, bigEndian, at: 4, size: 4),
            ifd >= 8, let count = Self.number(bytes, bigEndian, at: ifd, size: 2)
        else { return nil }
        entries = ifd + 2
        // Entries the bytes do not hold are not there (a directory cut short keeps its first ones).
        entryCount = min(count, max(0, bytes.count - entries) / 12)
    }

    /// A tag's first value as a number (types BYTE, SHORT, LONG), e.g. Orientation (274).
    func number(_ tag: UInt16) -> Int? {
        guard let e = entry(tag), e.count >= 1 else { return nil }
        switch e.type {
        case 1, 7: return number(at: e.field, size: 1)
        case 3: return number(at: e.field, size: 2)
        case 4: return number(at: e.field, size: 4)
        default: return nil
        }
    }

    /// A tag's value as bytes (types BYTE, UNDEFINED), e.g. the ICC profile (34675); nil when
    /// the tag is missing or its bytes are not all in the structure.
    func data(_ tag: UInt16) -> ArraySlice<UInt8>? {
        guard let e = entry(tag), e.type == 1 || e.type == 7 else { return nil }
        // Up to 4 bytes are in the entry itself, more at the offset it holds.
        let start: Int
        if e.count <= 4 {
            start = e.field
        } else {
            guard let offset = number(at: e.field, size: 4) else { return nil }
            start = offset
        }
        // `count` is at most 2³²−1 and `start` at most 2³²+…: their sum cannot overflow Int.
        guard start + e.count <= bytes.count else { return nil }
        let b = bytes.startIndex
        return bytes[(b + start)..<(b + start + e.count)]
    }

    /// The entry for `tag`: its type, its count and where its value field is (relative to
    /// the structure's start).
    private func entry(_ tag: UInt16) -> (type: Int, count: Int, field: Int)? {
        for i in 0..<entryCount {
            let at = entries + 12 * i
            guard number(at: at, size: 2) == Int(tag), let type = number(at: at + 2, size: 2),
                let count = number(at: at + 4, size: 4)
            else { continue }
            return (type, count, at + 8)
        }
        return nil
    }

    private func number(at offset: Int, size: Int) -> Int? { Self.number(bytes, bigEndian, at: offset, size: size) }

    /// The unsigned number of `size` bytes at `offset` from the structure's start, in its
    /// byte order; nil past the end.
    private static func number(_ bytes: ArraySlice<UInt8>, _ bigEndian: Bool, at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        let b = bytes.startIndex + offset
        var value = 0
        for k in 0..<size {
            let byte = Int(bytes[b + (bigEndian ? k : size - 1 - k)])
            value = value << 8 | byte
        }
        return value
    }
}
