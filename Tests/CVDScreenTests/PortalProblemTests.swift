import Testing

@testable import CVDScreen

/// Each problem the portal or PipeWire can give: the terminal's line (what happened, the
/// library's words, what to do) and the footer's sentence, which the catalogues translate.
@Suite struct PortalProblemTests {
    @Test(
        arguments: [
            (
                PortalProblem.noSession("Cannot autolaunch D-Bus without X11 $DISPLAY"),
                "cannot ask the desktop for the screen: no D-Bus session (Cannot autolaunch D-Bus without X11 $DISPLAY)",
                PortalProblem.Kind.noSession
            ),
            (
                .noPortal,
                "the desktop offers no screen sharing (no xdg-desktop-portal with a ScreenCast backend): install xdg-desktop-portal and your desktop's portal (xdg-desktop-portal-gnome, -kde or -wlr)",
                .noPortal
            ),
            (.noMonitors, "the desktop's screen-sharing portal shares no monitors", .refused),
            (
                .callFailed("SelectSources", "Restore token is not a valid UUID string"),
                "the desktop's screen-sharing portal failed at SelectSources: Restore token is not a valid UUID string",
                .refused
            ),
            (
                .notAnswered(seconds: 120),
                "the desktop's screen-sharing dialog was not answered within 120 s: start cvdcam --screen again and choose a monitor",
                .refused
            ),
            (.sessionRefused, "the desktop refused a screen-sharing session", .refused),
            (.noSessionHandle, "the desktop's screen-sharing portal answered without a session", .refused),
            (
                .cancelled(inDialog: false),
                "screen sharing was cancelled: start cvdcam --screen again and choose a monitor",
                .cancelled
            ),
            (
                .cancelled(inDialog: true),
                "screen sharing was cancelled in the desktop's dialog: start cvdcam --screen again and choose a monitor",
                .cancelled
            ),
            (.notChosen, "the desktop did not let cvdcam choose a monitor", .refused),
            (.startFailed, "the desktop did not share the screen (its portal answered that it failed)", .refused),
            (.sharedNothing, "the desktop shared no monitor", .refused),
            (
                .noPipeWire("Couldn't connect to PipeWire"),
                "PipeWire is not running, so the desktop cannot hand over the screen (Couldn't connect to PipeWire): start it (systemctl --user start pipewire)",
                .noPipeWire
            ),
            (.noConnection, "the desktop handed over no PipeWire connection", .refused),
            (.pipeWireStart, "PipeWire could not be started in cvdcam", .noPipeWire),
            (
                .pipeWireRefused,
                "PipeWire did not take the desktop's screen stream: is PipeWire running (systemctl --user status pipewire)?",
                .noPipeWire
            ),
            (
                .streamNotConnected("No such file or directory"),
                "PipeWire could not connect to the screen's stream (No such file or directory)", .noPipeWire
            ),
            (
                .stopped,
                "the screen's stream stopped: the desktop stopped sharing it, or the monitor went away; the last picture stays until it comes back",
                .stopped
            ),
            (
                .ended("error"),
                "the screen's stream ended (PipeWire: error): the desktop stopped sharing it, or the monitor went away; start cvdcam --screen again to show it",
                .ended
            ),
            (
                .ended(""),
                "the screen's stream ended: the desktop stopped sharing it, or the monitor went away; start cvdcam --screen again to show it",
                .ended
            ),
        ] as [(PortalProblem, String, PortalProblem.Kind)])
    func eachProblemItsLineAndSentence(problem: PortalProblem, line: String, kind: PortalProblem.Kind) {
        #expect(problem.line == line)
        #expect(problem.kind == kind)
        #expect(problem.footer == kind.footer)
    }

    /// Each sentence says what to do, or what stays, after what happened.
    @Test func everySentenceSaysWhatNext() {
        for kind in PortalProblem.Kind.allCases {
            #expect(kind.footer.contains(":"), "\(kind): \(kind.footer)")
        }
        #expect(Set(PortalProblem.Kind.allCases.map(\.footer)).count == PortalProblem.Kind.allCases.count)
    }
}
