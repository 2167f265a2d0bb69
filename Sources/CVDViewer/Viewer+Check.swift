import CVDViewModel

/// The check of the material in the live view (`z`): `LiveCheckStage` does it; the view
/// applies what each turn changed.
extension Viewer {
    func updateCheck(now: Double) {
        let o = analysis.check.update(
            check: state.check, simulations: state.checkedSimulations, frame: take.frame,
            blendedBorders: take.source.blendedBorders,
            now: now)
        if let picture = o.picture {
            take.frame = picture
            drawing.pending.picture = true
        }
        if o.backToMarks { state.check = .marks }
        if let notice = o.notice { say(notice) }
        if o.overlaysChanged { drawing.pending.screen = true }
        if let line = o.line { reporter.status(line) }
        if let fix = o.hasFix { state.checkHasFix = fix }
    }
}
