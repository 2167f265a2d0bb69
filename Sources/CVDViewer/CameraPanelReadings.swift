import CVDSources

/// The camera panel's controls (`k`) as last read from the capture thread, and when they
/// were last asked for: asked at once when the panel opens and after a change (to show it
/// as the camera took it), then once a second while it stays open.
struct CameraPanelReadings {
    /// Seconds between reads of the controls while the panel is open.
    static let refresh = 1.0

    /// The controls shown.
    private(set) var shown: [PanelControl] = []
    /// When they were last asked for; nil: ask at the next turn.
    private var askedAt: Double?

    /// The panel opens: nothing shown until the camera answers, which it is asked at once.
    mutating func open() {
        shown = []
        askedAt = nil
    }

    /// A control was changed: read back at the next turn.
    mutating func readBackSoon() { askedAt = nil }

    /// Whether to ask the camera for its controls at `now`; if so, that counts as asked.
    mutating func shouldAsk(now: Double) -> Bool {
        if let askedAt, now - askedAt < Self.refresh { return false }
        askedAt = now
        return true
    }

    /// The controls as the link has them now: whether they differ from those shown (they
    /// are shown from now), and whether this is the first reading since the panel opened.
    mutating func take(_ controls: [PanelControl]) -> (changed: Bool, first: Bool) {
        guard controls != shown else { return (false, false) }
        let first = shown.isEmpty && !controls.isEmpty
        shown = controls
        return (true, first)
    }
}
