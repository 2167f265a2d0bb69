/// A source with a camera behind it that the view can ask things of (`w`, `n`, the camera
/// panel) through its `CameraLink`: what a camera can do, asked for by what it is able to
/// do rather than what type it is (as `RegionPickingSource`, `OwnWindowWatcher`).
public protocol CameraControlSource: FrameSource {
    /// The hand-over to the capture thread (the same link for the source's whole life).
    var link: CameraLink { get }
}
