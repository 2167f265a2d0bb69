import CVDCore
import CVDSystem
import FoundationEssentials

/// The rules behind the keys that change what is simulated: modes (and the 2×2 panes'),
/// severity, model, the divider and the assist's strength, and what stops the mode cycle.
/// Each says in `notice` when its effect would not show by itself.
extension ViewState {
    /// Commands that do not stop the mode cycle: its own step, the pointer moving over
    /// panes, and the caption (part of the show) and the `i` overlay.
    static func keepsCycling(_ c: Command) -> Bool {
        switch c {
        case .cycleStep, .pointAt, .toggleCycle, .holdOriginal(false), .toggleStats: true
        default: false
        }
    }

    /// A mode key: the view's mode, or in the 2×2 layout the pane under the pointer's.
    mutating func choose(_ next: (VisionMode) -> VisionMode) {
        helpVisible = false
        guard layout == .quad else {
            mode = next(mode)
            return
        }
        guard let i = pointerPane, quadModes.indices.contains(i) else {
            notice = Message("2×2 view: point at a pane, then press 1–8 to change its mode")
            return
        }
        quadModes[i] = next(quadModes[i])
        notice = Message("pane %s: %s", .text(String(i + 1)), .term(quadModes[i].displayName))
    }

    mutating func changeSeverity(by d: Double) {
        let shown = layout == .quad ? quadModes : [mode]
        guard shown.contains(where: \.takesSeverity) else {
            notice = Message("severity applies to protanomaly, deuteranomaly and tritanomaly (keys 5, 6, 7)")
            return
        }
        let before = simulation.model
        let old = severity
        severity = min(max(((severity + d) * 10).rounded() / 10, 0.1), 1)
        if severity == old {
            notice = d > 0 ? Message("severity is at its most, 1.0") : Message("severity is at its least, 0.1")
        } else if layout != .quad, simulation.model != before {
            notice = Message(
                "at severity %s the model is %s", .number(severity, places: 1), .term(simulation.model.displayName))
        }
    }

    mutating func cycleModel() {
        let i = Self.modelCycle.firstIndex(of: model) ?? 0
        model = Self.modelCycle[(i + 1) % Self.modelCycle.count]
        let shown = layout == .quad ? quadModes : [mode]
        if !shown.contains(where: { $0.deficiency != nil && $0.deficiency != .achromat }) {
            notice = Message(
                "model %s — it applies to the colour-deficient modes (2–7)", .term(model.displayName))
        } else if model == .auto {
            notice = Message("model auto: Viénot 1999 for -opia, Machado 2009 for -anomaly, Brettel 1997 for tritan")
        }
    }

    mutating func changeAssistStrength(by d: Double) {
        let old = assistStrength
        assistStrength = min(max(((assistStrength + d) * 10).rounded() / 10, 0.1), 1)
        notice =
            assistStrength == old
            ? (old >= 1
                ? Message("assist strength is at its most, 1.0") : Message("assist strength is at its least, 0.1"))
            : Assist.helps(for: simulation, strength: assistStrength)
                ? Message("assist strength %s", .number(assistStrength, places: 1))
                : Message("assist strength %s — it does not help here", .number(assistStrength, places: 1))
    }

    mutating func moveDivider(_ to: (Double) -> Double) {
        guard layout == .split else {
            notice = Message("the divider is in the split view (v)")
            return
        }
        divider = min(max(to(divider), 0), 1)
    }
}
