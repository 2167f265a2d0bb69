import CVDSources

/// Which picture a pane shows: in the still | live layout texture 0 shows the still, which
/// the viewer remakes at the live frame's size (`StillPicture.fit`); until then, the live frame.
enum PaneSource {
    /// The still that texture `texture` shows instead of `frame`, if any.
    static func still(for texture: Int, _ frame: Frame, _ still: Frame?) -> Frame? {
        guard texture == 0, let still, still.layout.width == frame.layout.width,
            still.layout.height == frame.layout.height
        else { return nil }
        return still
    }
}
