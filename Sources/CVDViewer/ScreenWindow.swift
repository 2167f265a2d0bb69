import CVDCore
import CVDSources

/// The view's own window while the screen is the source: hidden while the source takes a
/// picture without it (one monitor), and put back where it was; and Shift+R's wait for the
/// whole monitor's picture, which the view freezes on once it comes, to pick a part of.
struct ScreenWindow {
    /// Where the window was (its client area), while it is hidden for the source.
    private(set) var hiddenAt: PixelRect?
    /// Shift+R: the whole monitor is asked for, and the view freezes once it comes.
    private(set) var awaitingWhole = false

    /// The source wants the window hidden (`wanted`), the window being at `place`: whether
    /// to hide it now; and when it wants it no more, where to show it again (nil: no change).
    mutating func follow(wantsHidden wanted: Bool, place: PixelRect) -> (hide: Bool, showAt: PixelRect?) {
        if wanted, hiddenAt == nil {
            hiddenAt = place
            return (true, nil)
        }
        if !wanted, let back = hiddenAt {
            hiddenAt = nil
            return (false, back)
        }
        return (false, nil)
    }

    /// Shift+R asked for the whole monitor; freeze once it comes.
    mutating func awaitWhole() { awaitingWhole = true }
    /// The pick was cancelled or made: nothing awaited.
    mutating func stopAwaiting() { awaitingWhole = false }

    /// A frame of `size` came: whether to freeze on it now (it is the awaited whole, `whole`).
    mutating func frameTaken(_ size: FrameSize, whole: FrameSize) -> Bool {
        guard awaitingWhole, size == whole else { return false }
        awaitingWhole = false
        return true
    }
}
