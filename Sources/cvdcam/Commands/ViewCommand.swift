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

    @OptionGroup var input: SourceOptions

    @OptionGroup var simulation: ViewSimulationOptions

    @Flag(help: "Start full screen.")
    var fullscreen = false

    @Option(
        help: ArgumentHelp(
            "Open on display N, counted from 1 as the desktop's display settings do (a projector beside a laptop's screen is usually 2); with --fullscreen, full screen there. Shift+F moves the full-screen view to the next display.",
            valueName: "n"))
    var display: Int?

    @Option(help: "Scale labels and text (e.g. 1.5 for a large room).")
    var uiScale = 1.0

    @Option(
        help: ArgumentHelp("Window size (default: the picture's size, at most 1920x1080).", valueName: "WxH"),
        transform: FrameSize.parser("--window", 64...16384))
    var window: FrameSize?

    @Option(
        help: ArgumentHelp(
            "Folder for snapshots (s). Default: your pictures folder's cvdcam folder (~/Pictures/cvdcam).",
            valueName: "folder"))
    var snapshotDir: String?

    @Option(
        help: ArgumentHelp(
            "Write what is on screen to FILE (PNG) after --screenshot-after frames, then quit: for scripts and handouts.",
            valueName: "file"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Frames to show before --screenshot is taken.", valueName: "n"))
    var screenshotAfter = 10

    @Option(
        help: ArgumentHelp(
            "For scripts: press KEY after N frames from the source (repeatable), e.g. w@30. KEY: a letter (F, G, R and U are Shift+f, Shift+g, Shift+r and Shift+u), a digit, up, down, left, right, space, escape, pageup, pagedown, plus, minus, comma, period, bracketleft, bracketright, f1, delete.",
            valueName: "key@n"))
    var press: [String] = []

    @Option(help: "Benchmark: run free (no frame pacing) for N frames, print frames/s and latency, exit.")
    var benchmarkFrames: Int?

    @Flag(help: "Start with the caption strip on: what the mode is in plain words and how common it is (c toggles).")
    var caption = false

    @Flag(
        help:
            "Let labels go over the picture's edges when the bands beside it have no room for them. By default bands kept beside the picture from the start hold the labels, and the picture never moves for one (l toggles)."
    )
    var labelsOverPicture = false

    /// The framed layout, now the default: kept so that command lines written for it still run.
    @Flag(help: .hidden)
    var framed = false

    @Option(
        help: ArgumentHelp(
            "The language of the window's words, e.g. de, fr, es, pt_BR, it, uk, ja (default: the desktop's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG). Lines on stdout stay English.",
            valueName: "code"))
    var language: String?

    @Option(
        help: ArgumentHelp(
            "Whose figures the caption gives for how common each form is: european (Sharpe et al. 1999) or east-asian (Birch 2012). Default: east-asian for a Japanese or Chinese window, else european.",
            valueName: "european|east-asian"))
    var population: Population?

    @Option(
        help: ArgumentHelp(
            "Start with this picture as the still (a PDF: its first page), beside the live picture (still | live; g grabs another).",
            valueName: "file"))
    var still: String?

    @Option(
        help: ArgumentHelp(
            "Turn the picture clockwise by 0, 90, 180 or 270 degrees, before everything else (r turns it a further quarter turn in the window).",
            valueName: "degrees"))
    var rotate: Int?

    @Flag(help: "Mirror the picture left–right, before everything else (e toggles).")
    var mirror = false

    @Option(
        help: ArgumentHelp(
            "Straighten the page whose corners are these four points of the picture, in pixels, any order (t picks them with the mouse), e.g. 102,80:1180,64:1230,700:60,690.",
            valueName: "X,Y:X,Y:X,Y:X,Y"), transform: ViewCommand.parseCorners)
    var straighten: [Double]?

    static func parseCorners(_ text: String) throws -> [Double] {
        let numbers = text.split(separator: ":").flatMap { $0.split(separator: ",") }.map { Double(String($0).trimmed) }
        guard numbers.count == 8, numbers.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 100_000 }) else {
            throw ValidationError(
                "--straighten takes the page's four corners in picture pixels, X,Y:X,Y:X,Y:X,Y (e.g. 102,80:1180,64:1230,700:60,690); not \"\(text)\""
            )
        }
        // The shape, whatever the picture's size: four distinct corners, no three in a line,
        // none inside the others (`PageShape`; the size is checked once the picture is known).
        let n = numbers.map { $0! }
        let scale = max(1, n.max() ?? 1)
        let points = stride(from: 0, to: 8, by: 2).map { Point(n[$0] / scale, n[$0 + 1] / scale) }
        if let problem = PageShape.problem(points),
            problem != Message("the page would be less than 1 %% of the picture")
        {
            throw ValidationError("--straighten \(text): \(problem.english); give the page's four corners")
        }
        return n
    }

    @Option(
        help: ArgumentHelp(
            "Step through the modes every SECONDS with captions on, for open days (a toggles; any key stops).",
            valueName: "seconds"))
    var cycle: Double?

    @Option(
        help: ArgumentHelp(
            "The modes --cycle and a step through (default all eight), e.g. normal,deutan,protan.",
            valueName: "m,m,…"), transform: ViewCommand.parseModes)
    var cycleModes: [VisionMode]?

    static func parseModes(_ text: String) throws -> [VisionMode] {
        let modes = try text.split(separator: ",").map { try VisionModeArgument.parseOne(String($0)) }
        guard !modes.isEmpty else {
            throw ValidationError("--cycle-modes takes modes separated by commas, e.g. normal,deutan")
        }
        return modes
    }

    @Option(
        help: ArgumentHelp(
            """
            White balance: auto (the camera's own), camera (lock the camera's automatic white balance, exposure and gain \
            after the first half second), card (as w on the first frames: lock them and balance on the white or grey card \
            filling the middle of the picture).
            """, valueName: "auto|camera|card"))
    var whiteBalance = WhiteBalanceStart.auto

    @Flag(help: "Send the simulated picture to a virtual camera (v4l2loopback) for video calls and OBS; o toggles it.")
    var virtualCamera = false

    @Option(
        help: ArgumentHelp(
            "The virtual camera's device (implies --virtual-camera). Default: the first v4l2loopback device.",
            valueName: "device"))
    var virtualCameraDevice: String?

    @Flag(help: "Send exactly what the window shows (labels, probes) instead of the clean picture.")
    var virtualCameraOverlays = false

    @Flag(
        help:
            "Print the mean time of each frame stage (kernel, render, present) and the worst frame every 100 frames, and the worst frame of the run at quit."
    )
    var profile = false

    @Flag(
        help:
            "Build the 64 MiB table that speeds up a single view at once, in every mode (by default only where computing the picture takes over a third of the frame period)."
    )
    var alwaysTables = false

    @Option(help: ArgumentHelp("Label font (a TrueType file). Default: DejaVu Sans Bold.", valueName: "file"))
    var font: String?

    @Option(
        help: ArgumentHelp(
            "Who draws the window: gl (OpenGL: the GPU simulates and draws), software (the CPU), or auto: OpenGL where a GPU offers it, not on a CPU rasteriser such as llvmpipe.",
            valueName: "auto|gl|software"))
    var renderer = RendererChoice.auto

    /// `input` with the positional picture or camera folded in.
    var source: SourceOptions {
        var s = input
        guard let shown else { return s }
        if shown.hasPrefix("/dev/") { s.camera.device = shown } else { s.image = shown }
        return s
    }

    func run() throws {
        // Before any word is made for the window: its language.
        let chosen = language.map(LanguageChoice.resolve)
        if let note = chosen?.note { StderrCapture.write("cvdcam: \(note)\n") }
        Localization.start(language: chosen.map { $0.language ?? "en" })
        var options = ViewerOptions()
        options.diagnostics = EnvironmentSettings.viewerDiagnostics
        options.population = population ?? Population.default(forLanguage: Localization.language)
        simulationOptions(&options)
        windowOptions(&options)
        teachingOptions(&options)
        scriptOptions(&options)
        if let s = still { options.still = try ImageFile.load(s, page: nil).loaded.image }

        let reporter = TerminalReporter(holding: true)
        let source = try self.source.makeSource(
            reporter, sceneRate: benchmarkFrames == nil ? self.source.camera.frameRate ?? FrameRate(30) : nil,
            doing: "showing", watch: true, windowDisplay: display ?? 1)
        (options.windowSize, options.pictureSize) = (window, source.size.scaledDown(toFit: FrameSize(1920, 1080)))
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            let viewer = try Viewer(source: source, options: options, reporter: reporter)
            reporter.release()
            return try viewer.run()
        }
        // Exit here, so the window goes with the process (see Canvas).
        StandardOutput.exit(status)
    }
}

extension WhiteBalanceStart: ExpressibleByArgument {}

extension Population: ExpressibleByArgument {}

extension RendererChoice: ExpressibleByArgument {}
