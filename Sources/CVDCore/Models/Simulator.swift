/// One CVD model: gives the transform that simulates a deficiency at a severity.
///
/// Each model is its own type (as in DaltonLens); `Simulation` picks one and is the
/// single entry point the rest of cvdcam uses.
public protocol Simulator: Sendable {
    /// The name this model has on the command line.
    var kind: ModelKind { get }

    /// The transform for a deficiency at a severity in 0…1. Models that do not cover
    /// achromatopsia are never asked for it (`Simulation` uses `Achromatopsia`).
    func transform(for deficiency: Deficiency, severity: Double) -> ColorTransform
}
