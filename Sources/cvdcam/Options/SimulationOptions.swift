import ArgumentParser
import CVDCore

/// `--mode` values: one vision mode, or `all`.
enum VisionModeArgument: ExpressibleByArgument, Equatable {
    case all
    case one(VisionMode)

    init?(argument: String) {
        if argument.lowercased() == "all" { self = .all; return }
        guard let m = VisionMode(rawValue: argument.lowercased()) else { return nil }
        self = .one(m)
    }

    static var allValueStrings: [String] { VisionMode.allCases.map(\.rawValue) + ["all"] }
    var defaultValueDescription: String {
        switch self {
        case .all: "all"
        case .one(let m): m.rawValue
        }
    }

    var modes: [VisionMode] {
        switch self {
        case .all: VisionMode.allCases
        case .one(let m): [m]
        }
    }

    static let helpList = VisionMode.allCases.map(\.rawValue).joined(separator: ", ")
}

/// `--model` values.
struct ModelArgument: ExpressibleByArgument {
    let kind: ModelKind

    init(_ kind: ModelKind) { self.kind = kind }

    init?(argument: String) {
        guard let k = ModelKind(rawValue: argument.lowercased()), ModelKind.selectable.contains(k) else { return nil }
        kind = k
    }

    static var allValueStrings: [String] { ModelKind.selectable.map(\.rawValue) }
    var defaultValueDescription: String { kind.rawValue }
}

/// `--mode`, `--severity`, `--model`, shared by every command that simulates.
struct SimulationOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Vision to simulate: \(VisionModeArgument.helpList), or all (one output per mode).",
        valueName: "mode"))
    var mode: VisionModeArgument

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Severity 0…1 for protanomaly, deuteranomaly and tritanomaly (default 0.6).", valueName: "s"))
    var severity: Double?

    @Option(help: ArgumentHelp(
        "Simulation model: auto, machado2009, brettel1997, vienot1999 or colormatrix.", valueName: "model"))
    var model: ModelArgument = ModelArgument(.auto)

    func validate() throws {
        if let s = severity, !(0...1).contains(s) {
            throw ValidationError("severity \(s) is outside 0…1; use a value such as 0.6")
        }
    }

    /// One simulation per requested mode.
    func simulations() throws -> [Simulation] {
        try mode.modes.map { try Simulation(mode: $0, severity: severity, model: model.kind) }
    }
}
