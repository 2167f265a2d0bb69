import CVDCore

/// What the desktop's portal or PipeWire refused or dropped, said in the window's footer in
/// the window's language. The terminal gets the portal code's whole English line, with its
/// details (the D-Bus or PipeWire error); the footer, one of these sentences, chosen by how
/// that line begins (the lines are cvdcam's own: Sources/CVDPortal/portal.c).
enum PortalProblem: CaseIterable {
    case noSession, noPortal, cancelled, refused, noPipeWire, stopped, ended

    /// The kind of problem `line` (from portal.c) says.
    init(line: String) {
        let starts: [(String, PortalProblem)] = [
            ("cannot ask the desktop for the screen", .noSession),
            ("the desktop offers no screen sharing", .noPortal),
            ("screen sharing was cancelled", .cancelled),
            ("PipeWire", .noPipeWire),
            ("the screen's stream stopped", .stopped),
            ("the screen's stream ended", .ended),
        ]
        self = starts.first { line.hasPrefix($0.0) }?.1 ?? .refused
    }

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
