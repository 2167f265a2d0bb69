import CVDSources
import CVDSystem
import CVDViewModel
import FoundationEssentials

/// What scripts and measurements ask of a run: a screenshot after N frames, keys pressed
/// after N frames, a free-running benchmark's latencies, and the per-stage profile.
struct RunProbes {
    private let options: ViewerOptions
    var profiler: StageProfiler
    private var framesTaken = 0
    private var presented = 0
    private var latencies: [Double] = []
    /// The hand-off time of the frame taken and not presented yet.
    private var pending: Double?
    /// Set when the scripted screenshot is due: the next render saves it, then the view quits.
    private(set) var screenshotDue = false

    init(options: ViewerOptions, reporter: any Reporter) {
        self.options = options
        profiler = StageProfiler(enabled: options.profile, reporter: reporter)
    }

    /// A new frame, handed off at `timestamp`, was taken from the source. Returns the keys
    /// `--press` asks for now.
    mutating func frameTaken(at timestamp: Double) -> [Key] {
        pending = timestamp
        return tick()
    }

    /// For a still picture, which sends one frame only: the screen shown again counts as a
    /// frame (at the live view's pace), so `--screenshot-after` and `--press` come due.
    mutating func stillShown() -> [Key] { tick() }

    private mutating func tick() -> [Key] {
        framesTaken += 1
        if options.screenshotPath != nil, framesTaken == options.screenshotAfterFrames { screenshotDue = true }
        return options.presses.filter { $0.afterFrames == framesTaken }.compactMap { KeyMapping.key(named: $0.key) }
    }

    /// Whether the screenshot or a key is still to come: then the loop wakes at least once a
    /// camera frame period, so that a picture that stays counts as a camera's frames do.
    var awaitsFrames: Bool {
        (options.screenshotPath != nil && framesTaken < options.screenshotAfterFrames)
            || options.presses.contains { $0.afterFrames > framesTaken }
    }

    /// The screenshot is being taken now.
    mutating func screenshotTaken() { screenshotDue = false }

    /// The screen was presented at `now`; the frame taken since the last present, if any,
    /// counts (a redraw of the same frame — an overlay, a message — does not). True when
    /// the benchmark has seen enough.
    mutating func presented(at now: Double) -> Bool {
        guard let n = options.benchmarkFrames, let timestamp = pending else { return false }
        pending = nil
        latencies.append(now - timestamp)
        presented += 1
        return presented >= n
    }

    /// The benchmark's figures, or nil when this is no benchmark run.
    func benchmarkReport(seconds: Double, frameSize: String, dropped: Int) -> String? {
        guard let n = options.benchmarkFrames else { return nil }
        let sorted = latencies.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return "\(n) frames of \(frameSize) "
            + String(
                cFormat: "in %.2f s: %.1f frames/s, median dequeue→present latency %.2f ms, %d dropped",
                seconds, Double(n) / seconds, median * 1000, dropped)
    }
}

/// With `--profile`, the mean time of each frame stage every 100 frames, and the worst
/// frame (taken → simulated → drawn → presented) of those 100 and of the whole run. A
/// frame slower than `slowFrame` gets a line of its own: its stages, the commands (keys,
/// clicks) just before it, and how much of its time the window's thread actually ran (CPU time and
/// involuntary context switches) — a frame that waited for the CPU is told from one that
/// worked long.
struct StageProfiler {
    enum Stage: Int, CaseIterable {
        /// `renderAndPresent` holds `pictures` (the pane textures drawn), `overlays` (labels,
        /// markers, sheets) and `present`.
        /// `kernel` is one pane's kernel call; `upload` one pane copied from a picture
        /// simulated already (the virtual camera's: `SimulatedFrame`) instead.
        case simulate, renderAndPresent, pictures, overlays, present, kernel, upload

        var name: String {
            switch self {
            case .simulate: "simulate"
            case .renderAndPresent: "render+present"
            case .pictures: "pictures"
            case .overlays: "overlays"
            case .present: "present"
            case .kernel: "kernel"
            case .upload: "upload"
            }
        }
    }

    /// Frames slower than this (seconds) are reported one by one.
    static let slowFrame = 0.05

