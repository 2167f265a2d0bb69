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
    private(set) var textures: [OpaquePointer] = []
    private var textureSize = FrameSize(0, 0)
    private var kernels = KernelCache()

    init(canvas: Canvas) { self.canvas = canvas }

    /// Runs the kernels for `frame` into one texture per simulation; `kernelTime` gets
    /// each kernel call's seconds.
    func render(_ frame: Frame, _ simulations: [Simulation], kernelTime: (Double) -> Void) {
        let size = frame.size
        if textures.count != simulations.count || textureSize != size {
            for t in textures { SDL_DestroyTexture(t) }
            textures = simulations.compactMap { _ in canvas.makeStreamingTexture(size) }
            textureSize = size
        }
        for (i, sim) in simulations.enumerated() where i < textures.count {
            let (k, strategy) = kernels.prepared(for: sim, format: frame.layout.format, encoding: frame.ycbcr)
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
                try? k.apply(source: s, frame.layout, destination: destination, dl, ycbcr: frame.ycbcr, strategy: strategy)
            }
            kernelTime(SystemClock.monotonic - t0)
            SDL_UnlockTexture(textures[i])
        }
    }
}
