import ArgumentParser
import CVDCamera
import CVDCore
import CVDImageIO
import CVDSystem
import CVDViewModel
import CVDViewer

// The live view's option groups, one titled section each in `cvdcam view --help`.

/// The live view's window: where it opens, how large, its words' size and language, and
/// who draws it (`--fullscreen`, `--display`, `--window`, `--ui-scale`, `--language`,
/// `--population`, `--labels-over-picture`, `--font`, `--renderer`).
struct WindowOptions: ParsableArguments {
    @Flag(help: "Start full screen.")
    var fullscreen = false

    @Option(
        help: ArgumentHelp(
            "Open on display N, counted from 1 as the desktop's display settings do (a projector beside a laptop's screen is usually 2); with --fullscreen, full screen there. Shift+F moves the full-screen view to the next display.",
            valueName: "n"))
    var display: Int?

    @Option(
        name: .customLong("window"),
        help: ArgumentHelp("Window size (default: the picture's size, at most 1920x1080).", valueName: "WxH"),
        transform: FrameSize.parser("--window", 64...16384))
    var size: FrameSize?

    @Option(help: "Scale labels and text (e.g. 1.5 for a large room).")
    var uiScale = 1.0

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

    @Flag(
        help:
            "Let labels go over the picture's edges when the bands beside it have no room for them. By default bands kept beside the picture from the start hold the labels, and the picture never moves for one (l toggles)."
    )
    var labelsOverPicture = false

    /// The framed layout, now the default: kept so that command lines written for it still run.
    @Flag(help: .hidden)
    var framed = false

    @Option(help: ArgumentHelp("Label font (a TrueType file). Default: DejaVu Sans Bold.", valueName: "file"))
    var font: String?

    @Option(
        help: ArgumentHelp(
            "Who draws the window: gl (OpenGL: the GPU simulates and draws), software (the CPU), or auto: OpenGL where a GPU offers it, not on a CPU rasteriser such as llvmpipe.",
            valueName: "auto|gl|software"))
    var renderer = RendererChoice.auto

    func validate() throws {
        guard (0.5...4).contains(uiScale) else { throw ValidationError("--ui-scale must be within 0.5…4") }
        if let d = display, d < 1 { throw ValidationError("--display counts from 1 (the first display)") }
    }

    /// Into the viewer's options (the population once the language is known).
    func apply(to o: inout ViewerOptions, language: String) {
        (o.fullscreen, o.display, o.uiScale, o.fontPath, o.renderer) = (fullscreen, display, uiScale, font, renderer)
        o.framed = framed || !labelsOverPicture
        o.population = population ?? Population.default(forLanguage: language)
    }
}

extension Population: ExpressibleByArgument {}

extension RendererChoice: ExpressibleByArgument {}

/// What a lesson starts with: the caption, the modes stepped through, a still beside the
/// live picture, the picture turned, mirrored or straightened, the white balance, and
/// where snapshots go (`--caption`, `--cycle`, `--cycle-modes`, `--still`, `--rotate`,
/// `--mirror`, `--straighten`, `--white-balance`, `--snapshot-dir`).
struct LessonOptions: ParsableArguments {
    @Flag(help: "Start with the caption strip on: what the mode is in plain words and how common it is (c toggles).")
    var caption = false

    @Option(
        help: ArgumentHelp(
            "Step through the modes every SECONDS with captions on, for open days (a toggles; any key stops).",
            valueName: "seconds"))
    var cycle: Double?

    @Option(
        help: ArgumentHelp(
            "The modes --cycle and a step through (default all eight), e.g. normal,deutan,protan.",
            valueName: "m,m,…"),
        transform: VisionModeArgument.sequence(
            form: "--cycle-modes takes modes separated by commas, e.g. normal,deutan"))
    var cycleModes: [VisionMode]?

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
            valueName: "X,Y:X,Y:X,Y:X,Y"), transform: PageCorners.parse)
    var straighten: [Double]?

    @Option(
        help: ArgumentHelp(
            """
            White balance: auto (the camera's own), camera (lock the camera's automatic white balance, exposure and gain \
            after the first half second), card (as w on the first frames: lock them and balance on the white or grey card \
            filling the middle of the picture).
            """, valueName: "auto|camera|card"))
    var whiteBalance = WhiteBalanceStart.auto

    @Option(
        help: ArgumentHelp(
            "Folder for snapshots (s). Default: your pictures folder's cvdcam folder (~/Pictures/cvdcam).",
            valueName: "folder"))
    var snapshotDir: String?

    func validate() throws {
        if let c = cycle, !(c >= 1 && c <= 3600) { throw ValidationError("--cycle takes seconds per mode, 1…3600") }
        if let r = rotate, ![0, 90, 180, 270].contains(r) {
            throw ValidationError("--rotate takes 0, 90, 180 or 270 (degrees, clockwise)")
        }
    }

    /// Into the viewer's options; the still is read here (a file that cannot be read: its error).
    func apply(to o: inout ViewerOptions) throws {
        (o.caption, o.cycleSeconds, o.whiteBalance) = (caption, cycle, whiteBalance)
        if let m = cycleModes { o.cycleModes = m }
        if rotate != nil || mirror { o.orientation = Orientation(degrees: rotate ?? 0, mirrored: mirror) }
        o.pageCorners = straighten.map { n in stride(from: 0, to: 8, by: 2).map { (x: n[$0], y: n[$0 + 1]) } }
        o.snapshotDirectory = snapshotDir ?? UserDirectories.pictures() + "/cvdcam"
        if let s = still { o.still = try ImageFile.load(s, page: nil).loaded.image }
    }
}

extension WhiteBalanceStart: ExpressibleByArgument {}

/// The virtual camera (v4l2loopback) the simulated picture is sent to, for video calls and
/// OBS (`--virtual-camera`, `--virtual-camera-device`, `--virtual-camera-overlays`).
struct VirtualCameraOptions: ParsableArguments {
    @Flag(help: "Send the simulated picture to a virtual camera (v4l2loopback) for video calls and OBS; o toggles it.")
    var virtualCamera = false

    @Option(
        help: ArgumentHelp(
            "The virtual camera's device (implies --virtual-camera). Default: the first v4l2loopback device.",
            valueName: "device"))
    var virtualCameraDevice: String?

    @Flag(help: "Send exactly what the window shows (labels, probes) instead of the clean picture.")
    var virtualCameraOverlays = false

    /// Into the viewer's options: sent at `rate` (the camera's asked rate) where one is
    /// given; `file`, a picture file written instead of a device (CVDCAM_VIRTUAL_CAMERA_FILE).
    func apply(to o: inout ViewerOptions, rate: FrameRate?, file: String?) {
        o.virtualCamera = virtualCamera || virtualCameraDevice != nil
        o.openVirtualCamera =
            file.map(PictureFileCamera.opener(path:)) ?? VirtualCameraFeed.opener(device: virtualCameraDevice)
        o.virtualCameraOverlays = virtualCameraOverlays
        if let rate { o.virtualCameraRate = rate }
    }
}
