import CVDCheck
import CVDCore
import CVDSystem

/// The check of the material (`z`): which of the picture's colours each pane's mode
/// confuses, outlined and numbered on the picture with a band that lists them; `z` again
/// shows the picture as it is and recoloured with the suggestions side by side (a still),
/// and once more turns it off.
extension ViewState {
    public enum CheckStage: Equatable, Sendable {
        case off
        /// The pairs at risk outlined, numbered and listed, updated from the live picture.
        case marks
        /// The picture as it was checked, recoloured with the suggestions (a still).
        case recoloured
    }

    /// The modes the check is for: each pane's (the split's simulated side), or, where
    /// every pane shows normal vision, the forms a class has (as `cvdcam check` counts).
    public var checkedSimulations: [Simulation] {
        let shown = layout == .split ? [simulation] : paneSimulations
        var out: [Simulation] = []
        for s in shown where s.mode != .normal && !out.contains(where: { $0.mode == s.mode }) { out.append(s) }
        if !out.isEmpty { return out }
        return MaterialCheck.classForms.compactMap {
            try? Simulation(mode: $0, severity: $0.takesSeverity ? severity : 1, model: model)
        }
    }

    /// `z`: off → marks → recoloured (when the check has a suggestion: `checkHasFix`) → off;
    /// Esc: off.
    mutating func applyCheck(_ command: Command) {
        helpVisible = false
        switch (command, check) {
        case (.escape, _), (_, .recoloured):
            check = .off
            notice = Message("check off")
        case (_, .off):
            check = .marks
            notice = Message("checking the picture: pairs of colours at risk are outlined and numbered")
        case (_, .marks) where checkHasFix:
            check = .recoloured
            notice = Message("left as it is, right recoloured with the suggestions (a still; z: check off)")
        case (_, .marks):
            check = .off
            notice = Message("check off")
        }
    }
}
