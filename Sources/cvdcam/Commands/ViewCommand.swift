import ArgumentParser
import CVDCapture
import CVDCore
import CVDImageIO
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel
import CVDViewer
import FoundationEssentials
import Glibc

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open the live view (the default command).",
        discussion: """
            Shows the camera (the first one found, or --device), --image FILE, or the built-in \
            test scene when there is no camera, simulated live. If the camera is busy, the test \
            scene shows with the reason; if it is unplugged, the last picture stays with \
            "camera disconnected — waiting" and the view carries on when it is back.

            Keys: h (or F1) in the window shows them; `cvdcam keys` lists them here, and the man \
            page's KEYS section has them in full. \
            On quit it prints one line: "cvdcam: N frames \
            shown, D dropped by cvdcam, C dropped by the camera, K corrupt, median latency L ms".
            """)

    @Argument(
        help: ArgumentHelp(
            "What to show: a picture file (as --image FILE) or a camera (/dev/video2, as --device).",
            valueName: "picture-or-camera"))
    var shown: String?

    @OptionGroup(title: "What to show") var input: SourceOptions

    @OptionGroup(title: "Simulation") var simulation: ViewSimulationOptions

    @OptionGroup(title: "The window") var window: WindowOptions

    @OptionGroup(title: "The lesson") var lesson: LessonOptions

    @OptionGroup(title: "Virtual camera") var virtualCamera: VirtualCameraOptions

    @OptionGroup(title: "Scripts and measuring") var script: ScriptOptions

    /// `input` with the positional picture or camera folded in.
    var source: SourceOptions {
        var s = input
        guard let shown else { return s }
        if shown.hasPrefix("/dev/") { s.camera.device = shown } else { s.image = shown }
        return s
    }

    func run() throws {
        // Before any word is made for the window: its language.
        let chosen = window.language.map(LanguageChoice.resolve)
        if let note = chosen?.note { StderrCapture.write("cvdcam: \(note)\n") }
        Localization.start(language: chosen.map { $0.language ?? "en" })
        var options = ViewerOptions()
        options.diagnostics = try EnvironmentSettings.viewerDiagnostics()
        simulationOptions(&options)
        window.apply(to: &options, language: Localization.language)
        try lesson.apply(to: &options)
        virtualCamera.apply(
            to: &options, rate: input.camera.frameRate, file: EnvironmentSettings.virtualCameraFile)
        script.apply(to: &options)

        let reporter = TerminalReporter(holding: true)
        let source = try self.source.makeSource(
            reporter, sceneRate: script.benchmarkFrames == nil ? self.source.camera.frameRate ?? FrameRate(30) : nil,
            doing: "showing", watch: true, windowDisplay: window.display ?? 1)
        (options.windowSize, options.pictureSize) = (window.size, source.size.scaledDown(toFit: FrameSize(1920, 1080)))
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            let viewer = try Viewer(source: source, options: options, reporter: reporter)
            reporter.release()
            return try viewer.run()
        }
        // Exit here, so the window goes with the process (see Canvas).
        StandardOutput.exit(status)
    }
}

extension ViewCommand {
    /// What the groups cannot check alone: the positional picture or camera against the
    /// source's options.
    func validate() throws {
        if let shown {
            if input.image != nil || input.testScene || (shown.hasPrefix("/dev/") && input.camera.device != nil) {
                throw ValidationError(
                    "'\(shown)' and --image, --device or --test-scene each choose what to show; give one")
            }
            if !shown.hasPrefix("/dev/"), input.camera.isSpecified {
                throw ValidationError("'\(shown)' is a picture file; it does not take camera options")
            }
        }
        if input.image != nil, input.camera.isSpecified {
            throw ValidationError("--image shows a picture file; it does not take camera options")
        }
    }

    /// --mode, --severity, --model, --quad.
    func simulationOptions(_ o: inout ViewerOptions) {
        (o.mode, o.model) = (simulation.mode, simulation.tuning.model.kind)
        o.severity = simulation.tuning.severity ?? VisionMode.defaultAnomalousSeverity
        if let q = simulation.quad { o.quadModes = q }
    }
}
