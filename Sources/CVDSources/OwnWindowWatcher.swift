/// A source that reads the screen cvdcam's own window may be on (`cvdcam --screen`): the
/// view tells it where the window is, so that it never shows the window inside itself (a
/// hall of mirrors).
public protocol OwnWindowWatcher: FrameSource {
    /// The window's outer rectangle (its frame included) in the screen's pixels, or nil
    /// when it is hidden or its place is unknown. Called from the view's thread whenever
    /// it changes.
    func ownWindowMoved(x: Int, y: Int, width: Int, height: Int)
    func ownWindowHidden()
}
