import CVDSources
import CVDSystem
import CVDViewModel

/// The live view's frame totals (`FrameTotals`: the line printed on quit) and, once a
/// second, the `i` overlay's text with the frame rate and the process's CPU use over
/// that second.
struct LiveStats {
    private(set) var totals = FrameTotals()
    /// The hand-off time of the frame taken and not presented yet.
    private var pending: Double?
    private var sample = (time: SystemClock.monotonic, shown: 0, cpu: SystemClock.processCPU)
    /// The overlay's lines as of the last whole second (so its text changes once a second).
    private(set) var overlayLines: [String] = FrameTotals().overlayLines(fps: nil, cpuPercent: nil)

    /// Set for a still picture: its name (the overlay says so instead of counting frames).
    var still: String? {
        didSet { overlayLines = totals.overlayLines(fps: nil, cpuPercent: nil, still: still, camera: camera) }
    }
    /// Whether the source has a camera's counts (not the screen: `FrameTotals.overlayLines`).
    var camera = true {
        didSet { overlayLines = totals.overlayLines(fps: nil, cpuPercent: nil, still: still, camera: camera) }
    }
    /// The renderer drawing the window ("OpenGL 4.5 (llvmpipe)"), for the overlay and the quit line.
    var renderer: String? {
        get { totals.renderer }
        set {
            totals.renderer = newValue
            overlayLines = totals.overlayLines(fps: nil, cpuPercent: nil, still: still, camera: camera)
        }
    }

    /// Reads the resident memory and its peak (`/proc/self/status`, once a second and at
    /// quit: for the `i` overlay and the quit line).
    mutating func readMemory() {
        if let m = ProcessMemory.read() { totals.memory = m }
    }

    /// A new frame was taken from the source, to be shown.
    mutating func taken(_ frame: Frame) { pending = frame.timestamp }

    /// The screen was presented at `now`: the taken frame, if any, counts as shown.
    mutating func presented(at now: Double) {
        guard let t = pending else { return }
        totals.shown(latency: now - t)
        pending = nil
    }

    /// Reads the sink's loss counts; once a second also the frame rate and CPU, and then
    /// returns true (the overlay's text changed).
    mutating func update(from sink: LatestFrame, now: Double) -> Bool {
        let l = sink.losses
        (totals.droppedByViewer, totals.droppedByCamera, totals.corrupt) = (l.viewer, l.camera, l.corrupt)
        let dt = now - sample.time
        guard dt >= 1 else { return false }
        readMemory()
        let cpu = SystemClock.processCPU
        let fps = Double(totals.shown - sample.shown) / dt
        let percent = (cpu - sample.cpu) / dt * 100
        sample = (now, totals.shown, cpu)
        overlayLines = totals.overlayLines(fps: fps, cpuPercent: percent, still: still, camera: camera)
        return true
    }
}
