import CSDL2
import CVDSystem

/// The outputs SDL sees (monitors, projectors), numbered from 1 as desktops' display
/// settings number them; SDL's own index is one less.
enum Displays {
    /// How many there are (wraps `SDL_GetNumVideoDisplays`).
    static var count: Int32 { max(0, SDL_GetNumVideoDisplays()) }

    /// "2: HDMI-1, 1920×1080 at 1920,0" (`ofAll`: "2 of 2: …") for SDL's display `index`
    /// (wraps `SDL_GetDisplayName`, `SDL_GetDisplayBounds`).
    static func describe(_ index: Int32, ofAll: Bool = false) -> String {
        let number = ofAll ? "\(index + 1) of \(count)" : "\(index + 1)"
        // SDL 2.26's Wayland driver names every output "none".
        let name =
            SDL_GetDisplayName(index).map { PathName.shown(PathName.argument($0)) }.flatMap {
                ["", "none"].contains($0) ? nil : $0 + ", "
            } ?? ""
        var b = SDL_Rect()
        guard SDL_GetDisplayBounds(index, &b) == 0 else { return "\(number): \(name)unknown size" }
        return "\(number): \(name)\(b.w)×\(b.h) at \(b.x),\(b.y)"
    }

    /// Every display, described.
    static var all: [String] { (0..<count).map { describe($0) } }

    /// `SDL_WINDOWPOS_CENTERED_DISPLAY(index)`: a window position centred on that display.
    static func centred(on index: Int32) -> Int32 { cvd_SDL_WINDOWPOS_CENTERED() | index }
}
