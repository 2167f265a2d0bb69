import CSDL2
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The software renderer's pane pictures: one streaming texture per simulation shown,
/// filled by the CPU colour kernels straight from the source frame (or its reduction).
@MainActor
final class SoftwarePanes: PaneBackend {
    private let backend: SoftwareBackend
    private let kernels: PaneKernels
    private(set) var held = PaneTextures()
    private var reduced = ReducedFrame()
    private(set) var update = PaneUpdate()

    init(backend: SoftwareBackend, kernels: PaneKernels) {
        self.backend = backend
        self.kernels = kernels
    }

    func render(
        _ frame: Frame, _ simulations: [Simulation], regions: PaneRegions, picked: RGB8?,
        assisted: (texture: Int, strength: Double)?, still: Frame?, simulated: SimulatedFrame?,
        timing: (StageProfiler.Stage, Double) -> Void
    ) throws(RenderFault) -> [Double?] {
        // Planar frames (sent for the GL renderer) still on their way after a change of
        // renderer, packed for the CPU kernels' region reads.
        let frame = frame.packed()
        let still = still?.packed()
        let key = PaneUpdate.Key(simulations, regions, assisted: assisted, balance: kernels.balance, still: still)
        let partial = backend.isSDLSoftware && picked == nil && simulated == nil && regions == held.rendered
        let parts = update.begin(frame, partial ? key : nil)
        held.begin(regions, count: simulations.count, destroy: backend.destroy) { backend.makeStreamingTexture($0) }
        var shares: [Double?] = []
        for (i, sim) in simulations.enumerated() where i < textures.count {
            let shownStill = PaneSource.still(for: i, frame, still)
            let f = shownStill ?? frame
            guard i < regions.regions.count, let box = regions.regions[i] else {
                shares.append(nil)
                continue
            }
            // This frame in this simulation simulated already (the virtual camera's picture):
            // the part shown is uploaded from it, not simulated a second time.
            if shownStill == nil, picked == nil, assisted?.texture != i, let p = simulated,
                p.matches(frame, sim, balance: kernels.balance, reduction: regions.reduction),
                let t = textures[i].sdl
            {
                let t0 = SystemClock.monotonic
                p.upload(box, into: t)
                timing(.upload, SystemClock.monotonic - t0)
                shares.append(nil)
                continue
            }
            let t0 = SystemClock.monotonic
            // Where only parts of the frame changed since the picture held, only those.
            var share: Double?
            for b in PaneUpdate.boxes(parts, still: shownStill != nil, reduction: regions.reduction, in: box) {
                share =
                    regions.reduction > 1
                    ? reduced.with(f, regions.reduction) { fill(i, sim, f, $0, $1, b, picked, assisted) }
                    : f.bytes.withUnsafeBytes { fill(i, sim, f, $0, f.layout, b, picked, assisted) }
            }
            shares.append(share)
            timing(.kernel, SystemClock.monotonic - t0)
        }
        return shares
    }

    /// The CPU's kernels simulate the virtual camera's picture (`VirtualCameraOutput`), and
    /// these panes upload it: nothing to do here.
    func simulateWhole(_ frame: Frame, _ simulation: Simulation, into out: inout [UInt8]) -> FrameLayout? { nil }

    func forgetWhole() {}

    /// Simulates the part `box` of `source` (the pane's picture, `sl` its layout) into
    /// texture `i`; returns the confusable share with a `picked` colour.
    private func fill(
        _ i: Int, _ sim: Simulation, _ f: Frame, _ source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        _ box: PixelRect, _ picked: RGB8?, _ assisted: (texture: Int, strength: Double)?
    ) -> Double? {
        // A table (64 MiB) only for the one picture of a single view, and only where
        // computing it costs too much (`PaneKernels`, its `TablePolicy`).
        let single = textures.count == 1
        let (k, strategy) = kernels.prepared(
            for: sim, format: f.layout.format, encoding: f.ycbcr, mayBuildTable: single)
        // The kernel writes straight into the streaming texture's pixels (wraps
        // SDL_LockTexture): no intermediate buffer, no upload copy.
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard let t = textures[i].sdl, SDL_LockTexture(t, nil, &pixels, &pitch) == 0, let base = pixels else {
            return nil
        }
        defer { SDL_UnlockTexture(t) }
        let t0 = SystemClock.monotonic
        // The region, in both pictures: the box lies inside the texture, whose size is the
        // (reduced) source's (`FrameReducer.size`), so both offsets stay inside.
        let part = FrameLayout(format: sl.format, width: box.width, height: box.height, bytesPerRow: sl.bytesPerRow)
        let dl = FrameLayout(format: .bgra, width: box.width, height: box.height, bytesPerRow: Int(pitch))
        let s = UnsafeRawBufferPointer(rebasing: source[(box.y * sl.bytesPerRow + box.x * sl.format.bytesPerPixel)...])
        let destinationOffset = box.y * Int(pitch) + box.x * 4
        // The locked area is `pitch` × height bytes, valid until SDL_UnlockTexture; the
        // layouts fit both buffers, so apply cannot fail.
        let destination = UnsafeMutableRawBufferPointer(
            start: base + destinationOffset, count: Int(pitch) * textures[i].size.height - destinationOffset)
        if let a = assisted, a.texture == i {
            // Assisted, then simulated: two passes through the chained kernel's own frame.
            try? kernels.chain(sim, a.strength).apply(
                source: s, sourceLayout: part, destination: destination, destinationLayout: dl, ycbcr: f.ycbcr)
            return nil
        }
        try? k.apply(
            source: s, sourceLayout: part, destination: destination, destinationLayout: dl, ycbcr: f.ycbcr,
            strategy: strategy)
        // What a single view's computed frames cost decides whether a table pays. Y′CbCr
        // only (an RGB frame has no table), without the assist's or the map's extra work.
        if single, strategy == .compute, f.layout.format.isYCbCr, assisted == nil, picked == nil {
            kernels.computed(SystemClock.monotonic - t0, frameTimestamp: f.timestamp)
        }
        return picked.flatMap { c in
            try? kernels.map(c, sim, f).mark(
                source: s, part, destination: destination, dl, ycbcr: f.ycbcr, phase: held.phase + box.x + box.y)
        }
    }

    func close() {
        held.removeAll(destroy: backend.destroy)
    }
}
