import CVDCore
import CVDSources

/// The CPU's colour work for the view, shared by whatever needs it: the software panes
/// (every pixel), the virtual camera (its clean picture), and the GL panes (the confusion
/// map's table and share, and the transforms they pass to their shader). Kernels come
/// from a `KernelCache`, which builds Y′CbCr tables in the background where they pay.
@MainActor
final class PaneKernels {
    /// The kernels; a single view's 64 MiB Y′CbCr table only where computing takes a real
    /// share of the frame period (its `TablePolicy`).
    private var kernels: KernelCache
    /// Confusion maps for the picked colour, one per simulation shown (tables built once).
    private var maps: [Simulation: ConfusionMap] = [:]
    private var mapsPicked: RGB8?
    /// The assist view's chained kernel (assist, then simulation), for one simulation and strength.
    private var chained: (Simulation, Double, ChainedKernel)?
    /// The white balance (`w`) folded into every kernel before its simulation; the
    /// confusion maps and the assist's chain are made again when it changes.
    var balance = WhiteBalance.none {
        didSet {
            if balance != oldValue {
                maps = [:]
                chained = nil
            }
        }
    }

    init(alwaysTables: Bool = false) {
        kernels = KernelCache(tables: TablePolicy(always: alwaysTables))
    }

    /// The kernel (and strategy) for `simulation` on frames of this format; a table may be
    /// built only when `mayBuildTable` (one picture shown).
    func prepared(
        for simulation: Simulation, format: PixelFormat, encoding: YCbCrEncoding, mayBuildTable: Bool
    ) -> (kernel: FrameKernel, strategy: FrameKernel.Strategy) {
        kernels.prepared(
            for: simulation, balance: balance, format: format, encoding: encoding, mayBuildTable: mayBuildTable)
    }

    /// The kernel (and strategy) for `simulation` on `frame`; `panes`: how many pictures
    /// the window shows now (a table only for one).
    func kernel(for simulation: Simulation, _ frame: Frame, panes: Int) -> (
        kernel: FrameKernel, strategy: FrameKernel.Strategy
    ) {
        prepared(for: simulation, format: frame.layout.format, encoding: frame.ycbcr, mayBuildTable: panes <= 1)
    }

    /// A frame of the one picture shown was computed in `seconds`: for the `TablePolicy`.
    func computed(_ seconds: Double, frameTimestamp: Double) {
        kernels.computed(seconds, frameTimestamp: frameTimestamp)
    }

    /// What a pane in `simulation` computes: the simulation under the balance.
    func transform(_ simulation: Simulation) -> ColourTransform { simulation.transform.balanced(balance) }

    /// The assist's first step for `simulation` at `strength`: balance and assist in one
    /// matrix (then the simulation, unbalanced, through the screen's 8 bits).
    func assistTransform(_ simulation: Simulation, _ strength: Double) -> ColourTransform {
        Assist.transform(for: simulation, strength: strength).balanced(balance)
    }

    /// The assist view's chained kernel for `simulation` at `strength`.
    func chain(_ simulation: Simulation, _ strength: Double) -> ChainedKernel {
        if let c = chained, c.0 == simulation, c.1 == strength { return c.2 }
        let k = ChainedKernel(first: FrameKernel(assistTransform(simulation, strength)), then: FrameKernel(simulation))
        chained = (simulation, strength, k)
        return k
    }

    /// The confusion map of `picked` under `simulation`, its table built for this frame's
    /// format the first time (tens of ms, once per picked colour and mode).
    func map(_ picked: RGB8, _ simulation: Simulation, _ frame: Frame) -> ConfusionMap {
        if picked != mapsPicked {
            maps = [:]
            mapsPicked = picked
        }
        // The simulation side sees the balanced colours, as the pane does.
        let m = maps[simulation] ?? ConfusionMap(picked: picked, transform: transform(simulation))
        maps[simulation] = m
        if !m.isPrepared(for: frame.layout.format, ycbcr: frame.ycbcr) {
            m.prepare(for: frame.layout.format, ycbcr: frame.ycbcr)
        }
        return m
    }
}
