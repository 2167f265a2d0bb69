import CVDCore

/// The labels' sizes (`OverlayPlan`): from the window's height and `--ui-scale`, the
/// secondary labels' share, the floors in a band, the check's tags and the pen's stroke.
extension OverlayPlan {
    /// Footer and chip text is this fraction of the label size.
    public static let smallTextScale = 0.75
    /// In a band, a label may be set down to this fraction of its size before it goes
    /// over the picture instead.
    public static let bandFontShare = 0.5

    /// A pen stroke's width for labels of `font` pixels (the check's dashes are 0.8 of it).
    public static func penWidth(_ font: Int) -> Double { max(3, Double(font) * 0.12) }

    /// The check's number tags: the secondary labels' size, but no taller than about a tenth
    /// of the picture's shorter side, so that at a large `--ui-scale` on a small picture a
    /// dozen tags do not hide the material they number.
    static func tagFont(_ small: Int, _ g: ViewGeometry) -> Int {
        let side = min(g.pictureRect.w, g.pictureRect.h)
        return max(BadgeLayout.minimumFont, min(small, Int(side / 14)))
    }

    static func bandFloor(_ size: Int) -> Int { max(BadgeLayout.minimumFont, Int(Double(size) * bandFontShare)) }

    /// The label font size: 1/22 of the window height (of 0.7× that in the 2×2 and assist
    /// layouts, whose panes are smaller), times `--ui-scale`.
    public static func labelFont(_ state: ViewState, window: FrameSize, uiScale: Double) -> Int {
        labelFont(layout: state.layout, window: window, uiScale: uiScale)
    }

    public static func labelFont(layout: ViewState.Layout, window: FrameSize, uiScale: Double) -> Int {
        let h = layout == .quad || layout == .assist ? Int(Double(window.height) * 0.7) : window.height
        return LabelStyle.fontSize(windowHeight: h, uiScale: uiScale)
    }
}
