/// How Y′CbCr values relate to R′G′B′: the matrix (BT.601 or BT.709) and the
/// quantisation range (limited 16–235/16–240, or full 0–255). V4L2 formats say
/// which through `ycbcr_enc` and `quantization`.
public struct YCbCrEncoding: Hashable, Sendable, CustomStringConvertible {
    public enum Matrix: String, Sendable, CaseIterable {
        case bt601, bt709
        /// Luma weights of red and blue.
        var kr: Double { self == .bt601 ? 0.299 : 0.2126 }
        var kb: Double { self == .bt601 ? 0.114 : 0.0722 }
    }

    public enum Range: String, Sendable, CaseIterable {
        case limited, full
    }

    public var matrix: Matrix
    public var range: Range

    public init(_ matrix: Matrix, _ range: Range) {
        self.matrix = matrix
        self.range = range
    }

    /// What webcams send unless they say otherwise.
    public static let bt601Limited = YCbCrEncoding(.bt601, .limited)
    public static let all: [YCbCrEncoding] = Matrix.allCases.flatMap { m in Range.allCases.map { YCbCrEncoding(m, $0) }
    }

    public var description: String { "\(matrix.rawValue) \(range.rawValue)" }

    /// Decoding coefficients in 8-bit units: `R′ = yScale·(Y − yOffset) + crToR·(Cr − 128)`,
    /// `G′ = yScale·(Y − yOffset) − cbToG·(Cb − 128) − crToG·(Cr − 128)`, `B′ = … + cbToB·(Cb − 128)`.
    public var coefficients:
        (yOffset: Double, yScale: Double, crToR: Double, cbToG: Double, crToG: Double, cbToB: Double)
    {
        let kr = matrix.kr
        let kb = matrix.kb
        let kg = 1 - kr - kb
        let yOffset: Double = range == .limited ? 16 : 0
        let yScale: Double = range == .limited ? 255.0 / 219.0 : 1
        let cScale: Double = range == .limited ? 255.0 / 224.0 : 1
        return (
            yOffset, yScale,
            2 * (1 - kr) * cScale,
            2 * kb * (1 - kb) / kg * cScale,
            2 * kr * (1 - kr) / kg * cScale,
            2 * (1 - kb) * cScale
        )
    }

    /// Exact R′G′B′ (0…255, unclipped) of one Y′CbCr sample.
    public func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (Double, Double, Double) {
        let c = coefficients
        let yy = c.yScale * (Double(y) - c.yOffset)
        let u = Double(cb) - 128
        let v = Double(cr) - 128
        return (yy + c.crToR * v, yy - c.cbToG * u - c.crToG * v, yy + c.cbToB * u)
    }

    /// Y′CbCr of an R′G′B′ colour, rounded to 8 bits (what a camera would send).
    public func encode(_ c: RGB8) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let kr = matrix.kr
        let kb = matrix.kb
        let kg = 1 - kr - kb
        let r = Double(c.r) / 255
        let g = Double(c.g) / 255
        let b = Double(c.b) / 255
        let y = kr * r + kg * g + kb * b
        let pb = (b - y) / (2 * (1 - kb))
        let pr = (r - y) / (2 * (1 - kr))
        func q(_ x: Double) -> UInt8 { UInt8(min(max(x.rounded(), 0), 255)) }
        switch range {
        case .limited: return (q(16 + 219 * y), q(128 + 224 * pb), q(128 + 224 * pr))
        case .full: return (q(255 * y), q(128 + 255 * pb), q(128 + 255 * pr))
        }
    }
}
