import ArgumentParser
import CVDCore
import CVDSystem
import FoundationEssentials

/// `--mode` values: one vision mode, or `all`. Besides the modes' names, the short names
/// people use work too: protan, deutan, tritan (the -opia forms), achroma.
enum VisionModeArgument: Equatable {
    case all
    case one(VisionMode)
    /// Several, as `check --mode protan,deutan` takes them.
    case some([VisionMode])

    static let aliases: [(String, VisionMode)] = [
        ("protan", .protanopia), ("deutan", .deuteranopia), ("tritan", .tritanopia),
        ("achroma", .achromatopsia), ("achromat", .achromatopsia),
    ]

    /// One mode by name or alias, case-insensitive, or by the number of its key in the live
    /// view (1 normal … 8 achromatopsia: `3` is deuteranopia, as the key 3).
    static func mode(_ text: String) -> VisionMode? {
        let t = text.lowercased().trimmed
        if let n = Int(t), VisionMode.allCases.indices.contains(n - 1) { return VisionMode.allCases[n - 1] }
        return VisionMode(rawValue: t) ?? aliases.first { $0.0 == t }?.1
    }

    /// `--mode` for commands that write one file per mode with `all`.
    static func parse(_ text: String) throws -> VisionModeArgument {
        if text.lowercased() == "all" { return .all }
        guard let m = mode(text) else { throw ValidationError(unknown(text, all: true)) }
        return .one(m)
    }

    /// `--mode` for `check`: one mode, several separated by commas, or all.
    static func parseList(_ text: String) throws -> VisionModeArgument {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return try parse(text) }
        var modes: [VisionMode] = []
        for part in parts {
            if part.lowercased().trimmed == "all" {
                throw ValidationError("'all' stands alone (--mode all), not in a list of modes such as '\(text)'")
            }
            guard let m = mode(part) else { throw ValidationError(unknown(part, all: true)) }
            if !modes.contains(m) { modes.append(m) }
        }
        return .some(modes)
    }

    /// `--mode` for the live view: one mode.
    static func parseOne(_ text: String) throws -> VisionMode {
        if text.lowercased() == "all" {
            throw ValidationError("the live view shows one mode at a time; press v for the 2×2 layout, or use --quad")
        }
        guard let m = mode(text) else { throw ValidationError(unknown(text, all: false)) }
        return m
    }

    /// The transform of an option that takes modes separated by commas for the live view
    /// (`--quad`, `--cycle-modes`): `count` of them where given, else at least one; `form`
    /// says what the option takes otherwise.
    static func sequence(count: Int? = nil, form: String) -> @Sendable (String) throws -> [VisionMode] {
        { text in
            let names = text.split(separator: ",").map(String.init)
            guard count.map({ names.count == $0 }) ?? !names.isEmpty else { throw ValidationError(form) }
            return try names.map(parseOne)
        }
    }

    static func unknown(_ text: String, all: Bool) -> String {
        let known = VisionMode.allCases.map(\.rawValue) + aliases.map(\.0) + (all ? ["all"] : [])
        return
            "unknown mode '\(text)'\(Suggestion.clause(text, among: known)); choose \(helpList)\(all ? ", or all" : "") (or protan, deutan, tritan, achroma, or the number 1–8 of its key)"
    }

    /// `--mode` for the virtual camera: one mode.
    static func parseSingle(_ text: String) throws -> VisionModeArgument {
        if text.lowercased() == "all" { throw ValidationError("a virtual camera sends one mode; pick one with --mode") }
        guard let m = mode(text) else { throw ValidationError(unknown(text, all: false)) }
        return .one(m)
    }

    var modes: [VisionMode] {
        switch self {
        case .all: VisionMode.allCases
        case .one(let m): [m]
        case .some(let ms): ms
        }
    }

    static let helpList = VisionMode.allCases.map(\.rawValue).joined(separator: ", ")
}

/// `--model` values, by name or a short name (machado, brettel, vienot or viénot, ios).
struct ModelArgument {
    let kind: ModelKind

    init(_ kind: ModelKind) { self.kind = kind }

    static let aliases: [(String, ModelKind)] = [
        ("machado", .machado2009), ("brettel", .brettel1997), ("vienot", .vienot1999),
        ("viénot", .vienot1999), ("viénot1999", .vienot1999), ("ios", .colormatrix),
    ]

