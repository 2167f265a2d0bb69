import CVDCore
import CVDSources
import CVDViewModel

/// The overlays over the pictures: laid out (`OverlayPlan`, cached while what they show is
/// the same) and drawn — labels, probes, strokes, the check's dashes, the rectangle being
/// dragged, the help sheet and the camera panel.
extension Viewer {
    /// The overlays for what is drawn now, laid out again only when something they show
    /// changed (most frames change nothing); `same`: nothing did since the last drawing
    /// (the pictures' place, the window, every label).
    func overlayPlan(_ drawn: ViewGeometry?, window: FrameSize) -> (plan: OverlayPlan, same: Bool) {
        let footer =
            layout.footerShown(sourceRunning: take.sourceLink.status == .running, hasFrame: take.frame != nil)
            ? SourceLine.text(
                source: take.source.label, status: take.sourceLink.status, hasFrame: take.frame != nil,
                message: layout.footerMessage.text?.localized
            )
            : nil
        let inputs = OverlayPlan.Inputs(
            geometry: drawn, state: state, window: window, footer: footer, compact: layout.quiet.settled,
            probeReadings: analysis.readout.readings, caption: captionText, legend: legend,
            stats: state.statsVisible ? take.stats.overlayLines : nil, check: analysis.check.input(check: state.check))
        return layout.plan(for: inputs, uiScale: options.uiScale, measure: canvas.text)
    }

    /// The overlays to draw with `plan`: the list drawn last when nothing they show changed
    /// (`same`; the camera panel, whose figures the plan does not hold, is off), else made
    /// again (`overlayList`) and kept. Drawn in parts, every part draws from this one list.
    func overlays(_ plan: OverlayPlan, _ drawn: ViewGeometry?, same: Bool) -> DrawList {
        if same, !state.cameraPanelVisible, !printOverlays, let kept = drawing.overlaysDrawn { return kept }
        let list = overlayList(plan, drawn)
        drawing.overlaysDrawn = list
        return list
    }

    /// The overlays of `plan` over the pictures `drawn`, as both renderers draw them.
    func overlayList(_ plan: OverlayPlan, _ drawn: ViewGeometry?) -> DrawList {
        let window = canvas.backend.outputSize
        if printOverlays { reportOverlays(plan, geometry: drawn) }
        let penWidth = OverlayPlan.penWidth(OverlayPlan.labelFont(state, window: window, uiScale: options.uiScale))
        let sheet =
            state.helpVisible
            ? HelpSheet.layout(
                window: window, uiScale: options.uiScale, screen: state.screenIsSource, measure: canvas.text)
            : state.cameraPanelVisible ? cameraPanelSheet(window) : nil
        return DrawList.overlays(plan, penWidth: penWidth, sheet: sheet)
    }
}
