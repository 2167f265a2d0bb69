#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// printf-style formatting of numbers (`%.1f`, `%6.2f`, `%d`), through the C library's
    /// `vsnprintf`, so figures round exactly as `String(format:)` rounds them — without
    /// Foundation (which cvdcam does not link: ~30 MB of ICU data). Only numeric
    /// conversions: put text in with string interpolation, not `%s`/`%@`.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { va in
            var buffer = [CChar](repeating: 0, count: 256)
            // vsnprintf writes at most buffer.count bytes, NUL included, and returns the
            // length it wanted; a longer result is cut (numbers here are far shorter).
            _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, va) }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
