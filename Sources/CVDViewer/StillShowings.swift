/// When frames came, for what counts frames by the clock: a still picture (a picture file,
/// a frozen screen that sends nothing new, a picture the view holds) counts as shown again
/// each camera frame period the loop turns in (every period while a script waits:
/// `Viewer.scriptWait`), so `--press KEY@N` and `--screenshot-after N` count its frames
/// as a camera's (`RunProbes.stillShown`).
struct StillShowings {
    /// How often a still picture counts as shown again: a camera's frame period at 30 fps.
    static let period = 1.0 / 30
    /// When the view last took a new frame.
    private(set) var lastFrameAt: Double
    /// When a still picture last counted as shown.
    private var lastStillShown = -Double.infinity

    init(now: Double) { lastFrameAt = now }

    /// A new frame was taken at `now`.
    mutating func taken(at now: Double) { lastFrameAt = now }

    /// Whether the picture shown counts as shown again at `now` (it does so as shown): a
    /// still source's always, once a period; a source that sends only changes (the screen)
    /// once it has sent nothing for a period; another, never (its frames count themselves).
    mutating func stillShown(at now: Double, isStill: Bool, sendsOnlyChanges: Bool) -> Bool {
        let stays = isStill || (sendsOnlyChanges && now - lastFrameAt >= Self.period)
        guard stays, now - lastStillShown >= Self.period else { return false }
        lastStillShown = now
        return true
    }
}
