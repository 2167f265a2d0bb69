import CVDCore
import CVDSources
import CVDViewModel

/// A whole frame already simulated into BGRA at its full size — the virtual camera's
/// clean picture — which a pane showing the same simulation of the same frame at full
/// size uploads (one copy: `SoftwarePanes`, `SimulatedFrame+Upload`) instead of running the
/// kernel again.
/// Holds the pixels by reference (copy-on-write): no copy is made to pass it around, and
/// none when the virtual camera writes its next picture after the panes are drawn.
struct SimulatedFrame {
    let timestamp: Double
    let simulation: Simulation
    let balance: WhiteBalance
    let pixels: [UInt8]
    let layout: FrameLayout

    /// Whether this is `frame` in `simulation` under `balance`, and a pane at `reduction`
    /// shows it at its full size.
    func matches(_ frame: Frame, _ simulation: Simulation, balance: WhiteBalance, reduction: Int) -> Bool {
        layout.format == .bgra && reduction == 1 && frame.timestamp == timestamp && simulation == self.simulation
            && balance == self.balance
            && frame.layout.width == layout.width && frame.layout.height == layout.height
            && pixels.count >= layout.minimumByteCount
    }
}
