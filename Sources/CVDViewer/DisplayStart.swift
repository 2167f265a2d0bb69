import CSDL2
import CSDL2X11
import CWayland
import FoundationEssentials
import Glibc

/// Getting SDL's video up on a real display, with the renderer that is fastest there.
enum DisplayStart {
    /// Starts SDL video on a real display. Without `SDL_VIDEODRIVER` set, only real
    /// display drivers are tried (Wayland and X11 when their sockets are named, then
    /// KMS/DRM): SDL would otherwise fall back to its invisible "offscreen" driver and
    /// cvdcam would show a window nobody can see. Set SDL_VIDEODRIVER=offscreen or dummy
    /// to run headless on purpose (tests). A Wayland compositor without an input seat is
    /// skipped (X11 through Xwayland is tried instead) or, when Wayland was asked for,
    /// refused with a clear error: SDL 2.26 crashes starting there (see `CWayland`).
    /// Wraps `SDL_Init(SDL_INIT_VIDEO)`.
    static func video() throws(ViewerError) {
        useUTF8Locale()
        acceptQuitSignals()
        let env = ProcessInfo.processInfo.environment
        func named(_ key: String) -> Bool { env[key].map { !$0.isEmpty } ?? false }
        let explicit = named("SDL_VIDEODRIVER")
        var seatless = false
        if explicit {
            let first = env["SDL_VIDEODRIVER", default: ""].split(separator: ",").first
            if first == "wayland", cvd_wayland_has_seat() == 0 { throw .waylandWithoutSeat }
        } else {
            var drivers: [String] = []
            if named("WAYLAND_DISPLAY") {
                seatless = cvd_wayland_has_seat() == 0
                if !seatless { drivers.append("wayland") }
            }
            if named("DISPLAY") { drivers.append("x11") }
            drivers.append("kmsdrm")
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ","))
        }
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            if seatless { throw .waylandWithoutSeat }
            // An X server whose monitors are all off answers, but SDL finds no display there.
            if named("DISPLAY"), cvd_x11_outputs_on() == 0 { throw .monitorsOff(env["DISPLAY", default: ""]) }
            throw .noDisplay(String(cString: SDL_GetError()))
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !explicit, driver == "offscreen" || driver == "dummy" {
            SDL_Quit()
            throw .noDisplay("only the \(driver) driver is available")
        }
    }

    /// SDL turns SIGINT and SIGTERM (Ctrl+C, a desktop's log-out) into a quit event, but a
    /// launcher may start cvdcam with them blocked (the signal mask is inherited; the test
    /// runner does this), and the window would then outlive a log-out. Unblocks both on
    /// this (the main) thread (wraps `pthread_sigmask`).
    private static func acceptQuitSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
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

    /// Whether the machine has a GPU's render node (`/dev/dri/renderD*`): without one, an
    /// OpenGL context could only be a CPU rasteriser (llvmpipe), and `--renderer auto` does
    /// not try it.
    static var hasRenderNode: Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") }
    }
}
