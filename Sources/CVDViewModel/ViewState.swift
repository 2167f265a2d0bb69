import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// Everything the live view shows, as a value: the pure logic behind the window.
public struct ViewState: Equatable, Sendable {
    public enum Layout: Equatable, Sendable {
        case single
        /// Original left of the divider, simulated right; divider at 0…1 of the width.
        case split
        /// 2×2: four modes (`quadModes`), one per pane.
        case quad
        /// Assist (experimental): original | simulated | assisted, then simulated.
        case assist
        /// A still (`g`, `--still`) beside the live picture, both in the view's mode.
        case stillLive
    }

    /// One zoom step (a key, a wheel notch): √2, so two presses reach 2× and four reach 4×.
    public static let zoomStep = 2.0.squareRoot()
    public static let zoomRange = 1.0...8.0
    /// Arrow-key pan, as a fraction of the visible area.
    public static let panStep = 0.1
    public static let defaultQuadModes: [VisionMode] = [.normal, .protanopia, .deuteranopia, .tritanopia]
    /// The models `m` steps through: those a user may choose, in their order.
    public static var modelCycle: [ModelKind] { ModelKind.selectable }

    public var mode: VisionMode
    /// Severity of the -anomaly modes (the -opia modes are always 1).
    public var severity: Double
    public var model: ModelKind
    /// The 2×2 layout's modes, left to right, top to bottom.
    public var quadModes: [VisionMode]
    public var zoom: Double = 1
    /// Centre of the visible area in picture coordinates (0…1).
    public var centre = Point(0.5, 0.5)
    public var layout: Layout = .single
    public var divider: Double = 0.5
    public var frozen = false
    public var helpVisible = false
    public var fullscreen = false
    /// Probed picture points (0…1 across the picture), at most two; they stay on the
    /// picture's place through pan and zoom.
    public var probes: [Point] = []
    /// The assist's strength in the assist view (`,` `.` change it).
    public var assistStrength = Assist.defaultStrength
    /// The caption strip is shown.
    public var captionVisible = false
    /// Stepping through `cycleModes` (with captions) on a timer.
    public var cycling = false
    public var cycleModes: [VisionMode] = VisionMode.allCases
    /// The colour picked with `x`: what looks like it in each pane's mode is marked.
    public var picked: RGB8?
    /// Tab held: every pane shows the original.
    public var showingOriginal = false
    /// The `i` overlay: frame counts, fps and CPU.
    public var statsVisible = false
    /// The framed layout: the picture shrunk just enough to leave bands for the labels, so
    /// that none covers it (the viewer's default; `l`, `--labels-over-picture` turn it off).
    public var framed = false
    /// How the camera's picture is turned before anything else (`r`, `e`, `--rotate`, `--mirror`).
    public var orientation = Orientation.upright
    /// The page's four corners (0…1 across the camera's picture, any order): the view shows
    /// the page straightened (`t`, `--straighten`); nil: the whole picture.
    public var pageCorners: [Point]?
    /// While the corners are being clicked (`t`): those clicked so far; nil otherwise.
    public var cornerPicks: [Point]?
    /// Shift+R: the part of the screen being picked (`ViewState+ScreenRegion`).
    public var regionPick: RegionPick?
    /// Whether the source is the screen (set by the view): Shift+R picks a part of it.
    public var screenIsSource = false
    /// The pen (`b`): a drag draws on the picture. Strokes are kept in the camera picture's
    /// coordinates (0…1), so they follow zoom, pan, turning and straightening, and show in
    /// every pane at the same place.
    public var penOn = false
    public var strokes: [[Point]] = []
    /// A still has been grabbed (`g`) or loaded (`--still`): the still | live layout is in `v`'s round.
    public var hasStill = false
    /// The white balance measured on a card (`w`), applied before every pane's simulation;
    /// nil: not balanced on a card (a card that was already neutral gives gains of 1).
    public var whiteBalance: WhiteBalance?
    /// The camera panel (`k`) is open; `panelSelection` counts ↑ ↓ (it wraps round the rows).
    public var cameraPanelVisible = false
    public var panelSelection = 0
    /// The 2×2 pane under the pointer (keys 1–8 change that pane); nil: none.
    public var pointerPane: Int?
    /// The last command's answer when its effect is not visible by itself (a key that does
    /// nothing here, a limit reached, the model `auto` chose changing): shown on screen.
    public internal(set) var notice: Message?
    /// The check of the material (`z`), and whether its last result has a suggestion to show.
    public var check = CheckStage.off
    public var checkHasFix = false

    public init(
        mode: VisionMode = .normal, severity: Double = VisionMode.defaultAnomalousSeverity,
        model: ModelKind = .auto, fullscreen: Bool = false, quadModes: [VisionMode] = ViewState.defaultQuadModes
    ) {
        self.mode = mode
        self.severity = severity
        self.model = model
        self.fullscreen = fullscreen
        self.quadModes = quadModes
    }

