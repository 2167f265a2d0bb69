/// What the view wants of its source's frames, handed over whole (`LatestFrame.request`)
/// and read by the source once before each frame: the view decides, the source obeys.
public struct SourceRequest: Equatable, Sendable {
    /// How much smaller than the source's size the picture may come (1, 2, 4 or 8), because
    /// the view shows it no larger: an MJPEG camera then decodes at a reduced DCT scale.
    public var reduction: Int
    /// Whether Y′CbCr may come as planes as they are (the GL renderer, with nothing on the
    /// CPU that needs packed frames): `FrameDecoder.decode(_:reduction:planar:into:)`.
    public var planar: Bool
    /// Whether nothing would show new frames now (a frozen view; a minimised window with no
    /// virtual camera): the source then hands the camera's frames back undecoded (the
    /// stream keeps going, so a new frame comes one frame period after the view asks again).
    /// Skipped frames are not losses.
    public var paused: Bool

    public init(reduction: Int = 1, planar: Bool = false, paused: Bool = false) {
        self.reduction = max(1, reduction)
        self.planar = planar
        self.paused = paused
    }
}
