import CEpoxy
import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel
import FoundationEssentials

/// The GL renderer's pane pictures: the source frame goes up as it came (`GLSourceTexture`)
/// and the `kernel` shader simulates each pane's part of it into a texture of the pane's
/// size (`GLKernelPass`) — Y′CbCr → R′G′B′, the EOTF, the model, the OETF and 8-bit
/// quantisation on the GPU, with the confusion stripes and assist. The CPU is left the
/// upload (none on a CPU rasteriser: `GLFramesInPlace`), and the confusion map's share
/// while a colour is picked.
@MainActor
final class GLPanes: PaneBackend {
    private let backend: GLBackend
    private let kernels: PaneKernels
    private(set) var held = PaneTextures()
    private(set) var update = PaneUpdate()
    private let live: GLSourceTexture
    private let still: GLSourceTexture
    private let pass: GLKernelPass
    /// The whole frame simulated for the virtual camera (`simulateWhole`), at its size.
    private var whole: Texture?
    /// Per texture, the confusion table uploaded (which map and frame coordinates).
    private var tables: [Int: (map: ObjectIdentifier, ycbcr: YCbCrEncoding?, texture: GLuint)] = [:]

    init(backend: GLBackend, kernels: PaneKernels) {
        self.backend = backend
        self.kernels = kernels
        live = GLSourceTexture(upload: backend.upload)
        still = GLSourceTexture(upload: .direct)
        pass = GLKernelPass(backend: backend)
    }

    func render(
        _ frame: Frame, _ simulations: [Simulation], regions: PaneRegions, picked: RGB8?,
        assisted: (texture: Int, strength: Double)?, still stillFrame: Frame?, simulated: SimulatedFrame?,
        timing: (StageProfiler.Stage, Double) -> Void
    ) throws(RenderFault) -> [Double?] {
        let key = PaneUpdate.Key(simulations, regions, assisted: assisted, balance: kernels.balance, still: stillFrame)
        let parts = update.begin(frame, picked == nil && regions == held.rendered ? key : nil)
        held.begin(regions, count: simulations.count, destroy: backend.destroy) { s in
            Texture(
                gl: GLTextures.make(width: s.width, height: s.height, storage: GL_RGBA8, format: GL_RGBA),
                size: s)
        }
        var shares: [Double?] = []
        // One fence after the frame's last read of each source, not one per pass — also
        // when a pass throws after others have read it.
        defer {
            live.readsIssued()
            still.readsIssued()
        }
        for (i, sim) in simulations.enumerated() where i < textures.count {
            guard i < regions.regions.count, let box = regions.regions[i] else {
                shares.append(nil)
                continue
            }
            let shownStill = PaneSource.still(for: i, frame, stillFrame)
            let f = shownStill ?? frame
            let source = shownStill == nil ? live : still
            let up = source.hold(f)
            if up > 0 { timing(.upload, up) }
            let t0 = SystemClock.monotonic
            var steps = [ColourShader.transform(kernels.transform(sim))]
            if let a = assisted, a.texture == i {
                steps = [
                    ColourShader.transform(kernels.assistTransform(sim, a.strength)),
                    ColourShader.transform(sim.transform),
                ]
            }
            let map = picked.map { kernels.map($0, sim, f) }
            let cells = map.map { tableTexture(for: i, $0, f) } ?? 0
            // Where only parts of the frame changed since the picture held, only those.
            for b in PaneUpdate.boxes(parts, still: shownStill != nil, reduction: regions.reduction, in: box) {
                try pass.run(
                    into: textures[i], box: b, source: source, reduction: regions.reduction, encoding: f.ycbcr,
                    steps: steps, table: cells, phase: held.phase)
            }
            shares.append(map.flatMap { share($0, f, box.scaled(by: regions.reduction, within: f.size)) })
            timing(.kernel, SystemClock.monotonic - t0)
        }
        if let e = GLBackend.pendingError() { throw e }
        return shares
    }

