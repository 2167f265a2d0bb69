import CSDL2
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The pane textures: one streaming texture per simulation shown, filled by the colour
/// kernels straight from the source frame. Kernels come from a `KernelCache`, which
/// builds their Y′CbCr tables in the background and computes meanwhile.
@MainActor
final class PaneRenderer {
    private let canvas: Canvas
    /// The textures in use: the first of the pool for the current texture size, one per
    /// simulation shown.
    private(set) var textures: [OpaquePointer] = []
    /// Textures by size, the size used last at the end; at most two sizes are kept (the
    /// full and the reduced picture: single ↔ 2×2). A layout with fewer panes leaves the
    /// rest here for the next one: making four 1080p textures again at every layout
    /// change (and faulting in their fresh memory in the first frame) took 25–40 ms of
    /// that frame (`scripts/soak`).
    private var pools: [(size: FrameSize, textures: [OpaquePointer])] = []
    /// What the textures hold: the regions of the last render (nil before the first).
    /// The viewer renders again when the view needs other regions (zoom, pan, layout),
    /// even without a new frame.
    private(set) var rendered: PaneRegions?
    /// The frame reduced for small panes (`FrameReducer`), its buffer reused frame to frame,
    /// and which frame (its timestamp) at which reduction it holds: a zoom, pan or mode change
    /// on the same frame does not reduce it again.
    private var reduced: [UInt8] = []
    private var reducedFrom: (timestamp: Double, reduction: Int)?
    /// The kernels; a single view's 64 MiB Y′CbCr table only where computing takes a real
    /// share of the frame period (its `TablePolicy`).
    private var kernels: KernelCache
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
        didSet {
            if balance != oldValue {
                maps = [:]
                chained = nil
            }
        }
    }

    init(canvas: Canvas, alwaysTables: Bool = false) {
        self.canvas = canvas
        kernels = KernelCache(tables: TablePolicy(always: alwaysTables))
    }

    /// Runs the kernels for `frame` into one texture per simulation, each only over its
    /// part of `regions` (the picture reduced as the view allows), or uploads it from
    /// `simulated` when that holds the same frame in the same simulation at full size;
    /// `timing` gets each kernel call's and upload's seconds. With a `picked` colour, marks in each texture what its
    /// simulation makes look like that colour, and returns the share marked per texture
    /// (of the part filled).
    @discardableResult
    func render(
        _ frame: Frame, _ simulations: [Simulation], regions: PaneRegions, picked: RGB8? = nil,
        assisted: (texture: Int, strength: Double)? = nil, still: Frame? = nil, simulated: SimulatedFrame? = nil,
        timing: (StageProfiler.Stage, Double) -> Void
    ) -> [Double?] {
        if picked != mapsPicked {
            maps = [:]
            mapsPicked = picked
        }
        phase += 1
        let size = regions.textureSize
        useTextures(size, count: simulations.count)
        rendered = regions
        var shares: [Double?] = []
        for (i, sim) in simulations.enumerated() where i < textures.count {
            // The still | live layout: texture 0 shows the still, which the viewer remakes at
            // the live frame's size (`makeStill`); until then, the live frame.
            let sameSize = still.map {
                $0.layout.width == frame.layout.width && $0.layout.height == frame.layout.height
            }
            let showsStill = i == 0 && sameSize == true && still != nil
            let f = showsStill ? still ?? frame : frame
            guard i < regions.regions.count, let box = regions.regions[i] else {
                shares.append(nil)
                continue
            }
            // This frame in this simulation simulated already (the virtual camera's picture):
            // the part shown is uploaded from it, not simulated a second time.
            if !showsStill, picked == nil, assisted?.texture != i, let p = simulated,
                p.matches(frame, sim, balance: balance, reduction: regions.reduction)
            {
                let t0 = SystemClock.monotonic
                p.upload(box, into: textures[i])
                timing(.upload, SystemClock.monotonic - t0)
                shares.append(nil)
                continue
            }
            // The picture the kernels read: the frame itself, or the frame reduced.
            let sl = regions.reduction > 1 ? FrameReducer.layout(of: f.layout, factor: regions.reduction) : f.layout
            if regions.reduction > 1 { reduce(f, regions.reduction, into: sl) }
            // A table (64 MiB) only for the one picture of a single view, and only where
            // computing it costs too much (`KernelCache`, its `TablePolicy`).
            let single = simulations.count == 1
            let (k, strategy) = kernels.prepared(
                for: sim, balance: balance, format: f.layout.format, encoding: f.ycbcr, mayBuildTable: single)
            // The kernel writes straight into the streaming texture's pixels (wraps
            // SDL_LockTexture): no intermediate buffer, no upload copy.
            var pixels: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(textures[i], nil, &pixels, &pitch) == 0, let base = pixels else {
                shares.append(nil)
                continue
            }
            let t0 = SystemClock.monotonic
            // The region, in both pictures: the box lies inside the texture, whose size is
            // the (reduced) source's (`FrameReducer.size`), so both offsets stay inside.
            let part = FrameLayout(format: sl.format, width: box.w, height: box.h, bytesPerRow: sl.bytesPerRow)
            let dl = FrameLayout(format: .bgra, width: box.w, height: box.h, bytesPerRow: Int(pitch))
            let sourceOffset = box.y * sl.bytesPerRow + box.x * sl.format.bytesPerPixel
            let destinationOffset = box.y * Int(pitch) + box.x * 4
            let work = { (whole: UnsafeRawBufferPointer) in
                let s = UnsafeRawBufferPointer(rebasing: whole[sourceOffset...])
                // The locked area is `pitch` × height bytes, valid until SDL_UnlockTexture;
                // the layouts fit both buffers, so apply cannot fail.
                let destination = UnsafeMutableRawBufferPointer(
                    start: base + destinationOffset,
                    count: Int(pitch) * size.height - destinationOffset)
                if let a = assisted, a.texture == i {
                    // Assisted, then simulated: two passes through the chained kernel's own frame.
                    try? self.chain(sim, a.strength).apply(
                        source: s, sourceLayout: part, destination: destination, destinationLayout: dl,
                        ycbcr: f.ycbcr)
                    shares.append(nil)
                    return
                }
                try? k.apply(
                    source: s, sourceLayout: part, destination: destination, destinationLayout: dl, ycbcr: f.ycbcr,
                    strategy: strategy)
                shares.append(
                    picked.flatMap { c in
                        try? self.map(c, sim, f).mark(
                            source: s, part, destination: destination, dl, ycbcr: f.ycbcr,
                            phase: self.phase + box.x + box.y)
                    })
            }
            if regions.reduction > 1 { reduced.withUnsafeBytes(work) } else { f.bytes.withUnsafeBytes(work) }
            let seconds = SystemClock.monotonic - t0
            timing(.kernel, seconds)
            // What a single view's computed frames cost decides whether a table pays. Y′CbCr
            // only (an RGB frame has no table), without the assist's or the map's extra work.
            if single, strategy == .compute, f.layout.format.isYCbCr, assisted == nil, picked == nil {
                kernels.computed(seconds, frameTimestamp: f.timestamp)
            }
            SDL_UnlockTexture(textures[i])
        }
        return shares
    }

    /// Reduces `frame` by `factor` into `reduced` (layout `layout`), unless it holds that
    /// already: a zoom, pan or mode change on the same frame does not reduce it again.
    private func reduce(_ frame: Frame, _ factor: Int, into layout: FrameLayout) {
        let wanted = (timestamp: frame.timestamp, reduction: factor)
        guard reducedFrom.map({ $0 != wanted }) ?? true else { return }
        reducedFrom = wanted
        if reduced.count < layout.minimumByteCount { reduced = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        frame.bytes.withUnsafeBytes { s in
            reduced.withUnsafeMutableBytes { d in
                // `layout` is the reducer's own layout for this frame, in a buffer at least
                // that large: reduce cannot fail.
                try? FrameReducer.reduce(s, frame.layout, factor: factor, into: d, layout)
            }
        }
    }

    /// Makes `textures` the first `count` textures of `size` (as many as SDL makes), from
    /// the pool for that size; nothing is allocated when they are the ones in use already.
    private func useTextures(_ size: FrameSize, count: Int) {
        if let last = pools.last, last.size == size, last.textures.count >= count, textures.count == count { return }
        var entry: (size: FrameSize, textures: [OpaquePointer])
        if let i = pools.firstIndex(where: { $0.size == size }) {
            entry = pools.remove(at: i)
        } else {
            entry = (size, [])
        }
        while entry.textures.count < count, let t = canvas.makeStreamingTexture(size) { entry.textures.append(t) }
        // Back from 2×2 to one pane: the other three textures (8 MiB each at 1080p) go.
        while entry.textures.count > count, let t = entry.textures.popLast() { SDL_DestroyTexture(t) }
        pools.append(entry)
        if pools.count > 2 { for t in pools.removeFirst().textures { SDL_DestroyTexture(t) } }
        textures = Array(entry.textures.prefix(count))
    }

    /// The kernel (and strategy) for `simulation` on `frame`, from the same cache the panes
    /// use, so other outputs (the virtual camera) share its tables; `panes`: how many
    /// pictures the window shows now (a table only for one).
    func kernel(
        for simulation: Simulation, _ frame: Frame, panes: Int
    ) -> (kernel: FrameKernel, strategy: FrameKernel.Strategy) {
        kernels.prepared(
            for: simulation, balance: balance, format: frame.layout.format, encoding: frame.ycbcr,
            mayBuildTable: panes <= 1)
    }

    /// A frame of the one picture shown was computed elsewhere (the virtual camera's
    /// buffer, which the pane then uploads) in `seconds`: for the `TablePolicy`.
    func computed(_ seconds: Double, frameTimestamp: Double) {
        kernels.computed(seconds, frameTimestamp: frameTimestamp)
    }

    private func chain(_ sim: Simulation, _ strength: Double) -> ChainedKernel {
        if let c = chained, c.0 == sim, c.1 == strength { return c.2 }
        // Balance, assist (one matrix), then the simulation through the screen's 8 bits.
        let k = ChainedKernel(
            first: FrameKernel(Assist.transform(for: sim, strength: strength).balanced(balance)), then: FrameKernel(sim)
        )
        chained = (sim, strength, k)
        return k
    }

    /// The confusion map for `simulation`, its table built for this frame's format the
    /// first time (tens of ms, once per picked colour and mode).
    private func map(_ picked: RGB8, _ simulation: Simulation, _ frame: Frame) -> ConfusionMap {
        // The simulation side sees the balanced colours, as the pane does.
        let m = maps[simulation] ?? ConfusionMap(picked: picked, transform: simulation.transform.balanced(balance))
        maps[simulation] = m
        if !m.isPrepared(for: frame.layout.format, ycbcr: frame.ycbcr) {
            m.prepare(for: frame.layout.format, ycbcr: frame.ycbcr)
        }
        return m
    }
}
