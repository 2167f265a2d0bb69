import ArgumentParser
import CVDCamera
import CVDCore
import CVDImageIO
import CVDScreen
import CVDSources
import FoundationEssentials

/// Where the picture comes from, for the live view and `relay`: `--image FILE`, or
/// `--test-scene`, or the camera (`--device`, `--format`, `--size`, `--fps`, `--control`;
/// `--size` and `--fps` also set the test scene's, `--format yuyv|mjpeg` how it streams).
struct SourceOptions: ParsableArguments {
    @Option(help: "Use this picture file (or a page of a PDF: --page) instead of a camera.")
    var image: String?

    @Option(
        help: ArgumentHelp(
            "With --image FILE.pdf: the page to show, from 1 (default: the first; drawn as it prints at \(Int(PDFDocument.dotsPerInch)) dpi).",
            valueName: "n"))
    var page: Int?

    @Flag(
        help:
            "Use the built-in test scene even when there is a camera. It takes --size, --fps and --format yuyv|mjpeg as a camera does (default 1280x720 YUYV at 30 fps; mjpeg: decoded as a camera's)."
    )
    var testScene = false

    @Option(
        help: ArgumentHelp(
            "Show a monitor of this desktop, live (slides, web pages): its RandR name (xrandr --listmonitors) or number, counted from 1 as --display counts; without one, a monitor the window does not open on, else the primary. `cvdcam devices` lists them. On Wayland the desktop's own dialog chooses (--screen-from).",
            valueName: "monitor"))
    var screen: String?

    @Option(
        help: ArgumentHelp(
            "Show this part of the screen, live: X11 geometry as xwininfo prints it, e.g. 1280x720+0+0.",
            valueName: "WxH+X+Y"))
    var region: String?

    @Flag(help: "With --screen or --region: draw the mouse pointer into the picture.")
    var cursor = false

    @Option(
        help: ArgumentHelp(
            "How --screen reads the screen: x11 (the X server: any monitor or region, at once), portal (the desktop's screen-sharing dialog and PipeWire: Wayland), or auto: the portal in a Wayland session, X11 otherwise.",
            valueName: "auto|x11|portal"))
    var screenFrom = ScreenFrom.auto

    @OptionGroup(
        title:
            "Camera (the test scene takes --size, --fps and --format yuyv|mjpeg too; default 1280x720 YUYV at 30 fps)")
    var camera: CaptureOptions

    func validate() throws {
        guard (camera.frameSize?.width ?? 2) % 2 == 0 else { throw ValidationError("--size needs an even width") }
        if let page, page < 1 { throw ValidationError("--page counts from 1 (the first page)") }
        let chosen = [image != nil, testScene, screen != nil || region != nil].filter { $0 }.count
        if chosen > 1 {
            throw ValidationError("--image, --test-scene and --screen/--region each choose the picture; pick one")
        }
        if cursor || screenFrom != .auto, screen == nil, region == nil {
            throw ValidationError("--\(cursor ? "cursor" : "screen-from") is for --screen or --region")
        }
        if testScene, let f = camera.pixelFormat?.code, f != .yuyv, f != .mjpeg {
            throw ValidationError("--test-scene streams yuyv or mjpeg; --format \(f) is for cameras")
        }
    }

    /// The picture file, or the camera or the test scene as `SourceChoice` decides; the
    /// test scene at `sceneRate` (nil: as fast as it is taken), `doing` for its status lines;
    /// with `watch`, a camera plugged in later replaces the test scene.
    /// `windowDisplay`: the display the window opens on, which `--screen` alone avoids.
    func makeSource(
        _ reporter: any Reporter, sceneRate: FrameRate?, doing: String, watch: Bool = false, windowDisplay: Int = 1
    ) throws -> FrameSource {
        if screen != nil || region != nil, screenFrom.usesPortal() {
            if let m = screen, m != "auto" {
                reporter.status("the desktop's own dialog chooses the monitor here; --screen \(m) is not used")
            }
            return try PortalScreenSource(
                region: region, fps: camera.frameRate ?? FrameRate(30)!, cursor: cursor, reporter: reporter)
        }
        if screen != nil || region != nil {
            let source = try ScreenSource(
                monitor: screen, region: region, fps: camera.frameRate ?? FrameRate(30)!, cursor: cursor,
                windowDisplay: windowDisplay, reporter: reporter, wholeReads: EnvironmentSettings.screenWholeReads,
                sharedMemory: EnvironmentSettings.screenSharedMemory)
            let r = source.rect
            reporter.status(
                "reading \(source.name) (\(r.width)×\(r.height) at \(r.x),\(r.y)) "
                    + (source.sharedMemory
                        ? "through shared memory (MIT-SHM)"
                        : "without shared memory (the X server offers none here): every frame crosses the socket"))
            return source
        }
        if let path = image {
            let (loaded, drawn) = try ImageFile.load(path, page: page)
            for warning in loaded.warnings { reporter.status(warning) }
            let notice = loaded.warnings.isEmpty ? nil : loaded.warnings.joined(separator: "; ")
            return ImageSource(
                path: path, image: loaded.image, notice: notice, page: drawn?.number, lossy: loaded.lossy)
        }
        if let page { throw CLIError("--page \(page) is for a PDF shown with --image FILE.pdf") }
        let size = camera.frameSize ?? FrameSize(1280, 720)
        let format: TestSceneSource.Format = camera.pixelFormat?.code == .mjpeg ? .mjpeg : .yuyv
        return try SourceChoice.camera(
            camera.cameraOptions, testScene: testScene, reporter: reporter, doing: doing,
            watch: watch && !testScene
        ) { notice in
            TestSceneSource(size: size, fps: sceneRate, notice: notice, format: format)
        }
    }
}

/// How `--screen` reads the screen (`--screen-from`).
enum ScreenFrom: String, ExpressibleByArgument, CaseIterable {
    case auto, x11, portal

    /// The portal when asked, or in a Wayland session (where X11 sees only XWayland's windows).
    func usesPortal(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch self {
        case .x11: false
        case .portal: true
        case .auto:
            environment["XDG_SESSION_TYPE"] == "wayland"
                || ((environment["DISPLAY"] ?? "").isEmpty && !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty)
        }
    }
}