    /// The models as `--model`'s help names them: "auto (default), machado2009, … or colormatrix".
    static var helpList: String {
        let names = ModelKind.selectable.map { $0 == .auto ? "auto (default)" : $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The models as the main help describes them, auto's rule and the iOS matrices' caveat with them.
    static var described: String {
        ModelKind.selectable.map { k in
            switch k {
            case .auto:
                "auto (default: Viénot 1999 for protanopia/deuteranopia, Machado 2009 for the milder forms, "
                    + "Brettel 1997 for tritan)"
            case .colormatrix: "colormatrix (the original iOS app's inaccurate gamma-space matrices, for comparison)"
            default: k.rawValue
            }
        }.joined(separator: ", ")
    }

    static func parse(_ text: String) throws -> ModelArgument {
        let t = text.lowercased()
        if let k = ModelKind(rawValue: t), ModelKind.selectable.contains(k) { return ModelArgument(k) }
        if let k = aliases.first(where: { $0.0 == t })?.1 { return ModelArgument(k) }
        let known = ModelKind.selectable.map(\.rawValue) + aliases.map(\.0)
        throw ValidationError(
            "unknown model '\(text)'\(Suggestion.clause(text, among: known)); choose "
                + ModelKind.selectable.map(\.rawValue).joined(separator: ", "))
    }
}

/// `--severity` and `--model`, shared by every command that simulates.
struct ModelOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Severity 0…1 for protanomaly, deuteranomaly and tritanomaly (default 0.6).", valueName: "s"))
    var severity: Double?

    @Option(
        help: ArgumentHelp(
            "Simulation model: \(ModelArgument.helpList).", valueName: "model"),
        transform: ModelArgument.parse)
    var model: ModelArgument = ModelArgument(.auto)

    func validate() throws {
        if let s = severity, !(0...1).contains(s) {
            throw ValidationError("severity \(s) is outside 0…1; use a value such as 0.6")
        }
    }

    /// One simulation per mode. A `--severity` or `--model` that none of them uses is said
    /// in a warning line (`-m deuteranopia -s 0.3`: the full form has no severity), not
    /// dropped without a word.
    func simulations(_ modes: VisionModeArgument) throws -> [Simulation] {
        let sims = try modes.modes.map { try Simulation(mode: $0, severity: severity, model: model.kind) }
        let names = sims.map(\.mode.rawValue).joined(separator: ", ")
        if let s = severity, !sims.contains(where: \.mode.takesSeverity) {
            StderrCapture.write(
                "cvdcam: warning: --severity \(s) is not used: \(names) takes none "
                    + "(only protanomaly, deuteranomaly and tritanomaly do)\n")
        }
        let modelled = sims.filter { $0.mode != .normal }
        if model.kind != .auto, !modelled.contains(where: { $0.model == model.kind }) {
            let used = Set(modelled.map(\.model.displayName)).sorted().joined(separator: ", ")
            StderrCapture.write(
                "cvdcam: warning: --model \(model.kind.rawValue) is not used: "
                    + (modelled.isEmpty
                        ? "normal vision is not simulated"
                        : "\(names) \(modelled.count == 1 ? "is" : "are") simulated with \(used)")
                    + "\n")
        }
        return sims
    }
}

/// `--mode` (required), `--severity`, `--model`: for `convert`.
struct SimulationOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Vision to simulate: \(VisionModeArgument.helpList), or all (one output per mode).", valueName: "mode"),
        transform: VisionModeArgument.parse)
    var mode: VisionModeArgument

    @OptionGroup var tuning: ModelOptions
}

/// What `convert`, `scene`, `snapshot` and `relay` simulate: `--mode` and the model options.
protocol SimulationChoice {
    var mode: VisionModeArgument { get }
    var tuning: ModelOptions { get }
}

extension SimulationChoice {
    /// One simulation per mode (`--mode all`: every mode).
    func simulations() throws -> [Simulation] { try tuning.simulations(mode) }
}

extension SimulationOptions: SimulationChoice {}
extension CameraSimulationOptions: SimulationChoice {}
extension RelaySimulationOptions: SimulationChoice {}

/// `--mode` (one; default normal), `--severity`, `--model`: for `relay`, which sends one mode.
struct RelaySimulationOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Vision to send: \(VisionModeArgument.helpList) (default normal).", valueName: "mode"),
        transform: VisionModeArgument.parseSingle)
    var mode: VisionModeArgument = .one(.normal)

    @OptionGroup var tuning: ModelOptions
}

/// `--mode` (default normal, or all), `--severity`, `--model`: for `snapshot` and `relay`.
struct CameraSimulationOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Vision to simulate: \(VisionModeArgument.helpList), or all (one output per mode; default normal).",
            valueName: "mode"),
        transform: VisionModeArgument.parse)
    var mode: VisionModeArgument = .one(.normal)

    @OptionGroup var tuning: ModelOptions
}

/// `--mode` (one; default normal), `--severity`, `--model`, `--quad`: for the live view.
struct ViewSimulationOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Vision to show: \(VisionModeArgument.helpList) (default normal).", valueName: "mode"),
        transform: VisionModeArgument.parseOne)
    var mode: VisionMode = .normal

    @OptionGroup var tuning: ModelOptions

    @Option(
        help: ArgumentHelp(
            "The 2×2 layout's four modes, left to right, top to bottom (default normal,protanopia,deuteranopia,tritanopia).",
            valueName: "m,m,m,m"),
        transform: VisionModeArgument.sequence(
            count: 4,
            form: "--quad takes four modes separated by commas, e.g. normal,protanomaly,deuteranomaly,tritanomaly"))
    var quad: [VisionMode]?
}
