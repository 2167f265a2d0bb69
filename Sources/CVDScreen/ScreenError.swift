import CVDSources
import CVDSystem

/// Why the screen cannot be shown: one line each, saying what exists or what to do.
public enum ScreenError: Error, Equatable, CustomStringConvertible {
    /// No X server to read (no DISPLAY, or it does not answer).
    case noDisplay(String?)
    /// A Wayland session: its screen is not readable through X11 (XWayland shows only the
    /// X programs' windows).
    case wayland
    /// `--screen NAME` names no monitor; the monitors there are.
    case unknownMonitor(String, [Monitor])
    /// `--region` is not X11 geometry.
    case malformedGeometry(String)
    /// `--region` lies (partly) off the screen.
    case regionOffScreen(ScreenRect, ScreenRect)

    public var description: String {
        switch self {
        case .noDisplay(let name?):
            "cannot read the screen: the X display \(PathName.shown(name)) does not answer (is DISPLAY right?)"
        case .noDisplay(nil):
            "cannot read the screen: no X display (DISPLAY is not set); run cvdcam on the desktop whose screen it should show"
        case .wayland:
            "cannot read the screen of a Wayland session yet (through XWayland only X programs' windows would show): log in with an X11 session (\"GNOME on Xorg\") for --screen, or show the slides as a picture file (--image)"
        case .unknownMonitor(let given, let monitors):
            "there is no monitor \"\(PathName.shown(given))\"; the monitors are "
                + monitors.numbered.enumerated().map { $0.element.described($0.offset + 1) }.joined(separator: "; ")
        case .malformedGeometry(let text):
            "--region takes X11 geometry WxH+X+Y, as xwininfo prints it (e.g. 800x600+100+50); not \"\(PathName.shown(text))\""
        case .regionOffScreen(let region, let screen):
            "--region \(region) goes off the screen, which is \(screen.width)x\(screen.height): give a region inside it"
        }
    }
}
