import CVDCore

/// A source that reads the screen cvdcam's own window may be on (`cvdcam --screen`): the
/// view tells it where the window is, so that it never shows the window inside itself (a
/// hall of mirrors).
public protocol OwnWindowWatcher: FrameSource {
    /// The window's outer rectangle (its frame included) in the screen's pixels, or nil
    /// when it is hidden or its place is unknown. Called from the view's thread whenever
    /// it changes.
    func ownWindowMoved(_ place: PixelRect)
    func ownWindowHidden()
    /// The display the window is on (its bounds in the desktop's coordinates, as SDL
    /// gives them), whenever that changes: on Wayland, where a window's own place is not
    /// known, what the portal's screen source goes by.
    func ownWindowDisplay(_ display: PixelRect)
    /// Whether the source needs a picture without the window now (one monitor: Shift+R's
    /// whole monitor, or the window covering what is read): the view hides its window while
    /// this is true, and shows it again after.
    var wantsWindowHidden: Bool { get }
    /// Where the window should go (screen pixels, its frame included), once: at the start,
    /// a monitor not read or the half of one beside what is read; later, aside from a part
    /// picked under it. Nil: where it is.
    func takeWindowPlace() -> PixelRect?
}

extension OwnWindowWatcher {
    public func ownWindowDisplay(_ display: PixelRect) {}
    public var wantsWindowHidden: Bool { false }
    public func takeWindowPlace() -> PixelRect? { nil }
}
