/// Whether a JPEG file is whole: its segments walked from the start-of-image marker to the
/// end-of-image marker (FF D9), through every scan's entropy-coded data. What follows the
/// end-of-image marker does not count: phones append a video (Motion Photos) or a trailer of
/// their own to perfectly good photos, so looking for FF D9 at the file's end is not enough.
enum JPEGSegments {
    /// True when the walk reaches the end-of-image marker before the bytes run out.
    static func reachesEnd(_ bytes: [UInt8]) -> Bool {
        let n = bytes.count
        guard n >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var i = 2
        while i + 1 < n {
            guard bytes[i] == 0xFF else { return false }
            // Any number of FF fill bytes may come before a marker.
            while i + 1 < n, bytes[i + 1] == 0xFF { i += 1 }
            guard i + 1 < n else { return false }
            let marker = bytes[i + 1]
            i += 2
            switch marker {
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                continue // standalone markers: no length
            default:
                guard i + 1 < n else { return false }
                let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                guard length >= 2 else { return false }
                i += length
                guard marker == 0xDA else { continue }
                // A scan: its entropy-coded data runs to the next marker that is neither a
                // stuffed zero (FF 00) nor a restart (FF D0–D7).
                while i + 1 < n {
                    if bytes[i] == 0xFF, bytes[i + 1] != 0x00, !(0xD0...0xD7).contains(bytes[i + 1]),
                        bytes[i + 1] != 0xFF
                    {
                        break
                    }
                    i += 1
                }
            }
        }
        return false
    }
}
