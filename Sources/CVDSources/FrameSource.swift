import CVDCore

/// Something that publishes frames into a `LatestFrame` from its own thread.
public protocol FrameSource: AnyObject, Sendable {
    /// Shown on screen and printed: "built-in test scene", "image photo.png", a camera name.
    var name: String { get }
    /// The size of the frames it publishes (before the first one: the size it will have).
    var size: FrameSize { get }
    /// A still picture, published once: nothing new will come after the first frame.
    var isStill: Bool { get }
    /// Publishes only when its picture changes (the screen): a while without a frame is a
    /// picture that stays, not a source that stalled.
    var sendsOnlyChanges: Bool { get }
    /// Which source this is, for what is remembered per source (a camera's name and bus,
    /// a picture's path): stable across runs.
    var identity: String { get }
    func start(into sink: LatestFrame)
    func stop()
}

extension FrameSource {
    public var isStill: Bool { false }
    public var sendsOnlyChanges: Bool { false }
    public var identity: String { name }
}