    let enabled: Bool
    private let reporter: any Reporter
    private var sums = [Double](repeating: 0, count: Stage.allCases.count)
    private var counts = [Int](repeating: 0, count: Stage.allCases.count)
    /// The slowest frame since the last line, and of the run (seconds), and frames seen.
    private var worstRecent = 0.0, worstEver = 0.0, frames = 0
    /// The frame being drawn: when it started, the thread's usage then, its stages so far,
    /// and the commands applied since the last frame.
    private var frameStart: (wall: Double, usage: ThreadUsage)?
    private var frameStages = [Double](repeating: 0, count: Stage.allCases.count)
    /// The frame's slowest kernel call (one per pane) and how many there were.
    private var slowestCall = 0.0, calls = 0
    private var commands: [String] = []

    init(enabled: Bool, reporter: any Reporter) {
        self.enabled = enabled
        self.reporter = reporter
    }

    mutating func add(_ stage: Stage, _ seconds: Double) {
        guard enabled else { return }
        sums[stage.rawValue] += seconds
        counts[stage.rawValue] += 1
        frameStages[stage.rawValue] += seconds
        if stage == .kernel {
            slowestCall = max(slowestCall, seconds)
            calls += 1
        }
        if stage == .simulate, counts[stage.rawValue] % 100 == 0 {
            reporter.figures("profile", means + String(cFormat: ", worst frame %.1f ms", worstRecent * 1000))
            worstRecent = 0
        }
    }

    /// Each stage's mean over the run so far (ms), as `name 1.23 ms, …`.
    private var means: String {
        Stage.allCases.map { s in
            s.name
                + String(
                    cFormat: " %.2f ms",
                    counts[s.rawValue] > 0 ? sums[s.rawValue] / Double(counts[s.rawValue]) * 1000 : 0)
        }.joined(separator: ", ")
    }

    /// A command was applied (a key, a click), for the next slow frame's line.
    mutating func command(_ name: String) {
        guard enabled else { return }
        if commands.count < 8 { commands.append(name) }
    }

    /// A new frame's drawing starts now (at `wall`, monotonic seconds), unless one is
    /// being drawn already.
    mutating func beginFrame(at wall: Double) {
        guard enabled, frameStart == nil else { return }
        frameStart = (wall, ThreadUsage.current)
        for i in frameStages.indices { frameStages[i] = 0 }
        (slowestCall, calls) = (0, 0)
    }

    /// The frame begun last was presented at `wall`.
    mutating func endFrame(at wall: Double) {
        guard enabled, let start = frameStart else { return }
        frameStart = nil
        let seconds = wall - start.wall
        worstRecent = max(worstRecent, seconds)
        worstEver = max(worstEver, seconds)
        frames += 1
        if seconds > Self.slowFrame {
            let ran = ThreadUsage.current.since(start.usage)
            let stages = Stage.allCases.map { s in s.name + String(cFormat: " %.1f", frameStages[s.rawValue] * 1000) }
            reporter.figures(
                "profile",
                String(cFormat: "slow frame %.1f ms (", seconds * 1000) + stages.joined(separator: ", ")
                    + String(cFormat: " ms, slowest kernel call %.1f ms of %d)", slowestCall * 1000, calls)
                    + String(
                        cFormat:
                            "; the thread ran %.1f ms of it (%.1f ms in the system, %d page faults), waited %.1f ms for a CPU"
                            + " (preempted %d times) and %.1f ms otherwise (blocked: the X server, a lock; or the VM's host)",
                        ran.cpuSeconds * 1000, ran.systemSeconds * 1000, ran.minorFaults, ran.waitedSeconds * 1000,
                        ran.preemptions,
                        max(0, seconds - ran.cpuSeconds - ran.waitedSeconds) * 1000)
                    + (commands.isEmpty ? "" : "; after " + commands.joined(separator: ", ")))
        }
        commands.removeAll(keepingCapacity: true)
    }

    /// The run's lines at quit: the stage means, unless the last line gave them, and the
    /// worst frame (scripts/soak reads it).
    func finish() {
        if enabled {
            // The means once more, over the whole run (a still picture draws fewer than 100 frames).
            if counts[Stage.simulate.rawValue] % 100 != 0 { reporter.figures("profile", means + " (the whole run)") }
            reporter.figures("profile", String(cFormat: "worst frame %.1f ms of %d frames", worstEver * 1000, frames))
        }
    }

    /// A one-off profile line (e.g. which renderer runs).
    func note(_ line: String) {
        if enabled { reporter.figures("profile", line) }
    }
}
