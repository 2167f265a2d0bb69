import ArgumentParser
import CVDCore
import CVDImageIO
import CVDViewer
import Foundation

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open the live view (the default command).",
        discussion: """
        Shows --image FILE, or else the built-in test scene, simulated live. Keys:
        1–8 modes, [ ] severity, m model, + − or wheel zoom, arrows or drag pan, 0 reset,
        v layout (single, split wipe, 2×2), , . divider, space freeze, s save PNG, f full screen,
        h or F1 help, q or Esc quit.
        """)

    @Option(help: "Show this picture file instead of the test scene.")
    var image: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Starting mode: \(VisionModeArgument.helpList).", valueName: "mode"))
    var mode: VisionModeArgument = .one(.normal)

    @Option(name: .shortAndLong, help: ArgumentHelp("Severity 0…1 for the -anomaly modes (default 0.6).", valueName: "s"))
    var severity: Double?

    @Option(help: ArgumentHelp("Model: auto, machado2009, brettel1997, vienot1999 or colormatrix.", valueName: "model"))
    var model: ModelArgument = ModelArgument(.auto)

    @Flag(help: "Start full screen.")
    var fullscreen = false

    @Option(help: "Scale labels and text (e.g. 1.5 for a large room).")
    var uiScale = 1.0

    @Option(help: "Test scene size.")
    var size = FrameSize(1280, 720)

    @Option(help: "Test scene frame rate.")
    var fps = 30.0

    @Option(help: "Window size (default: the picture's size, at most 1920x1080).")
    var window: FrameSize?

    @Option(help: "Directory for snapshots (s).")
    var snapshotDir = "."

    @Option(help: "Benchmark: run free (no frame pacing) for N frames, print frames/s and latency, exit.")
    var benchmarkFrames: Int?

    func validate() throws {
        guard mode != .all else { throw ValidationError("the live view shows one mode at a time; press v for the 2×2 layout") }
        if let s = severity, !(0...1).contains(s) { throw ValidationError("severity \(s) is outside 0…1; use a value such as 0.6") }
        guard (0.5...4).contains(uiScale) else { throw ValidationError("--ui-scale must be within 0.5…4") }
        guard fps > 0, fps <= 240 else { throw ValidationError("--fps must be within 0…240") }
        guard size.width % 2 == 0 else { throw ValidationError("--size needs an even width") }
        if let n = benchmarkFrames, n < 1 { throw ValidationError("--benchmark-frames must be at least 1") }
    }

    func run() throws {
        var options = ViewerOptions()
        options.mode = mode.modes[0]
        options.severity = severity ?? VisionMode.defaultAnomalousSeverity
        options.model = model.kind
        options.fullscreen = fullscreen
        options.uiScale = uiScale
        options.snapshotDirectory = snapshotDir
        options.benchmarkFrames = benchmarkFrames

        let source: FrameSource
        if let path = image {
            let picture = try ImageFile.read(path)
            source = ImageSource(path: path, image: picture)
            options.windowSize = window.map { ($0.width, $0.height) } ?? Self.fitted(picture.width, picture.height)
        } else {
            source = TestSceneSource(width: size.width, height: size.height, fps: benchmarkFrames == nil ? fps : 0)
            options.windowSize = window.map { ($0.width, $0.height) } ?? Self.fitted(size.width, size.height)
        }
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            try Viewer(source: source, options: options).run()
        }
        // Exit here, so the window goes with the process (see Viewer.shutdown).
        fflush(nil)
        Foundation.exit(status)
    }

    /// The picture's size, scaled down to fit 1920×1080.
    static func fitted(_ w: Int, _ h: Int) -> (Int, Int) {
        let s = min(1, 1920 / Double(w), 1080 / Double(h))
        return (Int(Double(w) * s), Int(Double(h) * s))
    }
}
