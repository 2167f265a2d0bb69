import CVDCheck
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The check of the material in the live view (`z`): the frame shown handed to the check's
/// worker a few times a second, its answers made calm (`CheckTracker`) and drawn by the
/// overlays; the recoloured still in place of the frame while `z` asks for it.
extension Viewer {
    func updateCheck(now: Double) {
        if let answer = liveCheck.take() { absorb(answer) }
        if state.check != .recoloured, let before = frameBeforeRecolour {
            // Back from the recoloured still: the picture it replaced (a still source sends no other).
            frameBeforeRecolour = nil
            frame = before
            pictureDirty = true
        }
        guard state.check != .off else {
            if checkTracker.shown != nil {
                checkTracker.reset()
                liveCheck.forget()
                checkStarted = nil
                state.checkHasFix = false
                screenDirty = true
            }
            return
        }
        guard let f = frame, frameBeforeRecolour == nil, !liveCheck.isBusy else { return }
        let sims = state.checkedSimulations
        let modes = sims.map(\.mode)
        let recolour = state.check == .recoloured
        // A new frame (or other modes) at most every `interval`; a still picture once per modes.
        if !recolour, let last = checkStarted,
            (last.frame == f.timestamp && last.modes == modes) || now - last.at < LiveCheck.interval
        {
            return
        }
        if liveCheck.start(LiveCheck.Job(frame: f, simulations: sims, recolour: recolour)) {
            checkStarted = (now, f.timestamp, modes)
        }
    }

    /// What the overlays show of the check, while it is on and has an answer.
    var checkInput: OverlayPlan.CheckInput? {
        guard state.check != .off, let shown = checkTracker.shown else { return nil }
        return OverlayPlan.CheckInput(
            shown: shown, recoloured: state.check == .recoloured && frameBeforeRecolour != nil,
            paper: checkTracker.paper)
    }

    /// Takes the worker's answer: the marks, or the recoloured still.
    func absorb(_ answer: LiveCheck.Answer) {
        if let picture = answer.recoloured {
            guard state.check == .recoloured, frameBeforeRecolour == nil else { return }
            frameBeforeRecolour = frame
            frame = picture
            pictureDirty = true
            return
        }
        if answer.recolourAsked, state.check == .recoloured, frameBeforeRecolour == nil {
            // Nothing to recolour any more (the material changed): back to the marks.
            state.check = .marks
            say(Message("nothing to recolour: no pair of colours is at risk now"))
        }
        if checkTracker.update(answer.check, suggestions: answer.suggestions, paper: answer.paper),
            let shown = checkTracker.shown
        {
            screenDirty = true
            reporter.status(Self.checkLine(shown))
        }
        state.checkHasFix = checkTracker.shown?.pairs.contains { $0.suggestion != nil } ?? false
    }

    /// The check as shown, on one line of stdout (English, as the command line speaks):
    /// "check: 1 red ↔ green (deuteranopia: hard to tell apart; instead of green #009E73)".
    nonisolated static func checkLine(_ shown: CheckTracker.Shown) -> String {
        guard !shown.isSafe else { return "check: safe in " + shown.modes.map(\.rawValue).joined(separator: ", ") }
        return "check: "
            + shown.pairs.map { p in
                let risks = p.risks.map { "\($0.mode.rawValue): \($0.verdict.rawValue)" }.joined(separator: ", ")
                let instead = p.replaced.flatMap { r in
                    p.suggestion.map { "; instead of \(r.name) \($0.colour.hexString)" }
                }
                return "\(p.number) \(p.first.name) ↔ \(p.second.name) (\(risks)\(instead ?? ""))"
            }.joined(separator: " · ")
    }
}
