import Glibc

/// Paths are bytes on Linux, and a file's name need not be UTF-8 (an old USB stick's, a
/// Windows share's). cvdcam keeps such a name's bytes from the command line to `open()`:
/// a byte that is not part of valid UTF-8 stands in the `String` as the private-use
/// character U+10FC00 + byte (`argument(_:)`), and goes back to the same byte when the path
/// is handed to the C library (`withCPath`). Shown to people, it reads `\xNN` (`shown`, in PathName+Shown.swift).
extension PathName {
    /// Where the stand-ins for bytes 0x00–0xFF start (Supplementary Private Use Area-B).
    static let byteBase: UInt32 = 0x10FC00

    /// A command-line argument (or any C string from the system) as a `String` that keeps
    /// every byte: valid UTF-8 as itself, other bytes as their stand-ins.
    public static func argument(_ c: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c))
        return decoded(bytes)
    }

    /// Bytes as a `String` that keeps every one of them (as `argument`).
    public static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var it = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for k in 0..<length { scalars.append(Unicode.Scalar(byteBase + UInt32(bytes[offset + k]))!) }
                offset += length
            case .emptyInput: break loop
            }
        }
        return String(scalars)
    }

    /// The path's bytes, each stand-in as its byte again, NUL-terminated, lent to `body`
    /// (for `open`, `stat`, `rename`, SDL's and libjpeg's file functions).
    public static func withCPath<R, E: Error>(_ path: String, _ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E)
        -> R
    {
        let bytes = Self.bytes(path)
        // A NUL-terminated copy that lives for the call (not `withUnsafeBufferPointer`, which
        // only rethrows before Swift 6.1 and so would lose the error's type).
        let c = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        defer { c.deallocate() }
        for (i, b) in bytes.enumerated() { c[i] = CChar(bitPattern: b) }
        c[bytes.count] = 0
        return try body(c)
    }

    /// A `String`'s bytes with every stand-in its byte again (the inverse of `decoded`).
    public static func bytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            if s.value >= byteBase, s.value <= byteBase + 0xFF {
                bytes.append(UInt8(s.value - byteBase))
            } else {
                bytes.append(contentsOf: String(s).utf8)
            }
        }
        return bytes
    }
}
