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
    /// What was drawn since the last look, as the server reported it (inside the screen).
    private var drawn: [ScreenRect] = []
    /// A change of the screen's layout reported and not yet taken (`takeScreenChange`).
    private var layoutChanged = false
    /// Past this many rectangles kept, they are kept as the one that holds them all.
    static let most = 512

    /// Starts watching the whole screen (wraps `XDamageCreate` with
    /// `XDamageReportRawRectangles`: an event with the rectangle of each drawing, so that
    /// what changed is known from the events alone, without asking the server for its
    /// region — a round trip a frame). Nil when the server has no DAMAGE.
    init?(_ connection: X11Connection) {
        guard let base = connection.damageEventBase else { return nil }
        x = connection
        notify = cvd_x11_damage_notify(base)
        damage = XDamageCreate(connection.display, connection.root, Int32(XDamageReportRawRectangles))
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
            if event.type == notify {
                let a = cvd_x11_damage_area(&event)
                drawn.append(ScreenRect(x: Int(a.x), y: Int(a.y), width: Int(a.width), height: Int(a.height)))
                if drawn.count > Self.most { drawn = [drawn.dropFirst().reduce(drawn[0]) { $0.union($1) }] }
            }
            if layoutEvents.contains(event.type) {
                // Xlib's idea of the screen's size follows (XRRUpdateConfiguration takes
                // RandR's screen change and the root's ConfigureNotify); the source reads
                // all of it again where the monitor is now.
                XRRUpdateConfiguration(&event)
                layoutChanged = true
            }
        }
    }

    /// What changed in `rect` since the last call, in screen pixels (each part inside
    /// `rect`), leaving out what lies wholly inside `ignoring` (cvdcam's own window, which
    /// redraws every frame); nil when nothing did.
    func changed(in rect: ScreenRect, ignoring: ScreenRect?) -> [ScreenRect]? {
        drain()
        guard !drawn.isEmpty else { return nil }
        defer { drawn.removeAll(keepingCapacity: true) }
        // The server also gathers the reports into the damage's region, which nothing here
        // reads: emptied, so that it does not grow for the whole run (no reply waited for).
        XDamageSubtract(x.display, damage, 0, 0)
        var changed: [ScreenRect] = []
        for r in drawn {
            let area = r.intersection(rect)
            if area.isEmpty { continue }
            if let ignoring, ignoring.contains(area) { continue }
            changed.append(area)
        }
        return changed.isEmpty ? nil : changed
    }
}
