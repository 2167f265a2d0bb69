import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// What the state shows: each pane's simulation, and the one-line summary.
extension ViewState {
    /// The simulation for the single and split layouts.
    public var simulation: Simulation { Self.simulation(mode, severity, model) }

    private static func simulation(_ mode: VisionMode, _ severity: Double, _ model: ModelKind) -> Simulation {
        // Severity is kept within 0…1 by `apply`, so this cannot throw.
        (try? Simulation(mode: mode, severity: severity, model: model)) ?? (try! Simulation(mode: .normal))
    }

    /// The simulations shown, one per pane.
    public var paneSimulations: [Simulation] {
        switch layout {
        case .single, .split: [simulation]
        case .quad: quadModes.map { Self.simulation($0, severity, model) }
        case .assist: [Self.simulation(.normal, severity, model), simulation, simulation]
        case .stillLive: [simulation, simulation]
        }
    }

    /// What the pane renderer draws, one texture each: the panes' simulations, and for the
    /// split layout the original first (left of the divider), then the simulation.
    public var renderedSimulations: [Simulation] {
        if showingOriginal, let normal = try? Simulation(mode: .normal) {
            return Array(repeating: normal, count: layout == .split ? 2 : paneSimulations.count)
        }
        if layout == .split, let normal = try? Simulation(mode: .normal) { return [normal, simulation] }
        return paneSimulations
    }

    /// The texture that shows the assisted, then simulated picture (the assist view's third).
    public var assistedTexture: Int? { layout == .assist && !showingOriginal ? 2 : nil }

    /// One line for stdout and the window title, e.g. "deuteranomaly 0.6 (Machado 2009) · zoom 2.0× · split".
    public var summary: String {
        var parts = [
            layout == .quad ? "quad: " + quadModes.map(\.rawValue).joined(separator: ", ") : simulation.description
        ]
        if layout == .assist { parts.append(String(cFormat: "assist %.1f", assistStrength)) }
        if zoom > 1.0001 { parts.append(String(cFormat: "zoom %.1f×", zoom)) }
        if layout == .split { parts.append("split") }
        if layout == .stillLive { parts.append("still | live") }
        if frozen { parts.append("frozen") }
        if whiteBalance != nil { parts.append("balanced on card") }
        return parts.joined(separator: " · ")
    }
}
