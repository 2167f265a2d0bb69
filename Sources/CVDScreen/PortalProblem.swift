import CVDCore

/// What the desktop's portal or PipeWire refused or dropped: the terminal gets `line` (what
/// happened, with GLib's or PipeWire's own words where they gave any, and what to do); the
/// window's footer gets `footer`, one sentence of `Kind` in the window's language.
enum PortalProblem: Error, Equatable {
    /// No D-Bus session bus (GLib's words).
    case noSession(String)
    /// No portal with screen sharing.
    case noPortal
    /// The portal shares no monitors.
    case noMonitors
    /// A portal call failed (the method, D-Bus's words).
    case callFailed(String, String)
    /// The request's answer did not come within so many seconds.
    case notAnswered(seconds: Int)
    /// CreateSession refused, or granted without a session.
    case sessionRefused, noSessionHandle
    /// Cancelled by the teacher: in the monitor choice (SelectSources) or the dialog (Start).
    case cancelled(inDialog: Bool)
    /// SelectSources or Start answered that they failed; Start named no stream.
    case notChosen, startFailed, sharedNothing
    /// OpenPipeWireRemote failed (D-Bus's words), or handed over no connection.
    case noPipeWire(String)
    case noConnection
    /// PipeWire could not be started here, did not take the connection, or the stream could
    /// not be connected (PipeWire's words).
    case pipeWireStart, pipeWireRefused
    case streamNotConnected(String)
    /// The stream stopped (it may come back), or ended for good (PipeWire's words, if any).
    case stopped
    case ended(String)

    /// The footer's kinds of problem, each one sentence in the catalogues.
    enum Kind: CaseIterable {
        case noSession, noPortal, cancelled, refused, noPipeWire, stopped, ended
    }

    var kind: Kind {
        switch self {
        case .noSession: .noSession
        case .noPortal: .noPortal
        case .cancelled: .cancelled
        case .noMonitors, .callFailed, .notAnswered, .sessionRefused, .noSessionHandle, .notChosen, .startFailed,
            .sharedNothing, .noConnection:
            .refused
        case .noPipeWire, .pipeWireStart, .pipeWireRefused, .streamNotConnected: .noPipeWire
        case .stopped: .stopped
        case .ended: .ended
        }
    }

    /// The terminal's line (English, as cvdcam's other terminal lines).
    var line: String {
        let again = "start cvdcam --screen again and choose a monitor"
        let gone = "the desktop stopped sharing it, or the monitor went away"
        return switch self {
        case .noSession(let why): "cannot ask the desktop for the screen: no D-Bus session (\(why))"
        case .noPortal:
            "the desktop offers no screen sharing (no xdg-desktop-portal with a ScreenCast backend): install xdg-desktop-portal and your desktop's portal (xdg-desktop-portal-gnome, -kde or -wlr)"
        case .noMonitors: "the desktop's screen-sharing portal shares no monitors"
        case .callFailed(let method, let why): "the desktop's screen-sharing portal failed at \(method): \(why)"
        case .notAnswered(let seconds):
            "the desktop's screen-sharing dialog was not answered within \(seconds) s: \(again)"
        case .sessionRefused: "the desktop refused a screen-sharing session"
        case .noSessionHandle: "the desktop's screen-sharing portal answered without a session"
        case .cancelled(false): "screen sharing was cancelled: \(again)"
        case .cancelled(true): "screen sharing was cancelled in the desktop's dialog: \(again)"
        case .notChosen: "the desktop did not let cvdcam choose a monitor"
        case .startFailed: "the desktop did not share the screen (its portal answered that it failed)"
        case .sharedNothing: "the desktop shared no monitor"
        case .noPipeWire(let why):
            "PipeWire is not running, so the desktop cannot hand over the screen (\(why)): start it (systemctl --user start pipewire)"
        case .noConnection: "the desktop handed over no PipeWire connection"
        case .pipeWireStart: "PipeWire could not be started in cvdcam"
        case .pipeWireRefused:
            "PipeWire did not take the desktop's screen stream: is PipeWire running (systemctl --user status pipewire)?"
        case .streamNotConnected(let why): "PipeWire could not connect to the screen's stream (\(why))"
        case .stopped: "the screen's stream stopped: \(gone); the last picture stays until it comes back"
        case .ended(""): "the screen's stream ended: \(gone); start cvdcam --screen again to show it"
        case .ended(let why):
            "the screen's stream ended (PipeWire: \(why)): \(gone); start cvdcam --screen again to show it"
        }
    }

    /// The footer's sentence (English; `tr` translates it when drawn).
    var footer: String { kind.footer }
}

extension PortalProblem.Kind {
    /// The footer's sentence (English; `tr` translates it when drawn).
    var footer: String {
        switch self {
        // translators: in the window's footer: --screen on a console without a desktop session
        case .noSession: N_("cannot ask the desktop for the screen: there is no desktop session (D-Bus)")
        // translators: in the window's footer: the desktop has no xdg-desktop-portal for screen sharing
        case .noPortal:
            N_("the desktop offers no screen sharing: install xdg-desktop-portal and your desktop's portal")
        // translators: in the window's footer: the teacher pressed Cancel in the desktop's screen-sharing dialog
        case .cancelled:
            N_("screen sharing was cancelled in the desktop's dialog: start cvdcam --screen again and choose a monitor")
        // translators: in the window's footer: the desktop's portal refused or failed (the terminal says why)
        case .refused: N_("the desktop did not share the screen: start cvdcam --screen again (the terminal says why)")
        // translators: in the window's footer: PipeWire, which carries the screen's pictures, is not running
        case .noPipeWire:
            N_(
                "PipeWire is not running, so the desktop cannot hand over the screen: start it (systemctl --user start pipewire)"
            )
        // translators: in the window's footer: the screen's stream paused (its last picture stays)
        case .stopped:
            N_(
                "the screen's stream stopped: the desktop stopped sharing it, or the monitor went away; the last picture stays until it comes back"
            )
        // translators: in the window's footer: the screen's stream ended for good
        case .ended:
            N_(
                "the screen's stream ended: the desktop stopped sharing it, or the monitor went away; start cvdcam --screen again to show it"
            )
        }
    }
}
