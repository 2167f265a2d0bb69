/// One 8-bit sRGB colour.
public struct RGB8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public var description: String { "(\(r), \(g), \(b))" }

    /// `#RRGGBB`, upper-case hex digits, as colour pickers and the probe lines print it.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for v in [r, g, b] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }

    /// Largest per-channel difference to another colour, in levels.
    public func distance(to o: RGB8) -> Int {
        max(abs(Int(r) - Int(o.r)), abs(Int(g) - Int(o.g)), abs(Int(b) - Int(o.b)))
    }
}
