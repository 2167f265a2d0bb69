/// Viénot, Brettel & Mollon 1999, "Digital video colourmaps for checking the
/// legibility of displays by dichromats": the dichromat's colour surface as one
/// plane, reduced to one matrix in linear RGB (Smith & Pokorny cones, sRGB, D65).
/// Not accurate for tritanopia (Brettel 1997 is; `auto` uses it there).
/// Partial severity blends with the input in linear light (MODELS.md §4).
public struct Vienot1999: DichromacySimulator {
    public init() {}
    public var kind: ModelKind { .vienot1999 }

    public static let matrices: [Deficiency: Matrix3] = [
        .protan: Matrix3(
            rows: [0.11238276122216408, 0.8876172387778372, 0],
            [0.11238276122216398, 0.8876172387778363, 0],
            [0.00400576827304694, -0.004005768273046942, 1.0000000000000002]),
        .deutan: Matrix3(
            rows: [0.29275011427843584, 0.707249885721565, 0],
            [0.2927501142784356, 0.7072498857215644, 0],
            [-0.022336587034129093, 0.02233658703412911, 1.0000000000000002]),
        .tritan: Matrix3(
            rows: [1.0, 0.14461224330693614, -0.14461224330693626],
            [0, 0.8592358078045902, 0.14076419219541023],
            [0, 0.8592358078045896, 0.14076419219541017]),
    ]

    public func dichromatTransform(for deficiency: Deficiency) -> ColourTransform {
        .linear(entry(Self.matrices, for: deficiency))
    }
}
