/// One CVD model: gives the transform that simulates a deficiency at a severity.
///
/// Each model is its own type (as in DaltonLens); `Simulation` picks one and is the
/// single entry point the rest of cvdcam uses.
public protocol Simulator: Sendable {
    /// The name this model has on the command line.
    var kind: ModelKind { get }

    /// The transform for a deficiency at a severity in 0…1. Models that do not cover
    /// achromatopsia are never asked for it (`Simulation` uses `Achromatopsia`).
    func transform(for deficiency: Deficiency, severity: Double) -> ColourTransform
}

/// A model of full dichromacy (DaltonLens-Python's `DichromacySimulator`): it gives the
/// dichromat's transform, and partial severity blends it with the input,
/// `s·simulated + (1−s)·original`, in the transform's own space (MODELS.md §4).
public protocol DichromacySimulator: Simulator {
    /// The transform at severity 1.
    func dichromatTransform(for deficiency: Deficiency) -> ColourTransform
}

extension DichromacySimulator {
    public func transform(for deficiency: Deficiency, severity: Double) -> ColourTransform {
        dichromatTransform(for: deficiency).blended(severity: severity)
    }
}

extension Simulator {
    /// A model's entry for a deficiency. Asking a model for one it has no entry for is a
    /// programming error: `Simulation` never does.
    func entry<Value>(_ table: [Deficiency: Value], for deficiency: Deficiency) -> Value {
        guard let value = table[deficiency] else {
            preconditionFailure("\(kind.displayName) has no entry for \(deficiency)")
        }
        return value
    }
}
