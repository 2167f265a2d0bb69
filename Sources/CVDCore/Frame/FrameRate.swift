/// Frames per second as an exact fraction, `frames / seconds` — what V4L2 negotiates
/// (as its inverse, the time per frame) — so 30000/1001 (29.97) or 25/2 (12.5) stay exact.
public struct FrameRate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Frames in `seconds` seconds; both positive, the fraction in lowest terms.
    public let frames: Int
    public let seconds: Int

    /// nil when either part is not positive.
    public init?(frames: Int, per seconds: Int) {
        guard frames > 0, seconds > 0 else { return nil }
        let g = Self.gcd(frames, seconds)
        self.frames = frames / g
        self.seconds = seconds / g
    }

    /// A whole number of frames per second.
    public init?(_ fps: Int) { self.init(frames: fps, per: 1) }

    /// From a time per frame of `numerator / denominator` seconds (V4L2's `v4l2_fract`).
    public init?(interval numerator: Int, _ denominator: Int) { self.init(frames: denominator, per: numerator) }

    /// "30", "12.5", "29.97" (exact decimals) or "30000/1001"; nil for anything else.
    public init?(parsing text: String) {
        let t = text.filter { $0 != " " }
        if let slash = t.firstIndex(of: "/") {
            guard let n = Int(t[..<slash]), let d = Int(t[t.index(after: slash)...]) else { return nil }
            self.init(frames: n, per: d)
            return
        }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            !parts[0].isEmpty, let whole = Int(parts[0])
        else { return nil }
        let decimals = parts.count == 2 ? String(parts[1]) : ""
        guard decimals.count <= 6 else { return nil }
        var scale = 1
        for _ in decimals { scale *= 10 }
        self.init(frames: whole * scale + (Int(decimals) ?? 0), per: scale)
    }

    /// The time per frame as V4L2 wants it: (numerator, denominator) seconds.
    public var interval: (numerator: Int, denominator: Int) { (seconds, frames) }

    public var perSecond: Double { Double(frames) / Double(seconds) }
    /// Seconds between frames.
    public var period: Double { Double(seconds) / Double(frames) }

    /// "25", "12.5", "29.97".
    public var description: String {
        if seconds == 1 { return String(frames) }
        let hundredths = (perSecond * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }

    public static func < (a: FrameRate, b: FrameRate) -> Bool { a.frames * b.seconds < b.frames * a.seconds }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
