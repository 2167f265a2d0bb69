/// Which kind of colour transform a loop is specialised for (each its own compiled loop).
public enum KernelVariant: UInt8, Sendable {
    /// Normal vision: no matrix, no transfer functions.
    case identity
    /// One matrix in linear light.
    case linearMatrix
    /// One matrix in linear light whose R and G rows are equal (Viénot protan/deutan).
    case linearRGEqual
    /// One matrix in linear light with all rows equal (achromatopsia).
    case linearGrey
    /// Two half-plane matrices in linear light (Brettel), as one plus a correction.
    case linearHalfPlanes
    /// One matrix on the gamma-encoded values (the original iOS matrices).
    case gammaMatrix
}

/// A colour transform as the kernels apply it, in float32: the matrix t1 (row-major), and
/// for half-plane transforms the correction t2 − t1 = v·nᵀ applied where n·x < 0.
/// CVDCore builds it from a `ColourTransform` (`PixelMath`).
public struct PixelCoefficients: Sendable {
    public let variant: KernelVariant
    public let a0, a1, a2, a3, a4, a5, a6, a7, a8: Float
    public let v0, v1, v2: Float
    public let n0, n1, n2: Float

    public init(variant: KernelVariant, matrix a: [Float], v: (Float, Float, Float), n: (Float, Float, Float)) {
        precondition(a.count == 9, "a 3×3 matrix has 9 entries")
        self.variant = variant
        (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        (v0, v1, v2) = v
        (n0, n1, n2) = n
    }
}

/// Y′CbCr → R′G′B′ levels (0…255) straight from the bytes: R′ = Y·yScale + rOffset +
/// Cr·crToR, G′ = Y·yScale + gOffset − Cb·cbToG − Cr·crToG, B′ = Y·yScale + bOffset +
/// Cb·cbToB (the luma offset and the chroma midpoint folded into one constant per channel).
public struct YCbCrCoefficients: Sendable {
    public let yScale, rOffset, gOffset, bOffset, crToR, cbToG, crToG, cbToB: Float

    public init(
        yScale: Float, rOffset: Float, gOffset: Float, bOffset: Float,
        crToR: Float, cbToG: Float, crToG: Float, cbToB: Float
    ) {
        self.yScale = yScale
        self.rOffset = rOffset
        self.gOffset = gOffset
        self.bOffset = bOffset
        self.crToR = crToR
        self.cbToG = cbToG
        self.crToG = crToG
        self.cbToB = cbToB
    }
}

/// R′G′B′ levels → Y′CbCr in 8-bit units: Y = yOffset + yR·R′ + yG·G′ + yB·B′ per pixel;
/// Cb = 128 + cbR·(R′₀ + R′₁) + … over a pair's summed R′G′B′ (the halving of the mean
/// folded in), likewise Cr.
public struct EncoderCoefficients: Sendable {
    public let yOffset, yR, yG, yB: Float
    public let cbR, cbG, cbB, crR, crG, crB: Float

    public init(
        yOffset: Float, yR: Float, yG: Float, yB: Float,
        cbR: Float, cbG: Float, cbB: Float, crR: Float, crG: Float, crB: Float
    ) {
        self.yOffset = yOffset
        self.yR = yR
        self.yG = yG
        self.yB = yB
        self.cbR = cbR
        self.cbG = cbG
        self.cbB = cbB
        self.crR = crR
        self.crG = crG
        self.crB = crB
    }
}
