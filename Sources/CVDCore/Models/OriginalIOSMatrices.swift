/// The matrices of the iOS app cvdcam replaces ("ColorMatrix"), applied directly to
/// gamma-encoded values with no linearisation (MODELS.md §7). Their own authors call
/// them "very simplified, and not accurate": a labelled comparison mode only.
/// The app had no achromatopsia (`Simulation` uses `Achromatopsia` there) and no
/// severity; partial severity here blends with the input in gamma space.
public struct OriginalIOSMatrices: DichromacySimulator {
    public init() {}
    public var kind: ModelKind { .colormatrix }

    public static let matrices: [Deficiency: Matrix3] = [
        .protan: Matrix3(rows: [0.567, 0.433, 0], [0.558, 0.442, 0], [0, 0.242, 0.758]),
        .deutan: Matrix3(rows: [0.625, 0.375, 0], [0.7, 0.3, 0], [0, 0.3, 0.7]),
        .tritan: Matrix3(rows: [0.95, 0.05, 0], [0, 0.433, 0.567], [0, 0.475, 0.525]),
    ]

    public func dichromatTransform(for deficiency: Deficiency) -> ColourTransform {
        .gammaSpace(entry(Self.matrices, for: deficiency))
    }
}
