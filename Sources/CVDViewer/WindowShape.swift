import CVDCore

/// What the viewer keeps to follow the picture's shape with the window (`Viewer+WindowShape`):
/// whether it still does, the picture size it last followed, the size it last asked the
/// window for, and until when a size the window reports is its own doing.
struct WindowShape {
    /// False once the teacher sized the window (`--window`, or by hand).
    var follows: Bool
    /// The shown picture's size (turned, straightened) the window was last shaped for.
    var followed: FrameSize?
    /// The client size cvdcam last asked for.
    var asked: FrameSize?
    /// Until then (monotonic seconds), size changes are answers to cvdcam's own requests
    /// (a reshape, full screen on or off), not the teacher's.
    var settleUntil = 0.0
    /// Until then, the window's frame is checked against the display (the window manager
    /// says how large its borders are only after the window is shown).
    var fitFrameUntil = 0.0
}
