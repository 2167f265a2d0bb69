import CVDCore

/// Something that publishes frames into a `LatestFrame` from its own thread.
public protocol FrameSource: AnyObject, Sendable {
    /// Printed: "built-in test scene", "image photo.png", a camera name.
    var name: String { get }
    /// The name as the window says it, every word in the window's language ("Bild
    /// photo.png"; a camera's name as it is).
    var label: Message { get }
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
    /// Its picture's borders between colours are lines of blends: a JPEG file's (lossy
    /// compression), a camera's frames (the lens's blur, the chroma at half the resolution).
    /// The check (`z`) takes them for borders, as `cvdcam check` does for a JPEG file.
    var blendedBorders: Bool { get }
    func start(into sink: LatestFrame)
    func stop()
}

extension FrameSource {
    /// The name as a term (a name cvdcam gave is translated; a camera's stays as it is); the
    /// screen's names ("monitor HDMI-1", "region 800x600+0+0": ScreenChoice) with their word
    /// translated.
    public var label: Message {
        if self is RegionPickingSource {
            if name.hasPrefix("monitor ") { return Message("monitor %s", .text(String(name.dropFirst(8)))) }
            if name.hasPrefix("region ") { return Message("region %s", .text(String(name.dropFirst(7)))) }
        }
        return Message(term: name)
    }
    public var isStill: Bool { false }
    public var sendsOnlyChanges: Bool { false }
    public var identity: String { name }
    public var blendedBorders: Bool { false }
}
