import CVDCore

extension ViewState {
    /// Esc closes what is open, the most recent kind first, then leaves full screen; it
    /// never quits (q does): probes, pen strokes and the still would go with the window.
    mutating func applyEscape() -> Effect? {
        if cornerPicks != nil {
            cornerPicks = nil
            notice = Message("corner picking stopped")
        } else if regionPick != nil {
            return applyScreenRegion(.pickScreenRegion)
        } else if helpVisible {
            helpVisible = false
        } else if check != .off {
            applyCheck(.escape)
        } else if picked != nil {
            picked = nil
            notice = Message("confusion map off")
        } else if statsVisible {
            statsVisible = false
        } else if fullscreen {
            fullscreen = false
            return .fullscreenChanged
        } else {
            notice = Message("Esc closes and leaves full screen; q quits")
        }
        return nil
    }
}
