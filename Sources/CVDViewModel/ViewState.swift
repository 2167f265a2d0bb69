import CVDCore
import Foundation

/// Everything the live view shows, as a value: the pure logic behind the window.
public struct ViewState: Equatable, Sendable {
    public enum Layout: Equatable, Sendable {
        case single
        /// Original left of the divider, simulated right; divider at 0…1 of the width.
        case split
        /// 2×2: normal, protanopia, deuteranopia, tritanopia.
        case quad
    }

    public static let zoomStep = 1.25
    public static let zoomRange = 1.0...8.0
    /// Arrow-key pan, as a fraction of the visible area.
    public static let panStep = 0.1
    public static let quadModes: [VisionMode] = [.normal, .protanopia, .deuteranopia, .tritanopia]
    public static let modelCycle: [ModelKind] = [.auto, .machado2009, .brettel1997, .vienot1999, .colormatrix]

    public var mode: VisionMode
    /// Severity of the -anomaly modes (the -opia modes are always 1).
    public var severity: Double
    public var model: ModelKind
    public var zoom: Double = 1
    /// Centre of the visible area in picture coordinates (0…1).
    public var centre = Point(0.5, 0.5)
    public var layout: Layout = .single
    public var divider: Double = 0.5
    public var frozen = false
    public var helpVisible = false
    public var fullscreen = false

    public init(mode: VisionMode = .normal, severity: Double = VisionMode.defaultAnomalousSeverity,
                model: ModelKind = .auto, fullscreen: Bool = false) {
        self.mode = mode
        self.severity = severity
        self.model = model
        self.fullscreen = fullscreen
    }

    /// Side effects for the window layer; state changes are in `self`.
    public enum Effect: Equatable, Sendable {
        case quit, snapshot, fullscreenChanged
    }

    /// Applies a command; returns the side effect it asks for, if any.
    @discardableResult
    public mutating func apply(_ command: Command) -> Effect? {
        switch command {
        case .setMode(let m): mode = m
        case .severity(let d):
            guard mode.takesSeverity else { return nil }
            severity = min(max(((severity + d) * 10).rounded() / 10, 0.1), 1)
        case .cycleModel:
            let i = Self.modelCycle.firstIndex(of: model) ?? 0
            model = Self.modelCycle[(i + 1) % Self.modelCycle.count]
        case .zoom(let f, let at): zoom(by: f, at: at)
        case .pan(let dx, let dy):
            centre = Point(centre.x + dx / zoom, centre.y + dy / zoom)
            clampCentre()
        case .resetView: zoom = 1; centre = Point(0.5, 0.5)
        case .cycleLayout:
            layout = switch layout { case .single: .split; case .split: .quad; case .quad: .single }
        case .moveDivider(let d): divider = min(max(divider + d, 0), 1)
        case .setDivider(let x): divider = min(max(x, 0), 1)
        case .toggleFreeze: frozen.toggle()
        case .toggleHelp: helpVisible.toggle()
        case .toggleFullscreen: fullscreen.toggle(); return .fullscreenChanged
        case .snapshot: return .snapshot
        case .quit: return .quit
        }
        return nil
    }

    /// Zooms by `factor`, keeping the picture point under `at` (view coordinates, 0…1) in
    /// place; `nil` zooms about the centre of the view.
    mutating func zoom(by factor: Double, at: Point?) {
        let old = zoom
        zoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        if let p = at {
            // Picture point under the pointer before and after must be the same.
            let px = centre.x + (p.x - 0.5) / old, py = centre.y + (p.y - 0.5) / old
            centre = Point(px - (p.x - 0.5) / zoom, py - (p.y - 0.5) / zoom)
        }
        clampCentre()
    }

    private mutating func clampCentre() {
        let half = 0.5 / zoom
        centre = Point(min(max(centre.x, half), 1 - half), min(max(centre.y, half), 1 - half))
    }

    /// The part of the picture that is visible, in picture coordinates (x, y, width, height).
    public var visibleRect: (x: Double, y: Double, w: Double, h: Double) {
        let s = 1 / zoom
        return (centre.x - s / 2, centre.y - s / 2, s, s)
    }

    /// The simulation for the single and split layouts.
    public var simulation: Simulation {
        // Severity is kept within 0…1 by `apply`, so this cannot throw.
        (try? Simulation(mode: mode, severity: severity, model: model)) ?? (try! Simulation(mode: .normal))
    }

    /// The simulations shown, one per pane.
    public var paneSimulations: [Simulation] {
        switch layout {
        case .single, .split: [simulation]
        case .quad: Self.quadModes.map { (try? Simulation(mode: $0, severity: severity, model: model)) ?? simulation }
        }
    }

    /// What the pane renderer draws, one texture each: the panes' simulations, and for the
    /// split layout the original first (left of the divider), then the simulation.
    public var renderedSimulations: [Simulation] {
        if layout == .split, let normal = try? Simulation(mode: .normal) { return [normal, simulation] }
        return paneSimulations
    }

    /// One line for stdout and the window title, e.g. "deuteranomaly 0.6 (Machado 2009) · zoom 2.0× · split".
    public var summary: String {
        var parts = [layout == .quad ? "quad: normal, protanopia, deuteranopia, tritanopia" : simulation.description]
        if zoom > 1.0001 { parts.append(String(format: "zoom %.1f×", zoom)) }
        if layout == .split { parts.append("split") }
        if frozen { parts.append("frozen") }
        return parts.joined(separator: " · ")
    }
}
