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
        // The footer fades once the view has settled, unless it has news (a message, a
        // lost or busy camera, no picture yet).
        let footerNeeded = !quiet.settled || footerMessage.text != nil || sourceLink.status != .running || frame == nil
        let footer =
            footerNeeded
            ? SourceLine.text(
                source: source.label, status: sourceLink.status, hasFrame: frame != nil,
                message: footerMessage.text?.localized
            )
            : nil
        let inputs = OverlayInputs(
            geometry: drawn, state: state, window: window, footer: footer, compact: quiet.settled,
            readings: readout.readings, caption: captionText, legend: legend?.text, legendColour: legend?.colour,
            stats: state.statsVisible ? stats.overlayLines : nil, check: check.input(check: state.check))
        if let cached = planCache, cached.inputs == inputs { return (cached.plan, true) }
        let plan = OverlayPlan(
            geometry: drawn, simulations: state.renderedSimulations, state: state, window: window,
            uiScale: options.uiScale, footer: footer, compact: quiet.settled,
            probeReadings: readout.readings, caption: captionText, legend: legend,
            stats: state.statsVisible ? stats.overlayLines : nil, check: check.input(check: state.check),
            measure: canvas.text)
        planCache = (inputs, plan)
        return (plan, false)
    }

    /// The overlays of `plan` over the pictures `drawn`, as both renderers draw them: made
    /// once per drawing (drawn in parts, every part draws the same list).
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
