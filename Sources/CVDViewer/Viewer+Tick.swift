import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// Each turn of the live view's loop: the newest frame taken, and what changes with time alone.
extension Viewer {
    /// Takes the source's newest frame, if there is one to show; false means quit (a
    /// `--press` key asked for it).
    func takeFrame(startedAt start: Double) -> Bool {
        var running = true
        let now = SystemClock.monotonic
        let holding = state.frozen || state.check == .recoloured
        if let f = take.takeNew(holding: holding, now: now) {
            noteScreenFrame(f)
            drawing.pending.picture = true
            for key in output.probes.frameTaken(at: f.timestamp) where !press(key) { running = false }
            noteDecodedSize(f.size)
            startBalanceIfDue(startedAt: start)
        }
        if take.stillShown(now: now, holding: holding) {
            for key in output.probes.stillShown() where !press(key) { running = false }
        }
        return running
    }

    /// What changes with time alone: the source's status, the figures, notices that expire,
    /// labels that settle, the pointer that hides, the mode cycle; false means quit.
    func tick() -> Bool {
        XServerLoss.endIfLost()
        if take.sourceLink.hear(take.sink.status) { drawing.pending.screen = true }
        let now = SystemClock.monotonic
        if take.stats.update(from: take.sink, now: now), state.statsVisible { drawing.pending.screen = true }
        if take.totalsSignal.take() { reporter.status("so far: " + take.stats.totals.line) }
        followPictureShape(now: now)
        followOwnWindow()
        updateSourceRequest()
        if layout.footerMessage.tick(at: now) { drawing.pending.screen = true }
        let quieter = layout.quiet.tick(at: now)
        if quieter.settled { drawing.pending.screen = true }
        if state.cameraPanelVisible { refreshCameraPanel(now) }
        updateCheck(now: now)
        if quieter.hidePointer { canvas.showPointer(false) }
        if state.cycling, now - layout.lastCycleStep >= options.cycleSeconds ?? Self.defaultCycleSeconds {
            layout.lastCycleStep = now
            _ = apply(.cycleStep)
        }
        return true
    }
}
