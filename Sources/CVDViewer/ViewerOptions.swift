import CVDCore
import CVDSources
import CVDViewModel

/// What the command line asked of the live view.
public struct ViewerOptions: Sendable {
    public var mode: VisionMode = .normal
    public var severity: Double = VisionMode.defaultAnomalousSeverity
    public var model: ModelKind = .auto
    /// The 2×2 layout's modes (`--quad`).
    public var quadModes: [VisionMode] = [.normal, .protanopia, .deuteranopia, .tritanopia]
    public var fullscreen = false
    /// The display (monitor, projector) to open on, from 1 (`--display`); nil: the first.
    public var display: Int?
    public var uiScale = 1.0
    /// Window size (`--window`), kept as asked; nil: `pictureSize`, shrunk to fit the display.
    public var windowSize: FrameSize?
    /// The picture's size, at most 1920×1080: the window's size when `windowSize` is nil.
    public var pictureSize = FrameSize(1280, 720)
    /// Where `s` writes snapshots (made when the first is saved).
    public var snapshotDirectory = "."
    /// Free-running benchmark: process this many frames, print figures, exit.
    public var benchmarkFrames: Int?
    /// Scripted screenshot: write the screen to this file after `screenshotAfterFrames`
    /// frames from the source, then quit.
    public var screenshotPath: String?
    public var screenshotAfterFrames = 10
    /// `--press KEY@N`: keys pressed after N frames from the source, for scripts and tests
    /// where no one can press them (the VM's offscreen window).
    public var presses: [(key: String, afterFrames: Int)] = []
    /// Print the mean time of each frame stage every 100 frames.
    public var profile = false
    /// A single view's 64 MiB Y′CbCr table from the start, not only where it pays
    /// (`TablePolicy`): for tests of the table builds (`scripts/tsan`).
    public var alwaysTables = false
    /// Send the picture to a virtual camera from the start (`o` toggles it).
    public var virtualCamera = false
    /// Opens the virtual camera (`cvdcam` gives CVDCamera's, on the device asked for); nil:
    /// there is none, and `o` says so.
    public var openVirtualCamera: VirtualCameraOpener?
    /// Send exactly what the window shows (labels, probes) instead of the clean picture.
    public var virtualCameraOverlays = false
    /// The frame rate the virtual camera announces.
    public var virtualCameraRate = FrameRate(30)!
    /// Start with the caption strip on (`--caption`).
    public var caption = false
    /// Whose prevalence figures the caption gives (`--population`; by default from the language).
    public var population: Population = .european
    /// Start in the framed layout: no label over the picture (the default; `l` and
    /// `--labels-over-picture` let labels go over its edges).
    public var framed = true
    /// `--rotate`, `--mirror`: how the picture is turned (nil: as remembered for this source).
    public var orientation: Orientation?
    /// `--still FILE`: a picture to start with as the still (still | live).
    public var still: RGBAImage?
    /// `--straighten`: the page's corners in picture pixels (nil: as remembered).
    public var pageCorners: [(x: Double, y: Double)]?
    /// Seconds per mode when cycling (`--cycle`, or `a`); start cycling at once when set.
    public var cycleSeconds: Double?
    public var cycleModes: [VisionMode] = VisionMode.allCases
    /// `--white-balance`: the camera's own (auto), locked (camera), or balanced on a card.
    public var whiteBalance = WhiteBalanceStart.auto
    /// The label font; nil: DejaVu Sans Bold where Debian puts it.
    public var fontPath: String?
    /// Which renderer draws the window (`--renderer`).
    public var renderer = RendererChoice.auto
    /// What the view prints and how its GL renderer starts, for tests and measurements.
    public var diagnostics = ViewerDiagnostics()

    public init() {}

    /// Whether `--press` knows a key name: a letter, a digit, or up, down, left, right,
    /// space, escape, pageup, pagedown, plus, minus, comma, period, f1, delete.
    public static func isPressable(_ name: String) -> Bool { KeyMapping.key(named: name) != nil }
}

/// Which renderer draws the window (`--renderer`): OpenGL where a GPU has it (`auto`: not
/// on a CPU rasteriser such as llvmpipe, where the software renderer costs less), always
/// (`gl`, falling back to software when no context can be made), or never (`software`).
public enum RendererChoice: String, CaseIterable, Sendable {
    case auto, gl, software
}
