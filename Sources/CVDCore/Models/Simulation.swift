/// A fully resolved request — mode, severity, model — and the single entry point
/// that turns it into a `ColourTransform`.
public struct Simulation: Hashable, Sendable, CustomStringConvertible {
    public let mode: VisionMode
    /// 0…1; 1 for the -opia modes and achromatopsia, 0 for normal.
    public let severity: Double
    /// The model actually used (never `.auto`: `resolve`).
    public let model: ModelKind
    /// What the user asked for (may be `.auto`).
    public let requestedModel: ModelKind

    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case severityOutOfRange(Double)

        public var description: String {
            switch self {
            case .severityOutOfRange(let s): "severity \(s) is outside 0…1"
            }
        }
    }

    /// - Parameters:
    ///   - severity: used by the -anomaly modes (default 0.6); ignored by the others.
    ///   - model: `.auto` picks per MODELS.md §8.
    public init(mode: VisionMode, severity: Double? = nil, model: ModelKind = .auto) throws {
        if let s = severity, !(0...1).contains(s) { throw Error.severityOutOfRange(s) }
        self.mode = mode
        // + 0: a severity of -0 (from "-0" on the command line) is 0, not "-0.0" in every line.
        self.severity = mode.severity(severity) + 0
        self.requestedModel = model
        self.model = Self.resolve(model, deficiency: mode.deficiency, severity: self.severity)
    }

    /// A simulation straight from a deficiency and severity (as in the reference vectors).
    public init(deficiency: Deficiency, severity: Double, model: ModelKind) {
        self.mode =
            switch deficiency {
            case .protan: severity >= 1 ? .protanopia : .protanomaly
            case .deutan: severity >= 1 ? .deuteranopia : .deuteranomaly
            case .tritan: severity >= 1 ? .tritanopia : .tritanomaly
            case .achromat: .achromatopsia
            }
        self.severity = severity
        self.requestedModel = model
        self.model = Self.resolve(model, deficiency: deficiency, severity: severity)
    }

    /// MODELS.md §8: tritan → Brettel; protan/deutan at full severity → Viénot,
    /// below → Machado; achromat → luminance whatever was asked.
    static func resolve(_ model: ModelKind, deficiency: Deficiency?, severity: Double) -> ModelKind {
        if deficiency == .achromat { return .achromatopsia }
        if model != .auto { return model }
        switch deficiency {
        case nil: return .machado2009 // normal vision: nothing is simulated
        case .protan?, .deutan?: return severity >= 1 ? .vienot1999 : .machado2009
        case .tritan?: return .brettel1997
        case .achromat?: return .achromatopsia
        }
    }

    /// The transform a kernel executes.
    public var transform: ColourTransform {
        // `model` is never `.auto`, the one kind without a simulator.
        guard let d = mode.deficiency, severity > 0, let simulator = model.simulator else { return .identity }
        return simulator.transform(for: d, severity: severity)
    }

    /// Simulates one colour in double precision (the reference path).
    public func simulate(_ c: RGB8) -> RGB8 { transform.apply(c) }

    /// e.g. "deuteranomaly 0.6 (Machado 2009)".
    public var description: String {
        var s = mode.rawValue
        if mode.takesSeverity { s += " " + Self.format(severity) }
        if mode != .normal { s += " (\(model.displayName))" }
        return s
    }

    static func format(_ s: Double) -> String {
        let tenths = (s * 100).rounded() / 100
        return String(tenths)
    }
}
