import CVDCore

/// A colour in CIELAB in single precision, for the per-pixel work of the check.
struct LabF: Sendable {
    var l: Float, a: Float, b: Float

    /// Squared CIE76 difference.
    func distance2(_ o: LabF) -> Float {
        let dl = l - o.l
        let da = a - o.a
        let db = b - o.b
        return dl * dl + da * da + db * db
    }
}

/// CIELAB for every sRGB colour at 6 bits a channel (each bin's centre): what the check
/// needs per pixel — flat or not, which cluster — without a cube root per pixel. A bin is
/// 4 levels wide, at most 1.5 CIE76 off anywhere (dark colours, where L* is steepest);
/// colours the check reports are computed exactly from their pixels' mean.
enum LabTable {
    static let values: [LabF] = {
        var out = [LabF](repeating: LabF(l: 0, a: 0, b: 0), count: 1 << 18)
        for key in 0..<(1 << 18) {
            let c = RGB8(UInt8((key >> 12) << 2 | 2), UInt8(((key >> 6) & 63) << 2 | 2), UInt8((key & 63) << 2 | 2))
            let lab = CIELab(c)
            out[key] = LabF(l: Float(lab.l), a: Float(lab.a), b: Float(lab.b))
        }
        return out
    }()

    /// The 18-bit bin of a colour.
    @inline(__always) static func key(_ c: RGB8) -> Int {
        Int(c.r >> 2) << 12 | Int(c.g >> 2) << 6 | Int(c.b >> 2)
    }

    @inline(__always) static func lab(_ c: RGB8) -> LabF { values[key(c)] }
}
