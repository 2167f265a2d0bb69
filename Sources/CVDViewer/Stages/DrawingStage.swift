/// The last stage of the view's frame: the pictures made for the window and sent out. The
/// CPU's kernels, the renderer's pane pictures, the virtual camera, and what must be done
/// again: the simulation (`pictureDirty`) or only the drawing (`screenDirty`).
struct DrawingStage {
    /// The CPU's kernels (the software panes', the virtual camera's, the confusion maps').
    let kernels: PaneKernels
    /// The renderer's pane pictures (made again when the renderer changes).
    var panes: any PaneBackend
    /// Where the simulated picture is sent out (`v4l2loopback`), when it is on.
    let virtualCamera: VirtualCameraOutput
    /// The frame must be simulated into the panes again (a new frame, a new mode, a zoom).
    var pictureDirty = true
    /// The window must be drawn again (anything shown changed).
    var screenDirty = true
}
