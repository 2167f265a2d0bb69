/// Why the live view could not start or go on.
public enum ViewerError: Error, CustomStringConvertible {
    case noDisplay(String)
    case fontMissing([String])
    case sdl(String, String)

    public var description: String {
        switch self {
        case .noDisplay:
            "no display found; use `cvdcam convert` or `cvdcam snapshot` for files"
        case .fontMissing(let tried):
            "the DejaVu Sans font is missing (looked in \(tried.joined(separator: ", "))); install it: sudo apt-get install fonts-dejavu-core"
        case .sdl(let what, let why):
            "\(what) failed: \(why)"
        }
    }
}
