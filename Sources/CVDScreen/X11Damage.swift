import CVDSources
import CX11Screen

/// Which parts of the screen changed since the last look (the DAMAGE extension: the server
/// reports drawing anywhere on the root window and its windows), so that a still desktop is
/// not read again — it costs next to nothing — and a changing one only where it changed;
/// and whether the screen's layout changed (RandR: a monitor plugged in or out, switched
/// off, set or deleted, moved or resized), which its events come with.
final class X11Damage {
    private let x: X11Connection
    private let damage: Damage
    private let notify: Int32
    private let layoutEvents: Set<Int32>
    /// Changes reported and not yet looked at.
    private var pending = true
    /// A change of the screen's layout reported and not yet taken (`takeScreenChange`).
    private var layoutChanged = false

    /// Starts watching the whole screen (wraps `XDamageCreate` with
    /// `XDamageReportNonEmpty`: one event when the damage goes from none to some). Nil
    /// when the server has no DAMAGE.
    init?(_ connection: X11Connection) {
        guard let base = connection.damageEventBase else { return nil }
        x = connection
        notify = cvd_x11_damage_notify(base)
        damage = XDamageCreate(connection.display, connection.root, Int32(XDamageReportNonEmpty))
        let randr = connection.randrEventBase.map { [cvd_x11_screen_change_notify($0), cvd_x11_rr_notify($0)] } ?? []
        layoutEvents = Set(randr + [ConfigureNotify])
        cvd_x11_select_screen_changes(connection.display, connection.root, randr.isEmpty ? 0 : 1)
        XFlush(connection.display)
    }

    deinit { XDamageDestroy(x.display, damage) }

    /// Whether the screen's layout changed since the last call.
    func takeScreenChange() -> Bool {
        drain()
        defer { layoutChanged = false }
        return layoutChanged
    }

    /// Takes the events that came (XPending, XNextEvent); other events are not asked for.
    private func drain() {
        while XPending(x.display) > 0 {
            var event = XEvent()
            XNextEvent(x.display, &event)
            if event.type == notify { pending = true }
            if layoutEvents.contains(event.type) {
                // Xlib's idea of the screen's size follows (XRRUpdateConfiguration takes
                // RandR's screen change and the root's ConfigureNotify); all is read again.
                XRRUpdateConfiguration(&event)
                (layoutChanged, pending) = (true, true)
            }
        }
    }

    /// What changed in `rect` since the last call, in screen pixels (each part inside
    /// `rect`), leaving out what lies wholly inside `ignoring` (cvdcam's own window, which
    /// redraws every frame); nil when nothing did. Without XFIXES, whose regions carry the
    /// parts, a change is all of `rect`.
    func changed(in rect: ScreenRect, ignoring: ScreenRect?) -> [ScreenRect]? {
        drain()
        guard pending else { return nil }
        pending = false
        guard x.hasFixes else {
            XDamageSubtract(x.display, damage, 0, 0)
            return [rect]
        }
        // What was damaged, taken and cleared (XDamageSubtract into an XFixes region).
        let parts = XFixesCreateRegion(x.display, nil, 0)
        defer { XFixesDestroyRegion(x.display, parts) }
        XDamageSubtract(x.display, damage, 0, parts)
        var count: Int32 = 0
        guard let rects = XFixesFetchRegion(x.display, parts, &count) else { return [rect] }
        defer { XFree(rects) }
        // `rects` holds `count` rectangles (Xlib's allocation, freed above).
        var changed: [ScreenRect] = []
        for i in 0..<Int(count) {
            let r = rects[i]
            let area = ScreenRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
                .intersection(rect)
            if area.isEmpty { continue }
            if let ignoring, ignoring.contains(area) { continue }
            changed.append(area)
        }
        return changed.isEmpty ? nil : changed
    }
}
