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
    /// The counts keep to a grid a period apart: a turn of the loop counts from three
    /// quarters of a period after the last grid point (a held camera's frames wake it a
    /// period apart, give or take a few milliseconds: counting a whole period from each
    /// count skipped every early turn, about 20 a second), and the grid never lags `now` by
    /// more than a quarter period, so they come 30 a second; after a pause, afresh.
    mutating func stillShown(at now: Double, isStill: Bool, sendsOnlyChanges: Bool) -> Bool {
        let stays = isStill || (sendsOnlyChanges && now - lastFrameAt >= Self.period)
        let since = now - lastStillShown
        guard stays, since >= 0.75 * Self.period else { return false }
        lastStillShown =
            since < 2 * Self.period ? max(lastStillShown + Self.period, now - 0.25 * Self.period) : now
        return true
    }
}
