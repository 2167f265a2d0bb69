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

/// `--severity` and `--model`, shared by every command that simulates.
struct ModelOptions: ParsableArguments {
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

    /// One simulation per mode.
    func simulations(_ modes: VisionModeArgument) throws -> [Simulation] {
        try modes.modes.map { try Simulation(mode: $0, severity: severity, model: model.kind) }
    }
}

/// `--mode` (required), `--severity`, `--model`: for `convert`.
struct SimulationOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Vision to simulate: \(VisionModeArgument.helpList), or all (one output per mode).", valueName: "mode"))
    var mode: VisionModeArgument

    @OptionGroup var tuning: ModelOptions

    func simulations() throws -> [Simulation] { try tuning.simulations(mode) }
}

/// `--mode` (default normal), `--severity`, `--model`: for the live view and `snapshot`.
struct CameraSimulationOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Vision to simulate: \(VisionModeArgument.helpList) (snapshot: or all).", valueName: "mode"))
    var mode: VisionModeArgument = .one(.normal)

    @OptionGroup var tuning: ModelOptions

    func simulations() throws -> [Simulation] { try tuning.simulations(mode) }
}
