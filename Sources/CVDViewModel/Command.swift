import CVDCore

/// What a key (or mouse gesture) asks the view to do.
public enum Command: Equatable, Sendable {
    /// In the 2×2 layout, for the pane under the pointer.
    case setMode(VisionMode)
    /// The next (+1) or previous (−1) mode, in the order of the keys 1–8.
    case stepMode(Int)
    case severity(delta: Double)
    case cycleModel
    case zoom(factor: Double, at: Point?)
    case pan(dx: Double, dy: Double)
    case resetView
    case cycleLayout
    case moveDivider(delta: Double)
    case setDivider(Double)
    case toggleFullscreen
    /// Shift+F: full screen on the next display (the projector).
    case fullscreenOnNextDisplay
    case toggleFreeze
    case snapshot
    case toggleHelp
    /// Esc: stops what is going on — closes the help sheet or the camera panel, stops the
    /// cycle, corner picking or the confusion map — and quits when nothing is.
    case escape
    case quit
    /// The pointer is over pane N of the 2×2 layout (nil: none); sent by the window layer.
    case pointAt(pane: Int?)
    /// A key with no binding.
    case unbound
    /// A probe at a picture point (0…1 across the picture): the first, the second, or a
    /// new first after two.
    case probe(Point)
    /// `p`: a probe at the pointer (the window layer turns it into `.probe`).
    case probeAtPointer
    case clearProbes
    /// `o`: start or stop sending the picture to the virtual camera.
    case toggleVirtualCamera
    /// `c`: the caption strip (what the mode is, how common it is).
    case toggleCaption
    /// `a`: step through the modes with captions (open days); any other key stops it.
    case toggleCycle
    /// The cycle's timer: the next mode in the cycle.
    case cycleStep
    /// `x`: mark what looks like the colour under the pointer (the window layer turns it
    /// into `.pick`); again, or Esc, turns it off.
    case pickAtPointer
    case pick(RGB8?)
    /// `d`: the assist view (experimental daltonization) on / off.
    case toggleAssist
    /// Tab down / up: the original in every pane while held.
    case holdOriginal(Bool)
    /// `i`: frame counts, fps and CPU on screen (the quit line's figures, live).
    case toggleStats
    /// `l`: the framed layout on or off.
    case toggleFramed
    /// `z`: the check of the material: marks, then the picture recoloured, then off.
    case cycleCheck
    /// Shift+R with the screen as the source: pick the part of the monitor to show by
    /// dragging a rectangle over a frozen picture of it; again, or Esc, stops picking.
    case pickScreenRegion
    /// The rectangle being dragged (picture points), and where it was let go.
    case regionDrag(from: Point, to: Point)
    case regionDone(from: Point, to: Point)
    /// `r`: turn the picture a quarter turn clockwise; `e`: mirror it left–right.
    case rotate
    case mirror
    /// `t`: pick a page's four corners and straighten it; again: the whole picture.
    case straighten

    /// `b`: the pen on or off; a point of a stroke (picture coordinates); `u` takes the last
    /// stroke back, `U` clears them all.
    case togglePen
    case pen(Point, newStroke: Bool)
    /// `g`: grab the current picture as a still and show still | live; `G`: save the still.
    case grabStill
    case saveStill
    case undoStroke
    case clearStrokes
    /// `w`: balance on the white or grey card filling the middle of the picture (the
    /// window layer measures it and sets `ViewState.whiteBalance`); again: release.
    case whiteCard
    /// `n`: the next camera.
    case nextCamera
    /// `k`: the camera panel (the camera's controls) on / off.
    case toggleCameraPanel
    /// With the panel open: ↑ ↓ choose a control, ← → change it, `r` back to its default.
    case panelSelect(Int)
    case panelChange(Int)
    case panelReset

    /// The key bindings (`KeyGuide` lists them for people; `KeyGuideTests` checks it names only bound keys). While the camera panel is
    /// open, the arrows, `r` and Esc work the panel (`panelKeys`).
    public static func forKey(_ key: Key, panelOpen: Bool = false) -> Command? {
        if panelOpen, let c = panelKeys(key) { return c }
        switch key {
        case .digit(0): return .resetView
        case .digit(let n) where (1...8).contains(n): return .setMode(VisionMode.allCases[n - 1])
        case .leftBracket: return .severity(delta: -0.1)
        case .rightBracket: return .severity(delta: 0.1)
        case .plus: return .zoom(factor: ViewState.zoomStep, at: nil)
        case .minus: return .zoom(factor: 1 / ViewState.zoomStep, at: nil)
        case .left: return .pan(dx: -ViewState.panStep, dy: 0)
        case .right: return .pan(dx: ViewState.panStep, dy: 0)
        case .up: return .pan(dx: 0, dy: -ViewState.panStep)
        case .down: return .pan(dx: 0, dy: ViewState.panStep)
        case .comma: return .moveDivider(delta: -0.05)
        case .period: return .moveDivider(delta: 0.05)
        case .space: return .toggleFreeze
        case .f1: return .toggleHelp
        case .escape: return .escape
        case .pageDown: return .stepMode(1)
        case .pageUp: return .stepMode(-1)
        case .other: return .unbound
        case .delete, .backspace: return .clearProbes
        case .tab: return .holdOriginal(true)
        case .letter(let c):
            switch c {
            case "m": return .cycleModel
            case "v": return .cycleLayout
            case "f": return .toggleFullscreen
            case "F": return .fullscreenOnNextDisplay
            case "s": return .snapshot
            case "h": return .toggleHelp
            case "q": return .quit
            case "p": return .probeAtPointer
            case "o": return .toggleVirtualCamera
            case "c": return .toggleCaption
            case "a": return .toggleCycle
            case "x": return .pickAtPointer
            case "d": return .toggleAssist
            case "i": return .toggleStats
            case "l": return .toggleFramed
            case "r": return .rotate
            case "e": return .mirror
            case "t": return .straighten
            case "b": return .togglePen
            case "g": return .grabStill
            case "G": return .saveStill
            case "u": return .undoStroke
            case "U": return .clearStrokes
            case "w": return .whiteCard
            case "n": return .nextCamera
            case "k": return .toggleCameraPanel
            case "z": return .cycleCheck
            case "R": return .pickScreenRegion
            default: return .unbound
            }
        default: return .unbound
        }
    }

    /// The camera panel's keys: they would pan, or do nothing, otherwise.
    static func panelKeys(_ key: Key) -> Command? {
        switch key {
        case .up: .panelSelect(-1)
        case .down: .panelSelect(1)
        case .left: .panelChange(-1)
        case .right: .panelChange(1)
        case .letter("r"): .panelReset
        case .escape: .toggleCameraPanel
        default: nil
        }
    }

    /// Lines for the help sheet, in the window's language: key, what it does (from `KeyGuide`).
    public static var helpLines: [(String, String)] {
        viewHelpLines + teachingHelpLines + cameraHelpLines + KeyGuide.sheetLines(.document)
    }

    /// Looking: modes, zoom, layouts, the window.
    public static var viewHelpLines: [(String, String)] { KeyGuide.sheetLines(.looking) }

    /// Teaching: probes, the confusion map, captions, the assist, the virtual camera.
    public static var teachingHelpLines: [(String, String)] { KeyGuide.sheetLines(.teaching) }

    /// The camera: colour balance, which camera.
    public static var cameraHelpLines: [(String, String)] { KeyGuide.sheetLines(.camera) }
}

/// A point in normalised view coordinates (0…1 across the picture area).
public struct Point: Equatable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
