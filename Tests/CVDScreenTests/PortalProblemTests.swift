import Testing

@testable import CVDScreen

/// The portal code's lines (Sources/CVDPortal/portal.c, with their details filled in as
/// they come) and the footer's sentence each gets, which the catalogues translate.
@Suite struct PortalProblemTests {
    @Test(
        arguments: [
            (
                "cannot ask the desktop for the screen: no D-Bus session (Cannot autolaunch D-Bus without X11 $DISPLAY)",
                PortalProblem.noSession
            ),
            (
                "the desktop offers no screen sharing (no xdg-desktop-portal with a ScreenCast backend): install xdg-desktop-portal and your desktop's portal (xdg-desktop-portal-gnome, -kde or -wlr)",
                .noPortal
            ),
            ("screen sharing was cancelled: start cvdcam --screen again and choose a monitor", .cancelled),
            (
                "screen sharing was cancelled in the desktop's dialog: start cvdcam --screen again and choose a monitor",
                .cancelled
            ),
            ("the desktop did not share the screen (its portal answered that it failed)", .refused),
            ("the desktop refused a screen-sharing session", .refused),
            ("the desktop's screen-sharing portal failed at Start: No such interface", .refused),
            ("the desktop shared no monitor", .refused),
            (
                "PipeWire is not running, so the desktop cannot hand over the screen (…): start it (systemctl --user start pipewire)",
                .noPipeWire
            ),
            ("PipeWire could not connect to the screen's stream", .noPipeWire),
            (
                "the screen's stream stopped: the desktop stopped sharing it, or the monitor went away; the last picture stays until it comes back",
                .stopped
            ),
            (
                "the screen's stream ended (PipeWire: error): the desktop stopped sharing it, or the monitor went away; start cvdcam --screen again to show it",
                .ended
            ),
        ] as [(String, PortalProblem)])
    func eachLineGetsItsSentence(line: String, problem: PortalProblem) {
        #expect(PortalProblem(line: line) == problem)
    }

    /// Each sentence says what to do, or what stays, after what happened.
    @Test func everySentenceSaysWhatNext() {
        for p in PortalProblem.allCases {
            #expect(p.footer.contains(":"), "\(p): \(p.footer)")
        }
        #expect(Set(PortalProblem.allCases.map(\.footer)).count == PortalProblem.allCases.count)
    }
}
