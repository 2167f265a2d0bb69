import CVDCheck
import CVDCore
import CVDLocale
import CVDSources
import CVDViewModel

/// The check of the material in the live view (`z`), as a stage of the view's frame: hands
/// the frame shown to the check's worker (`LiveCheck`) a few times a second, makes its
/// answers calm (`CheckTracker`), and puts the recoloured still in place of the frame while
/// `z` asks for it. It reads what the view shows and says what changed (`Outcome`), which
/// the view applies: it draws nothing and holds no window.
struct LiveCheckStage {
    /// The worker; its thread runs one check at a time.
    let worker: LiveCheck
    /// The answers as shown (calm: a mark moves only when the material does).
    private(set) var tracker = CheckTracker()
    /// When the last check started, on which frame and modes.
    private var started: (at: Double, frame: Double, modes: [VisionMode])?
    /// The frame the recoloured still replaced, while the still is shown.
    private(set) var frameBeforeRecolour: Frame?

    init(worker: LiveCheck = LiveCheck()) { self.worker = worker }

    /// What a turn changed, for the view to apply.
    struct Outcome {
        /// Show this frame now: the recoloured still, or the frame it replaced, back.
        var picture: Frame?
        /// The marks or words changed: the overlays are drawn again.
        var overlaysChanged = false
        /// The check as shown, for stdout (`checkLine`).
        var line: String?
        /// A notice for the footer.
        var notice: Message?
        /// The check goes back from the recoloured still to the marks.
        var backToMarks = false
        /// Whether a shown pair has a fix (`ViewState.checkHasFix`); nil: unchanged.
        var hasFix: Bool?
    }

    /// One turn of the view's loop at `now`: takes the worker's answer if one came, and
    /// starts a check of `frame` in `simulations` when one is due (at most every
    /// `LiveCheck.interval`; a still picture once per modes).
    mutating func update(
        check asked: ViewState.CheckStage, simulations: [Simulation], frame: Frame?, blendedBorders: Bool, now: Double
    ) -> Outcome {
        var out = Outcome()
        var check = asked
        if let answer = worker.take() { absorb(answer, shown: frame, check: &check, into: &out) }
        if check != .recoloured, let before = frameBeforeRecolour {
            // Back from the recoloured still: the picture it replaced (a still source sends no other).
            frameBeforeRecolour = nil
            out.picture = before
        }
        guard check != .off else {
            if tracker.shown != nil {
                tracker.reset()
                worker.forget()
                started = nil
                out.hasFix = false
                out.overlaysChanged = true
            }
            return out
        }
        guard let f = out.picture ?? frame, frameBeforeRecolour == nil, !worker.isBusy else { return out }
        let modes = simulations.map(\.mode)
        let recolour = check == .recoloured
        if !recolour, let last = started,
            (last.frame == f.timestamp && last.modes == modes) || now - last.at < LiveCheck.interval
        {
            return out
        }
        if worker.start(
            LiveCheck.Job(frame: f, simulations: simulations, recolour: recolour, blendedBorders: blendedBorders))
        {
            started = (now, f.timestamp, modes)
        }
        return out
    }

    /// What the overlays show of the check, while it is on and has an answer.
    func input(check: ViewState.CheckStage) -> OverlayPlan.CheckInput? {
        guard check != .off, let shown = tracker.shown else { return nil }
        return OverlayPlan.CheckInput(
            shown: shown, recoloured: check == .recoloured && frameBeforeRecolour != nil, paper: tracker.paper)
    }

    /// Takes the worker's answer: the marks, or the recoloured still in place of `shown`.
    private mutating func absorb(
        _ answer: LiveCheck.Answer, shown: Frame?, check: inout ViewState.CheckStage, into out: inout Outcome
    ) {
        if let picture = answer.recoloured {
            guard check == .recoloured, frameBeforeRecolour == nil else { return }
            frameBeforeRecolour = shown
            out.picture = picture
            return
        }
        if answer.recolourAsked, check == .recoloured, frameBeforeRecolour == nil {
            // Nothing to recolour any more (the material changed): back to the marks.
            check = .marks
            out.backToMarks = true
            out.notice = Message("nothing to recolour: no pair of colours is at risk now")
        }
        if tracker.update(answer.check, suggestions: answer.suggestions, paper: answer.paper), let shown = tracker.shown
        {
            out.overlaysChanged = true
            out.line = Self.checkLine(shown)
        }
        out.hasFix = tracker.shown?.pairs.contains { $0.suggestion != nil } ?? false
    }

    /// The check as shown, on one line of stdout (English, as the command line speaks):
    /// "check: 1 red ↔ green (deuteranopia: hard to tell apart; instead of green #009E73)".
    static func checkLine(_ shown: CheckTracker.Shown) -> String {
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
