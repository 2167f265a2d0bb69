#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2.x relative luminance and contrast ratio.
///
/// WCAG 2.x defines its own linearisation threshold (0.03928, from an older sRGB
/// draft); it differs from IEC 61966-2-1 only below level 11 and never changes a
/// ratio by more than 0.01. We follow the WCAG text exactly, since that is what
/// contrast checkers report.
public enum WCAG {
    /// Relative luminance of an sRGB colour, 0 (black) … 1 (white).
    public static func relativeLuminance(_ c: RGB8) -> Double {
        func lin(_ v: UInt8) -> Double {
            let x = Double(v) / 255
            return x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
    }

    /// Contrast ratio `(L1 + 0.05) / (L2 + 0.05)`, 1…21, with L1 the lighter colour.
    public static func contrastRatio(_ a: RGB8, _ b: RGB8) -> Double {
        let la = relativeLuminance(a)
        let lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Whether a pair of colours meets a conformance level for normal-size text.
    public static func meets(_ level: Level, _ a: RGB8, _ b: RGB8) -> Bool {
        contrastRatio(a, b) >= level.minimumRatio
    }

    public enum Level: Sendable {
        /// 4.5:1 (AA, normal text).
        case aa
        /// 7:1 (AAA, normal text).
        case aaa

        public var minimumRatio: Double { self == .aa ? 4.5 : 7 }
    }
}
