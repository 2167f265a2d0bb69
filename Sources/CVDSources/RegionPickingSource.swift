import CVDCore

/// A source whose picture is a part of something larger that the teacher can pick in the
/// view (the screen: Shift+R, then a rectangle dragged over a frozen picture of the
/// monitor).
public protocol RegionPickingSource: FrameSource {
    /// The whole's size in pixels (the monitor's).
    var wholeSize: FrameSize { get }
    /// Shows the whole the part is picked from (the monitor), until `choose` or `keepRegion`.
    func showWhole()
    /// Back to the part shown before `showWhole` (picking cancelled).
    func keepRegion()
    /// Shows the part of the whole between the two points (0…1 across the whole, any two
    /// opposite corners), or the whole when nil; returns it in the source's own terms for
    /// scripts ("region 800x600+100+50", as `--region` takes it).
    func choose(_ corners: (x0: Double, y0: Double, x1: Double, y1: Double)?) -> String
}
