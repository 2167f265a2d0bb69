import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The live view's side of the virtual camera: started and stopped by `o` (or at start
/// with `--virtual-camera`), fed with every new picture — the clean simulation of the
/// current mode, or with `--virtual-camera-overlays` exactly what the window shows.
@MainActor
final class VirtualCameraOutput {
    private let options: ViewerOptions
    private let reporter: any Reporter
    private var feed: (any VirtualCameraSink)?
    private var buffer: [UInt8] = []
    /// The picture turned or straightened (`PictureWarp`), when it is.
    private var warped: [UInt8] = []
    /// What was sent last: the same frame in the same simulation is not simulated and sent
    /// again when only the window changed (a layout, a zoom, a picked colour); the feed
    /// repeats its last picture at the frame rate by itself.
    private struct Sent: Equatable {
        let timestamp: Double
        let simulation: Simulation
        let balance: WhiteBalance
        let map: PictureMap?
        let width: Int
        let height: Int
    }
    private var lastSent: Sent?
    /// How `buffer` holds it: BGRA from the CPU's kernels, RGBA from the GPU.
    private var sentLayout: FrameLayout?

    init(options: ViewerOptions, reporter: any Reporter) {
        self.options = options
        self.reporter = reporter
    }

    var isOn: Bool { feed != nil }
    var sendsWindow: Bool { options.virtualCameraOverlays }

    /// Starts sending pictures of `size` (the frame's, or the window's with overlays);
    /// returns what to show on screen.
    func start(size: FrameSize) -> Message {
        guard let open = options.openVirtualCamera else {
            reporter.status("virtual camera: this program was started without one")
            return Message("the virtual camera cannot start (the terminal says why)")
        }
        do throws(VirtualCameraProblem) {
            let f = try open(size, options.virtualCameraRate, reporter)
            feed = f
            lastSent = nil
            return Message("virtual camera on: %s", .text(f.description))
        } catch {
            // The whole reason, with the commands that mend it, on the terminal (English); the
            // window says what happened in its own language.
            reporter.status("virtual camera: \(error)")
            switch error.kind {
            case .moduleNotLoaded:
                return Message("no virtual camera: v4l2loopback is not loaded (the terminal says how)")
            case .noFreeDevice: return Message("no virtual camera is free (the terminal says how to add one)")
            case .busy: return Message("the virtual camera is busy: another program writes to it")
            case .other: return Message("the virtual camera cannot start (the terminal says why)")
            }
        }
    }

    func stop() -> Message {
        feed?.stop()
        feed = nil
        lastSent = nil
        return Message("virtual camera off")
    }

    /// The clean picture: `frame` simulated in `simulation`, into a reused buffer — by the
    /// renderer where it simulates the panes (`PaneBackend.simulateWhole`: the GPU), else
    /// with the CPU's kernels. `panes`: the renderer's panes; `shown`: how many pictures
    /// the window shows (one: a table may pay, and what computing this frame cost is what
    /// the panes' `TablePolicy` learns from, since a pane showing the same picture uploads
    /// it instead of computing).
    func send(
        _ frame: Frame, _ simulation: Simulation, kernels: PaneKernels, panes: any PaneBackend, shown: Int,
        map: PictureMap? = nil
    ) throws(RenderFault) {
        guard let feed, !sendsWindow else { return }
        let sent = Sent(
            timestamp: frame.timestamp, simulation: simulation, balance: kernels.balance, map: map,
            width: frame.layout.width, height: frame.layout.height)
        guard sent != lastSent else { return }
        lastSent = nil // until the buffer holds it
        if let layout = try panes.simulateWhole(frame, simulation, into: &buffer) {
            lastSent = sent
            sentLayout = layout
            offer(feed, layout, map)
            return
        }
        let layout = FrameLayout(format: .bgra, width: frame.layout.width, height: frame.layout.height)
        if buffer.count != layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        let (k, strategy) = kernels.kernel(for: simulation, frame, panes: shown)
        buffer.withUnsafeMutableBytes { d in
            let t0 = SystemClock.monotonic
            let simulated = frame.bytes.withUnsafeBytes { s in
                // Same frame size on both sides: apply cannot fail.
                (try? k.apply(
                    source: s, sourceLayout: frame.layout, destination: d, destinationLayout: layout,
                    ycbcr: frame.ycbcr, strategy: strategy)) != nil
            }
            guard simulated else { return }
            lastSent = sent
            sentLayout = layout
            if shown == 1, strategy == .compute, frame.layout.format.isYCbCr {
                kernels.computed(SystemClock.monotonic - t0, frameTimestamp: frame.timestamp)
            }
        }
        if lastSent != nil { offer(feed, layout, map) }
    }

    /// Offers `buffer` (in `layout`) to the feed; turned or straightened (`map`), the shown
    /// picture fitted into the camera's size.
    private func offer(_ feed: any VirtualCameraSink, _ layout: FrameLayout, _ map: PictureMap?) {
        guard let map, !map.isIdentity else {
            buffer.withUnsafeBytes { feed.offer($0, layout) }
            return
        }
        if warped.count != buffer.count { warped = [UInt8](repeating: 0, count: buffer.count) }
        buffer.withUnsafeBytes { d in
            warped.withUnsafeMutableBytes { w in PictureWarp.apply(map, source: d, layout, into: w, layout) }
        }
        warped.withUnsafeBytes { feed.offer($0, layout) }
    }

    /// The clean picture last sent, unturned, for the panes to upload instead of
    /// simulating the same frame again (nil when off, or sending the window).
    var simulated: SimulatedFrame? {
        guard feed != nil, !sendsWindow, let s = lastSent, let layout = sentLayout else { return nil }
        return SimulatedFrame(
            timestamp: s.timestamp, simulation: s.simulation, balance: s.balance, pixels: buffer, layout: layout)
    }

    /// What the window shows, read back before present (from a GPU, without waiting: the
    /// frame before).
    func send(window backend: any RenderBackend) {
        guard let feed, sendsWindow, let layout = backend.readPixelsWithoutWaiting(into: &buffer) else { return }
        buffer.withUnsafeBytes { feed.offer($0, layout) }
    }
}
