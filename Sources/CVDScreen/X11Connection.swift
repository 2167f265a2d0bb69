import CVDSources
import CVDSystem
import CX11Screen
import Glibc

/// A connection to the X server whose screen is read: one per screen source, used only
/// from the source's thread (Xlib is not thread-safe without XInitThreads, and SDL has a
/// connection of its own).
// @unchecked: used by one thread at a time — made on the caller's, then only the source's.
final class X11Connection: @unchecked Sendable {
    let display: OpaquePointer
    let root: Window
    /// The root window: the whole screen, in real pixels.
    let screen: ScreenRect
    /// What the server offers.
    let hasShm: Bool
    let damageEventBase: Int32?
    let randrEventBase: Int32?
    let hasFixes: Bool

    /// Opens the display named by DISPLAY (wraps `XOpenDisplay`) and asks which
    /// extensions it has (`XShmQueryExtension`, `XDamageQueryExtension`,
    /// `XRRQueryExtension`, `XFixesQueryExtension`).
    /// `sharedMemory`: MIT-SHM used where the server has it.
    init(sharedMemory: Bool = true) throws(ScreenError) {
        let name = getenv("DISPLAY").map { String(cString: $0) }
        if name == nil || name!.isEmpty {
            let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
            throw wayland.isEmpty ? .noDisplay(nil) : .wayland
        }
        guard let d = XOpenDisplay(nil) else { throw .noDisplay(name) }
        cvd_x11_catch_errors()
        display = d
        root = XDefaultRootWindow(d)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(d, root, &attributes)
        screen = ScreenRect(x: 0, y: 0, width: Int(attributes.width), height: Int(attributes.height))
        hasShm = sharedMemory && XShmQueryExtension(d) != 0
        var event: Int32 = 0
        var error: Int32 = 0
        damageEventBase = XDamageQueryExtension(d, &event, &error) != 0 ? event : nil
        randrEventBase = XRRQueryExtension(d, &event, &error) != 0 ? event : nil
        hasFixes = XFixesQueryExtension(d, &event, &error) != 0
    }

    deinit { XCloseDisplay(display) }

    /// The root window's size now (wraps `XGetWindowAttributes`): the screen after a monitor
    /// was plugged in or out.
    func currentScreen() -> ScreenRect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        return ScreenRect(x: 0, y: 0, width: Int(attributes.width), height: Int(attributes.height))
    }

    /// Returns when the server has sent something (an event, queued or on the socket) or
    /// after `seconds` (wraps poll(2) on `XConnectionNumber`).
    func waitForEvents(seconds: Double) {
        guard XPending(display) == 0 else { return }
        var socket = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        _ = poll(&socket, 1, Int32(seconds * 1000))
    }

    /// The monitors (wraps `XRRGetMonitors`, RandR 1.5); nil when the server has no RandR
    /// monitors (then the screen is one), empty when it lists none (every output off).
    func monitors() -> [Monitor]? {
        var event: Int32 = 0
        var error: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0 else { return nil }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, root, 1, &count) else { return count == 0 ? [] : nil }
        defer { XRRFreeMonitors(list) }
        // `list` holds `count` monitors (Xlib's allocation, freed above).
        return (0..<Int(count)).map { i in
            let m = list[i]
            let atomName = XGetAtomName(display, m.name)
            defer { if let atomName { XFree(atomName) } }
            return Monitor(
                name: atomName.map { PathName.argument($0) } ?? "monitor \(i + 1)",
                rect: ScreenRect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height)),
                primary: m.primary != 0)
        }
    }
}
