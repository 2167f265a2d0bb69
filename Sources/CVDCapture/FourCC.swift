import CVDSystem
import FoundationEssentials

/// A V4L2 pixel format code: four ASCII characters packed little-endian ("YUYV", "MJPG").
public struct FourCC: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// From four ASCII characters; nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        rawValue = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        return String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            .trimmed
    }

    public static let yuyv = FourCC("YUYV")!
    public static let uyvy = FourCC("UYVY")!
    public static let mjpeg = FourCC("MJPG")!
    public static let nv12 = FourCC("NV12")!
    public static let rgb24 = FourCC("RGB3")!
    public static let bgr24 = FourCC("BGR3")!
    public static let grey = FourCC("GREY")!

    /// Names for `--format`, mapped to their codes.
    public static let named: [(String, FourCC)] = [
        ("yuyv", .yuyv), ("uyvy", .uyvy), ("mjpeg", .mjpeg), ("nv12", .nv12),
        ("rgb24", .rgb24), ("bgr24", .bgr24), ("grey", .grey),
    ]
}
