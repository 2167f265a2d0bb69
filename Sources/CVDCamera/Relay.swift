import CVDCapture
import CVDCore
import CVDSources
import CVDSystem
import FoundationEssentials
import Glibc

/// Sends a source's pictures, simulated, to a virtual camera at a steady rate: each tick
/// the newest frame (if a new one came) is simulated into BGRA and sent, otherwise the
/// last one is sent again, so a still picture or a stalled camera keeps streaming.
/// Frames of another size than the camera's are centred: cropped, or framed in black.
public final class Relay {
    public struct Counts: Sendable, Equatable {
        /// Frames the device took.
        public var written = 0
        /// Frames lost: the source's frames replaced before a tick took them, and ticks
        /// the device did not take in time.
        public var dropped = 0
    }

    private let source: FrameSource
    private let simulation: Simulation
    private let camera: VirtualCamera
    /// One kernel; its 64 MiB Y′CbCr table only where computing takes a real share of the
    /// frame period (`TablePolicy`), as in the live view.
    private var kernels = KernelCache(limit: 1, tables: TablePolicy())
    private var bgra: [UInt8]
    private let layout: FrameLayout

    public init(source: FrameSource, simulation: Simulation, camera: VirtualCamera) {
        self.source = source
        self.simulation = simulation
        self.camera = camera
        layout = FrameLayout(format: .bgra, width: camera.size.width, height: camera.size.height)
        bgra = [UInt8](repeating: 0, count: layout.minimumByteCount)
    }

    /// Runs until `shouldStop` says so (checked every tick) or `maxFrames` were written.
    /// `report` gets a line when the output's stream had to be restarted.
    public func run(
        maxFrames: Int? = nil, report: (String) -> Void = { _ in }, shouldStop: () -> Bool
    ) throws(OutputError) -> Counts {
        var restarts = camera.output.restarts
        let sink = LatestFrame()
        source.start(into: sink)
        defer { source.stop() }
        var pacer = FramePacer(period: camera.fps.period)
        var counts = Counts()
        while !shouldStop(), counts.written < (maxFrames ?? .max) {
            let took: Bool
            if let f = sink.takeNew() {
                simulate(f)
                let l = layout
                let cam = camera
                took = try bgra.withUnsafeBytes { b in Result { () throws(OutputError) in try cam.send(b, l) } }.get()
            } else {
                took = try camera.resend()
            }
            if took { counts.written += 1 } else { counts.dropped += 1 }
            if camera.output.restarts != restarts {
                restarts = camera.output.restarts
                report("\(camera.output.path): the driver failed the output stream — restarted it")
            }
            pacer.wait()
        }
        counts.dropped += sink.droppedCount
        return counts
    }

    /// The frame simulated into `bgra`, centred (cropped or framed in black).
    private func simulate(_ f: Frame) {
        let (kernel, strategy) = kernels.prepared(for: simulation, format: f.layout.format, encoding: f.ycbcr)
        let w = min(f.layout.width, layout.width) & ~1
        let h = min(f.layout.height, layout.height)
        if w < layout.width || h < layout.height {
            bgra.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        }
        guard w > 0, h > 0 else { return }
        let sx = (f.layout.width - w) / 2 & ~1
        let sy = (f.layout.height - h) / 2
        let dx = (layout.width - w) / 2
        let dy = (layout.height - h) / 2
        let sl = FrameLayout(format: f.layout.format, width: w, height: h, bytesPerRow: f.layout.bytesPerRow)
        let dl = FrameLayout(format: .bgra, width: w, height: h, bytesPerRow: layout.bytesPerRow)
        let sOffset = sy * f.layout.bytesPerRow + sx * f.layout.format.bytesPerPixel
        let dOffset = dy * layout.bytesPerRow + dx * 4
        let t0 = SystemClock.monotonic
        defer {
            if strategy == .compute, f.layout.format.isYCbCr {
                kernels.computed(SystemClock.monotonic - t0, frameTimestamp: f.timestamp)
            }
        }
        f.bytes.withUnsafeBytes { s in
            bgra.withUnsafeMutableBytes { d in
                // The windows start inside both buffers (offsets within the frames) and the
                // kernel checks the rest of each window against the bytes that follow.
                let src = UnsafeRawBufferPointer(rebasing: s[sOffset...])
                let dst = UnsafeMutableRawBufferPointer(rebasing: d[dOffset...])
                try? kernel.apply(
                    source: src, sourceLayout: sl, destination: dst, destinationLayout: dl, ycbcr: f.ycbcr,
                    strategy: strategy)
            }
        }
    }
}