    /// The virtual camera's picture on the GPU: the frame (uploaded once for this and the
    /// panes) simulated whole into a texture of its size, read back at once (`glReadPixels`
    /// waits for the pass: the camera gets this frame, not the one before) as RGBA, rows
    /// top to bottom as the texture holds them.
    func simulateWhole(_ frame: Frame, _ simulation: Simulation, into out: inout [UInt8]) throws(RenderFault)
        -> FrameLayout?
    {
        let size = frame.size
        if whole?.size != size {
            if let w = whole { backend.destroy(w) }
            whole = Texture(
                gl: GLTextures.make(width: size.width, height: size.height, storage: GL_RGBA8, format: GL_RGBA),
                size: size)
        }
        guard let target = whole else { return nil }
        live.hold(frame)
        try pass.run(
            into: target, box: PixelRect(x: 0, y: 0, width: size.width, height: size.height), source: live,
            encoding: frame.ycbcr,
            steps: [ColourShader.transform(kernels.transform(simulation))], table: 0, phase: 0)
        live.readsIssued()
        let layout = FrameLayout(format: .rgba, width: size.width, height: size.height)
        if out.count != layout.minimumByteCount { out = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        // The pass left its framebuffer bound, `target` attached; rows of 4-byte pixels have
        // no padding at any pack alignment, so `out` (width × height × 4) holds them all.
        out.withUnsafeMutableBytes {
            cvd_glReadPixels(
                0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                $0.baseAddress)
        }
        cvd_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if let e = GLBackend.pendingError() { throw e }
        return layout
    }

    func forgetWhole() {
        if let w = whole { backend.destroy(w) }
        whole = nil
    }

    /// The confusion table of `map` for frames like `f`, as texture `i`'s 3D texture
    /// (uploaded when the map or the frame's coordinates change).
    private func tableTexture(for i: Int, _ map: ConfusionMap, _ f: Frame) -> GLuint {
        let key = (ObjectIdentifier(map), f.layout.format.isYCbCr ? f.ycbcr : nil)
        if let t = tables[i], t.map == key.0, t.ycbcr == key.1 { return t.texture }
        let texture = GLTextures.makeTable(
            map.cells(for: f.layout.format, ycbcr: f.ycbcr), into: tables[i]?.texture ?? 0)
        tables[i] = (key.0, key.1, texture)
        return texture
    }

    /// The share of the part `box` (picture pixels) that `map` marks, counted on the CPU
    /// from the frame — one table lookup per pixel, only while a colour is picked.
    private func share(_ map: ConfusionMap, _ f: Frame, _ box: PixelRect) -> Double? {
        func count(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) -> Double? {
            if let planes = YCbCrPlanes(bytes, layout) {
                let part = planes.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
                return try? map.share(planes: part, ycbcr: f.ycbcr)
            }
            let part = FrameLayout(
                format: layout.format, width: box.width, height: box.height, bytesPerRow: layout.bytesPerRow)
            let offset = box.y * layout.bytesPerRow + box.x * layout.format.bytesPerPixel
            guard offset < bytes.count else { return nil }
            return try? map.share(source: UnsafeRawBufferPointer(rebasing: bytes[offset...]), part, ycbcr: f.ycbcr)
        }
        return f.bytes.withUnsafeBytes { count($0, f.layout) }
    }

    func close() {
        held.removeAll(destroy: backend.destroy)
        forgetWhole()
        for (_, t) in tables {
            var name = t.texture
            cvd_glDeleteTextures(1, &name)
        }
        tables = [:]
        live.close()
        still.close()
        pass.close()
    }
}

extension PixelRect {
    /// The box in picture pixels, from texture pixels `factor` times larger, inside `size`
    /// (its left edge stays even: 4:2:2 and planar frames are read in pairs).
    fileprivate func scaled(by factor: Int, within size: FrameSize) -> PixelRect {
        let x0 = min(x * factor, size.width) & ~1
        let y0 = min(y * factor, size.height)
        return PixelRect(
            x: x0, y: y0, width: max(0, min((x + width) * factor, size.width) - x0),
            height: max(0, min((y + height) * factor, size.height) - y0))
    }
}
