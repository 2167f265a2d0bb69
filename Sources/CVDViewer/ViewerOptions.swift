import CVDCore

/// What the command line asked of the live view.
public struct ViewerOptions: Sendable {
    public var mode: VisionMode = .normal
    public var severity: Double = VisionMode.defaultAnomalousSeverity
    public var model: ModelKind = .auto
    public var fullscreen = false
    public var uiScale = 1.0
    /// Window size; nil: the picture's size, limited to the screen.
    public var windowSize: (Int, Int)?
    /// Where `s` writes snapshots.
    public var snapshotDirectory = "."
    /// Free-running benchmark: process this many frames, print figures, exit.
    public var benchmarkFrames: Int?
    /// Scripted screenshot: write the screen to this file after `screenshotAfterFrames`
    /// frames from the source, then quit.
    public var screenshotPath: String?
    public var screenshotAfterFrames = 10

    public init() {}
}
