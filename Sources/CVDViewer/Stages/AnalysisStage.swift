import CVDSources
import CVDViewModel

/// The second stage of the view's frame: what is read from the picture shown. The colour
/// probes the pointer placed and their readout, the pointer's gesture in progress, and the
/// check of the material (`z`). It holds no window and draws nothing: the layout stage
/// places what it found.
struct AnalysisStage {
    /// The probes' colours and pair verdicts, as last read from the frame.
    var readout = ProbeReadout()
    /// The pointer's press, drag or click in progress.
    var pointer = PointerGesture()
    /// The check of the material (`z`, `Viewer+Check`).
    var check = LiveCheckStage()
}

extension AnalysisStage {
    /// Reads every probe of `state` from `frame` for each simulation shown, as the panes show
    /// them (the assist, the white balance; the still | live layout's first texture from
    /// `still`). No probes, or no frame: no readings.
    mutating func readProbes(_ frame: Frame?, _ state: ViewState, still: Frame?) {
        readout.update(
            frame, probes: state.probes, simulations: state.renderedSimulations,
            assisted: state.assistedTexture.map { ($0, state.assistStrength) }, balance: state.whiteBalance ?? .none,
            still: still)
    }

    /// The readings as stdout's lines, one per simulation shown (the assisted pane's too).
    func probeLines(_ state: ViewState) -> [String] {
        readout.lines(
            simulations: state.renderedSimulations, assistedTexture: state.assistedTexture,
            strength: state.assistStrength)
    }
}
