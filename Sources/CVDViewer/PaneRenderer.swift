import CSDL2
import CVDCore
import CVDSources
import CVDSystem

/// The pane textures: one streaming texture per simulation shown, filled by the colour
/// kernels straight from the source frame. Kernels come from a `KernelCache`, which
/// builds their Y′CbCr tables in the background and computes meanwhile.
@MainActor
final class PaneRenderer {
    private let canvas: Canvas
    /// The textures in use: the first of `pool`, one per simulation shown.
    private(set) var textures: [OpaquePointer] = []
    /// Every texture made for the current frame size. A layout with fewer panes leaves
    /// the rest here for the next one: making four 1080p textures again at every layout
    /// change (and faulting in their fresh memory in the first frame) took 25–40 ms of
    /// that frame (`scripts/soak`).
    private var pool: [OpaquePointer] = []
    private var textureSize = FrameSize(0, 0)
    private var kernels = KernelCache()
    /// Confusion maps for the picked colour, one per simulation shown (tables built once).
    private var maps: [Simulation: ConfusionMap] = [:]
    private var mapsPicked: RGB8?
    /// The assist view's chained kernel (assist, then simulation), for one simulation and strength.
    private var chained: (Simulation, Double, ChainedKernel)?
    /// Advances once per rendered frame: the marking stripes move with the picture.
    private var phase = 0
    /// The white balance (`w`) folded into every kernel before its simulation; the
    /// confusion maps and the assist's chain are made again when it changes.
    var balance = WhiteBalance.none {
        didSet { if balance != oldValue { maps = [:]; chained = nil } }
    }

    init(canvas: Canvas) { self.canvas = canvas }

    /// Runs the kernels for `frame` into one texture per simulation; `kernelTime` gets
    /// each kernel call's seconds. With a `picked` colour, marks in each texture what its
    /// simulation makes look like that colour, and returns the share marked per texture.
    @discardableResult
    func render(_ frame: Frame, _ simulations: [Simulation], picked: RGB8? = nil, assisted: (texture: Int, strength: Double)? = nil,
                kernelTime: (Double) -> Void) -> [Double?] {
        if picked != mapsPicked { maps = [:]; mapsPicked = picked }
        phase += 1
        var shares: [Double?] = []
        let size = frame.size
        var changed = false
        if textureSize != size {
            for t in pool { SDL_DestroyTexture(t) }
            (pool, textureSize, changed) = ([], size, true)
        }
        while pool.count < simulations.count, let t = canvas.makeStreamingTexture(size) { pool.append(t) }
        if changed || textures.count != min(simulations.count, pool.count) { textures = Array(pool.prefix(simulations.count)) }
        for (i, sim) in simulations.enumerated() where i < textures.count {
            let (k, strategy) = kernels.prepared(for: sim, balance: balance, format: frame.layout.format, encoding: frame.ycbcr)
            // The kernel writes straight into the streaming texture's pixels (wraps
            // SDL_LockTexture): no intermediate buffer, no upload copy.
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(textures[i], nil, &pixels, &pitch) == 0, let base = pixels else { continue }
            let t0 = SystemClock.monotonic
            let dl = FrameLayout(format: .bgra, width: size.width, height: size.height, bytesPerRow: Int(pitch))
            frame.bytes.withUnsafeBytes { s in
                // The locked area is `pitch` × height bytes, valid until SDL_UnlockTexture;
                // the layouts come from the same frame size, so apply cannot fail.
                let destination = UnsafeMutableRawBufferPointer(start: base, count: Int(pitch) * size.height)
                if let a = assisted, a.texture == i {
                    // Assisted, then simulated: two passes through the chained kernel's own frame.
                    try? chain(sim, a.strength).apply(source: s, frame.layout, destination: destination, dl, ycbcr: frame.ycbcr)
                    shares.append(nil)
                    return
                }
                try? k.apply(source: s, frame.layout, destination: destination, dl, ycbcr: frame.ycbcr, strategy: strategy)
                shares.append(picked.flatMap { c in
                    try? map(c, sim, frame).mark(source: s, frame.layout, destination: destination, dl, ycbcr: frame.ycbcr, phase: phase)
                })
            }
            kernelTime(SystemClock.monotonic - t0)
            SDL_UnlockTexture(textures[i])
        }
        return shares
    }

    /// The kernel (and strategy) for `simulation` on `frame`, from the same cache the panes
    /// use, so other outputs (the virtual camera) share its tables.
    func kernel(for simulation: Simulation, _ frame: Frame) -> (kernel: FrameKernel, strategy: FrameKernel.Strategy) {
        kernels.prepared(for: simulation, balance: balance, format: frame.layout.format, encoding: frame.ycbcr)
    }

    private func chain(_ sim: Simulation, _ strength: Double) -> ChainedKernel {
        if let c = chained, c.0 == sim, c.1 == strength { return c.2 }
        // Balance, assist (one matrix), then the simulation through the screen's 8 bits.
        let k = ChainedKernel(first: FrameKernel(Assist.transform(for: sim, strength: strength).balanced(balance)), then: FrameKernel(sim))
        chained = (sim, strength, k)
        return k
    }

    /// The confusion map for `simulation`, its table built for this frame's format the
    /// first time (tens of ms, once per picked colour and mode).
    private func map(_ picked: RGB8, _ simulation: Simulation, _ frame: Frame) -> ConfusionMap {
        // The simulation side sees the balanced colours, as the pane does.
        let m = maps[simulation] ?? ConfusionMap(picked: picked, transform: simulation.transform.balanced(balance))
        maps[simulation] = m
        if !m.isPrepared(for: frame.layout.format, ycbcr: frame.ycbcr) { m.prepare(for: frame.layout.format, ycbcr: frame.ycbcr) }
        return m
    }
}
