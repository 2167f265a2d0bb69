import CVDSystem

/// Why the live view could not start or go on.
public enum ViewerError: Error, CustomStringConvertible {
    case noDisplay(String)
    /// The X display answers, but every monitor on it is switched off (no RandR output has
    /// a CRTC): SDL's X11 driver then finds no display. Its name.
    case monitorsOff(String)
    /// A Wayland compositor without keyboard or mouse (no wl_seat): SDL 2.26 cannot start there.
    case waylandWithoutSeat
    case fontMissing([String])
    /// `--font FILE` cannot be used, and why.
    case fontUnusable(String, String)
    /// `--display N` names no display; the displays there are, described.
    case noSuchDisplay(Int, [String])
    case sdl(String, String)
    /// `--straighten`'s corners make no page in this picture.
    case badCorners(String)

    public var description: String {
        switch self {
        case .noDisplay:
            "no display found; use `cvdcam convert` or `cvdcam snapshot` for files"
        case .monitorsOff(let name):
            "the X display \(name) answers, but every monitor on it is switched off (no RandR output is on): switch one on (xrandr --auto, or the desktop's display settings)"
        case .waylandWithoutSeat:
            "the Wayland compositor has no keyboard or mouse (no input seat), where SDL 2.26 cannot open a window; connect one, or use X11 (SDL_VIDEODRIVER=x11)"
        case .noSuchDisplay(let n, let displays):
            "there is no display \(n); --display takes 1–\(displays.count): \(displays.joined(separator: "; "))"
        case .fontMissing(let tried):
            "the DejaVu Sans font is missing (looked in \(tried.joined(separator: ", "))); install it: sudo apt-get install fonts-dejavu-core"
        case .fontUnusable(let path, let why):
            "cannot use the font '\(PathName.shown(path))': \(why); give a TrueType or OpenType file (--font), or leave --font out for DejaVu Sans"
        case .sdl(let what, let why):
            "\(what) failed: \(why)"
        case .badCorners(let why):
            "--straighten: \(why); give the page's four corners in the picture's pixels"
        }
    }
}
