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
        if let f = sink.takeNew(), (!state.frozen && state.check != .recoloured) || frame == nil {
            frame = f
            stillShowings.taken(at: SystemClock.monotonic)
            noteScreenFrame(f)
            _ = still.fit(to: f.size)
            pictureDirty = true
            for key in probes.frameTaken(at: f.timestamp) where !press(key) { running = false }
            stats.taken(f)
            noteDecodedSize(f.size)
            startBalanceIfDue(startedAt: start)
        }
        // A source that sends only changes (the screen) counts the same while it sends none.
        if frame != nil,
            stillShowings.stillShown(
                at: SystemClock.monotonic, isStill: source.isStill, sendsOnlyChanges: source.sendsOnlyChanges)
        {
            for key in probes.stillShown() where !press(key) { running = false }
        }
        return running
    }

    /// What changes with time alone: the source's status, the figures, notices that expire,
    /// labels that settle, the pointer that hides, the mode cycle; false means quit.
    func tick() -> Bool {
        XServerLoss.endIfLost()
        if sourceLink.hear(sink.status) { screenDirty = true }
        let now = SystemClock.monotonic
        if stats.update(from: sink, now: now), state.statsVisible { screenDirty = true }
        if totalsSignal.take() { reporter.status("so far: " + stats.totals.line) }
        followPictureShape(now: now)
        followOwnWindow()
        updateSourceRequest()
        if footerMessage.tick(at: now) { screenDirty = true }
        let quieter = quiet.tick(at: now)
        if quieter.settled { screenDirty = true }
        if state.cameraPanelVisible { refreshCameraPanel(now) }
        updateCheck(now: now)
        if quieter.hidePointer { canvas.showPointer(false) }
        if state.cycling, now - lastCycleStep >= options.cycleSeconds ?? Self.defaultCycleSeconds {
            lastCycleStep = now
            _ = apply(.cycleStep)
        }
        return true
    }
}