    /// Applies a command; returns the side effect it asks for, if any. Sets `notice`.
    @discardableResult
    public mutating func apply(_ command: Command) -> Effect? {
        notice = nil
        // Any key but the cycle's own stops the cycle (the timer sends `cycleStep`); Esc
        // does only that.
        if cycling, !Self.keepsCycling(command) {
            cycling = false
            notice = Message("cycle stopped")
            if command == .escape { return nil }
        }
        switch command {
        case .setMode(let m): choose { _ in m }
        case .stepMode(let d):
            let all = VisionMode.allCases
            choose { current in all[((all.firstIndex(of: current) ?? 0) + d + all.count) % all.count] }
        case .severity(let d): changeSeverity(by: d)
        case .cycleModel: cycleModel()
        case .zoom(let f, let at):
            let old = zoom
            zoom(by: f, at: at)
            if zoom == old {
                notice =
                    f > 1 ? Message("zoom is at its most, 8×") : Message("zoom is at its least, 1× (whole picture)")
            }
        case .pan(let dx, let dy):
            guard zoom > 1 else {
                notice = Message("zoom in first (+ or the wheel) to pan")
                return nil
            }
            centre = Point(centre.x + dx / zoom, centre.y + dy / zoom)
            clampCentre()
        case .resetView:
            if zoom == 1, centre == Point(0.5, 0.5) { notice = Message("the whole picture is already shown") }
            zoom = 1
            centre = Point(0.5, 0.5)
        case .cycleLayout:
            layout =
                switch layout {
                case .single: .split
                case .split: .quad
                case .quad: hasStill ? .stillLive : .single
                case .assist, .stillLive: .single
                }
            helpVisible = false
        case .toggleAssist:
            helpVisible = false
            guard layout != .assist else {
                layout = .single
                return nil
            }
            guard Assist.isAvailable(for: mode) else {
                notice = Message("the assist works for the colour-deficient modes (2–7); choose one first")
                return nil
            }
            layout = .assist
            notice =
                Assist.helps(for: simulation, strength: assistStrength)
                ? Message(
                    "assist (experimental): original | %1$s | assisted, then %1$s", .term(mode.displayName))
                : Message(
                    "assist (experimental): it does not help for %s at strength %s (docs/science.md says where it does)",
                    .term(mode.displayName), .number(assistStrength, places: 1))
        case .moveDivider(let d) where layout == .assist:
            // In the assist view the divider keys (, .) set the assist's strength, in tenths.
            changeAssistStrength(by: d > 0 ? 0.1 : -0.1)
        case .moveDivider(let d): moveDivider { $0 + d }
        case .setDivider(let x): moveDivider { _ in x }
        case .toggleFreeze:
            frozen.toggle()
            notice = frozen ? Message("frozen — space goes live again") : Message("live")
        case .toggleHelp:
            helpVisible.toggle()
            cameraPanelVisible = false
        case .escape: return applyEscape()
        case .toggleFullscreen:
            fullscreen.toggle()
            return .fullscreenChanged
        case .fullscreenOnNextDisplay:
            fullscreen = true
            return .fullscreenOnNextDisplay
        case .snapshot: return .snapshot
        case .toggleVirtualCamera: return .toggleVirtualCamera
        case .toggleCaption:
            captionVisible.toggle()
            notice = captionVisible ? Message("caption on") : Message("caption off")
        case .toggleStats:
            statsVisible.toggle()
            notice = statsVisible ? Message("frame counts on") : Message("frame counts off")
        case .rotate, .mirror, .straighten, .grabStill, .saveStill, .togglePen, .pen, .undoStroke, .clearStrokes:
            return applyDocument(command)
        // While corners are being picked a click is a corner and Backspace takes one back.
        case .clearProbes where cornerPicks != nil, .probe where cornerPicks != nil:
            return applyDocument(command)
        case .toggleFramed:
            framed.toggle()
            notice =
                framed
                ? Message("framed: the picture leaves room for every label (l: labels beside or over it again)")
                : Message("labels beside the picture where there is room, else over its edges")
        case .toggleCycle:
            cycling.toggle()
            if cycling {
                captionVisible = true
                layout = .single
                notice = Message("cycling through the modes; any key stops")
            }
        case .cycleStep:
            guard cycling, !cycleModes.isEmpty else { return nil }
            mode = cycleModes[((cycleModes.firstIndex(of: mode) ?? -1) + 1) % cycleModes.count]
        case .pickAtPointer: notice = Message("point at the picture, then press x to mark what looks like that colour")
        case .pick(let c): picked = c
        case .holdOriginal(let on): showingOriginal = on
        case .whiteCard, .nextCamera, .toggleCameraPanel, .panelSelect, .panelChange, .panelReset:
            return applyCamera(command)
        case .cycleCheck: applyCheck(command)
        case .pickScreenRegion, .regionDrag, .regionDone: return applyScreenRegion(command)
        case .quit: return .quit
        case .pointAt(let pane): pointerPane = pane
        case .unbound: notice = Message("that key does nothing here; h shows the keys")
        case .probe(let p): probes = probes.count >= 2 ? [p] : probes + [p]
        case .probeAtPointer: notice = Message("point at the picture, then press p to probe the colour there")
        case .clearProbes:
            notice =
                probes.isEmpty
                ? Message("no probes to clear; click the picture to probe a colour") : Message("probes cleared")
            probes = []
        }
        return nil
    }
}
