/// Rod monochromacy: Rec.709 luminance `Y = 0.2126 R + 0.7152 G + 0.0722 B` on
/// linear values, written back to all three channels (MODELS.md §6).
/// Partial severity blends with the input in linear light.
public struct Achromatopsia: Simulator {
    public init() {}
    public var kind: ModelKind { .achromatopsia }

    public func transform(for deficiency: Deficiency, severity: Double) -> ColorTransform {
        ColorTransform.linear(Self.matrix).blended(severity: severity)
    }

    public static let matrix = Matrix3(rows: [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722])
}
