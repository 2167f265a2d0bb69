import CSDL2
import Foundation

/// Getting SDL's video up on a real display, with the renderer that is fastest there.
enum DisplayStart {
    /// Starts SDL video on a real display. Without `SDL_VIDEODRIVER` set, only real
    /// display drivers are tried (Wayland and X11 when their sockets are named, then
    /// KMS/DRM): SDL would otherwise fall back to its invisible "offscreen" driver and
    /// cvdcam would show a window nobody can see. Set SDL_VIDEODRIVER=offscreen or dummy
    /// to run headless on purpose (tests). Wraps `SDL_Init(SDL_INIT_VIDEO)`.
    static func video() throws(ViewerError) {
        useUTF8Locale()
        let env = ProcessInfo.processInfo.environment
        let explicit = env["SDL_VIDEODRIVER"].map { !$0.isEmpty } ?? false
        if !explicit {
            var drivers: [String] = []
            if env["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) ?? false { drivers.append("wayland") }
            if env["DISPLAY"].map({ !$0.isEmpty }) ?? false { drivers.append("x11") }
            drivers.append("kmsdrm")
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ","))
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw .noDisplay(String(cString: SDL_GetError())) }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !explicit, driver == "offscreen" || driver == "dummy" {
            SDL_Quit()
            throw .noDisplay("only the \(driver) driver is available")
        }
    }

    /// Xlib converts window titles through the C library's locale: in the "C" locale that
    /// every program starts in, SDL's UTF-8 title reaches `WM_NAME` as mojibake and
    /// `_NET_WM_NAME` (what window lists and screen readers read) is never set. Takes the
    /// user's locale for character types (wraps `setlocale(LC_CTYPE, "")`), or C.UTF-8
    /// when that is not UTF-8.
    private static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Without a GPU, SDL's OpenGL renderer runs on Mesa's llvmpipe, many times slower per
    /// 1080p present than SDL's own software renderer (README, "Live view"). So when the
    /// machine has no DRM render node, ask for the software renderer (SDL_RENDER_DRIVER,
    /// an SDL variable, overrides).
    static func chooseRenderer() {
        guard ProcessInfo.processInfo.environment["SDL_RENDER_DRIVER"].map({ $0.isEmpty }) ?? true else { return }
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        if !nodes.contains(where: { $0.hasPrefix("renderD") }) {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        }
    }
}
