/// What a source says about itself, for the on-screen source line.
public enum SourceStatus: Equatable, Sendable {
    case running
    /// The camera went away; the view keeps the last frame and says so. The text names
    /// the device (or what went wrong).
    case disconnected(String)
    /// The source could not be used; the text says why (e.g. the camera is busy).
    case failed(String)
    /// The source runs, and the teacher should know something about what it shows (a
    /// sentence cvdcam wrote: the test scene shown for want of a camera, a damaged picture,
    /// cvdcam's own window hatched on the screen it reads, the desktop's dialog awaited).
    case notice(String)
}
