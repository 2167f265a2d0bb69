/// Rod monochromacy: Rec.709 luminance `Y = 0.2126 R + 0.7152 G + 0.0722 B` on
/// linear values, written back to all three channels (MODELS.md §6).
/// Partial severity blends with the input in linear light.
public struct Achromatopsia: DichromacySimulator {
    public init() {}
    public var kind: ModelKind { .achromatopsia }

    /// The same for every deficiency: there is no cone vision left to differ.
    public func dichromatTransform(for deficiency: Deficiency) -> ColourTransform {
        .linear(Self.matrix)
    }

    public static let matrix = Matrix3(
        rows: [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722])
}
