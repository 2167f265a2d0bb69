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
