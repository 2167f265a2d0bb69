import ArgumentParser
import CVDCapture
import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the colour kernel's speed for every mode, size and input.",
        discussion: """
            Frames: a camera-like picture (the test scene under uneven light with sensor noise) \
            and uniform random noise, as YUYV (BT.601 limited → BGRA, what a webcam sends) and as \
            RGBA. Each is timed on one thread and on all cores. In the same run, a plain \
            pow-per-pixel kernel with the same maths is timed as the baseline, and with --ffmpeg, \
            Debian's ffmpeg doing the usual gamma-space colorchannelmixer on the same frame. \
            Figures are medians; compare ratios, not absolute times, between machines.

            --json prints one object per line with the keys mode, input, content, width, height, \
            threads, ms_per_frame, mpx_per_s (plus kernel, path, cpu_ms_per_frame).

            Rows with kernel "confusion" time the confusion map (the picked colour: the test \
            plate's field) marking the camera-like frame, one thread, and give it as a ratio of \
            the simulation kernel's time on the same frame in the same run.

            The kernels run at the best instruction-set level this CPU supports (the first lines \
            say which); CVDCAM_KERNEL_LEVEL=baseline or v3 forces a lower one, to compare.

            --capture measures the capture side instead (decoding camera formats).

            --check measures the check of the material instead (cvdcam check, the live z): \
            CPU and memory of the check of a 4000×3000 photograph (JPEG) and of an A4 \
            worksheet at 150 dpi (PNG), decode included and apart, and CPU of the live view's \
            check of a 1080p camera frame, against the goals (1 s, 3× the decoded picture, \
            150 ms).
            """)

    @Flag(help: "One JSON object per line instead of a table.")
    var json = false

    @Option(
        parsing: .upToNextOption,
        help:
            "Frame sizes to measure, separated by spaces (default: 640x480 1280x720 1920x1080; --capture: 1280x720 1920x1080 3840x2160).",
        transform: FrameSize.parser("--sizes", 2...16384))
    var sizes: [FrameSize] = []

    /// `--capture`'s sizes by default: 720p, 1080p and 2160p (4K webcams send MJPEG).
    static let captureSizes = [FrameSize(1280, 720), FrameSize(1920, 1080), FrameSize(3840, 2160)]

    /// The sizes to measure: those given, or the defaults.
    private var frameSizes: [FrameSize] {
        sizes.isEmpty ? [FrameSize(640, 480), FrameSize(1280, 720), FrameSize(1920, 1080)] : sizes
    }

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Mode to measure, or all (default).", valueName: "mode"),
        transform: VisionModeArgument.parse)
    var mode: VisionModeArgument = .all

    @Option(help: "Seconds per measurement (more is steadier).")
    var seconds = 0.3

    @Option(help: "Run exactly this many frames per measurement instead of --seconds (e.g. to count allocations).")
    var frames: Int?

    @Option(parsing: .upToNextOption, help: "Thread counts (default: 1 and every core).")
    var threads: [Int] = []

    @Option(help: "Y′CbCr path: automatic (table for camera pictures), compute or table.")
    var strategy: FrameKernel.Strategy = .automatic

    @Flag(help: "Skip the pow-per-pixel baseline.")
    var noBaseline = false

    @Flag(help: "Also time Debian's ffmpeg (yuyv422 → rgba + colorchannelmixer) at the largest size.")
    var ffmpeg = false

    @Flag(
        help:
            "Measure the capture side instead: CPU per frame to decode YUYV, NV12 and MJPEG (TurboJPEG vs libv4lconvert), and MJPEG decode + deuteranopia (full size, and 2160p at the DCT scale a 1080p window needs), at each --sizes (default 720p, 1080p, 2160p)."
    )
    var capture = false

    @Flag(
        help:
            "Measure the check of the material instead: CPU (decode and check apart) and memory of cvdcam check on a 4000×3000 photograph and an A4 page at 150 dpi, and CPU of the live z on a 1080p frame."
    )
    var check = false

    @Option(
        help: ArgumentHelp(
            "With --check: write the pictures measured into this folder and keep them (to time cvdcam check on them yourself).",
            valueName: "folder"))
    var pictures: String?

    /// `bench --check`'s own child: checks one file and prints its peak memory.
    @Option(help: ArgumentHelp(visibility: .hidden))
    var checkPeak: String?

    @Option(help: "Frames to feed ffmpeg.")
    var ffmpegFrames = 300

    func validate() throws {
        guard seconds > 0, seconds <= 60 else { throw ValidationError("--seconds must be more than 0 and at most 60") }
        guard threads.allSatisfy({ (1...256).contains($0) }) else { throw ValidationError("--threads must be 1…256") }
        if let f = frames, f < 1 { throw ValidationError("--frames must be at least 1") }
        guard !(check && capture) else { throw ValidationError("--check and --capture: one at a time") }
        if let folder = pictures {
            guard check else { throw ValidationError("--pictures goes with --check") }
            var st = stat()
            guard stat(folder, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationError("--pictures: '\(PathName.shown(folder))' is not a folder")
            }
        }
        guard sizes.allSatisfy({ $0.width % 2 == 0 }) else {
            throw ValidationError("sizes need an even width (YUYV pairs)")
        }
    }

    func run() throws {
        if let file = checkPeak { return try CheckCostBench.printPeak(of: file) }
        if check {
            return try CheckCostBench(seconds: seconds, runs: frames, json: json, keep: pictures).run()
        }
        if capture {
            for size in sizes.isEmpty ? Self.captureSizes : sizes {
                try CaptureCostBench(size: size, seconds: max(seconds, 0.5), json: json).run()
            }
            return try StandardOutput.finish()
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threadCounts = threads.isEmpty ? Array(Set([1, cores])).sorted() : threads
        let report = BenchReport(json: json)
        report.note(
            "cvdcam bench: \(CheckCostBench.cpuModel()), \(cores) cores; no tables for the compute path, "
                + "\(FrameKernel.ycbcrTableBytes >> 20) MiB per mode for the Y′CbCr table path")
        report.note(KernelLevel.summary)

        let frameSets = frameSizes.map { BenchFrames(size: $0) }
        for sim in try mode.modes.map({ try Simulation(mode: $0) }) {
            let kernel = FrameKernel(sim)
            if kernel.mayUseTable(strategy) {
                let t = SystemClock.monotonic
                kernel.prepareTable(for: .bt601Limited)
                report.note("\(sim): Y′CbCr table built in \(Int((SystemClock.monotonic - t) * 1000)) ms")
            }
            let confusion = sim.mode == .normal ? nil : ConfusionMap(picked: IshiharaPlate.field[0], simulation: sim)
            if let map = confusion {
                let t0 = SystemClock.monotonic
                map.prepare(for: .yuyv)
                let t1 = SystemClock.monotonic
                map.prepare(for: .rgba)
                let t2 = SystemClock.monotonic
                report.note(
                    "\(sim): confusion tables (64³) built in \(Int((t1 - t0) * 1000)) ms (Y′CbCr), "
                        + "\(Int((t2 - t1) * 1000)) ms (RGB), one thread")
            }
            for f in frameSets {
                for input in BenchFrames.Input.allCases {
                    var cameraMs: Double?
                    for content in BenchFrames.Content.allCases {
                        for n in threadCounts {
                            let (src, sl) = f.source(input, content)
                            let path =
                                src.withUnsafeBytes { kernel.usesTable(for: $0, sl, strategy: strategy) }
                                ? "table" : "compute"
                            let r = f.measure(
                                kernel, input, content, threads: n, strategy: strategy, seconds: seconds, frames: frames
                            )
                            if content == .camera && n == 1 { cameraMs = r.msPerRun }
                            report.row(
                                BenchRow(
                                    kernel: "cvdcam", path: path, mode: sim.mode.rawValue, input: input,
                                    content: content, size: f.size, threads: n, result: r))
                        }
                    }
                    if let map = confusion, let ms = cameraMs {
                        let r = f.measureConfusion(map, input, seconds: seconds, frames: frames)
                        report.row(
                            BenchRow(
                                kernel: "confusion", path: "table", mode: sim.mode.rawValue, input: input,
                                content: .camera, size: f.size, threads: 1, result: r),
                            ratio: r.msPerRun / ms)
                    }
                    if !noBaseline, let ms = cameraMs {
                        let r = f.measureBaseline(
                            BaselineKernel(transform: sim.transform), input, seconds: min(seconds, 0.2))
                        report.row(
                            BenchRow(
                                kernel: "baseline", path: "pow", mode: sim.mode.rawValue, input: input,
                                content: .camera, size: f.size, threads: 1, result: r),
                            speedup: r.msPerRun / ms)
                    }
                }
            }
        }
        let largest = frameSizes.max { $0.width * $0.height < $1.width * $1.height }!
        report.memory(tableBytes: FrameKernel.ycbcrTableBytes, peak: ProcessMemory.read()?.peak)
        let enc = EncoderBench.measure(size: largest, seconds: seconds, frames: frames)
        report.encoderRow(size: largest, result: enc.cvdcam, baseline: enc.baseline)
        let red = ReducerBench.measure(size: largest, seconds: seconds, frames: frames)
        report.note(
            String(
                cFormat: "reduce by 2 (the 2×2 layout's panes), \(largest) YUYV, one thread: %.3f ms per frame, "
                    + "%.2f× copying the frame (%.3f ms)",
                red.reduce.msPerRun, red.reduce.msPerRun / red.copy.msPerRun, red.copy.msPerRun))
        if ffmpeg { try compareWithFFmpeg(report, frameSets.last!) }
        report.summary()
        try StandardOutput.finish()
    }

    private func compareWithFFmpeg(_ report: BenchReport, _ f: BenchFrames) throws {
        guard let exe = FFmpegComparison.executable() else {
            throw CLIError("--ffmpeg: ffmpeg is not installed; run: sudo apt-get install ffmpeg")
        }
        let (src, _) = f.source(.yuyv, .camera)
        let r = try FFmpegComparison.run(
            ffmpeg: exe, frame: src, width: f.size.width, height: f.size.height, frames: ffmpegFrames)
        report.ffmpeg(r, size: f.size)
    }
}

extension FrameKernel.Strategy: ExpressibleByArgument {}
