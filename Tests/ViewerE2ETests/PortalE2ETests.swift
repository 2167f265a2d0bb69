import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The screen through the desktop's ScreenCast portal (Wayland's way), against the real
/// xdg-desktop-portal with a test backend and a private PipeWire whose "monitor" is a
/// GStreamer picture of one colour (Tests/Portal/run-session; no compositor here can
/// screen-cast). cvdcam's window is on Xvfb. Colours within ±1 level of the simulation;
/// everything the portal or PipeWire refuses or drops is one line, and the view goes on.
@Suite(.serialized) struct PortalE2ETests {
    static let red = RGB8(0xD5, 0x28, 0x28)

    static var runSession: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Portal/run-session").path
    }

    /// cvdcam (`args`) inside a portal session (`session` options for run-session),
    /// its window on `x`.
    static func launch(
        _ x: XSession, _ args: [String], session: [String] = [], environment: [String: String] = [:]
    ) throws {
        for tool in ["/usr/libexec/xdg-desktop-portal", "/usr/bin/pipewire", "/usr/bin/wireplumber"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XSession.Failure("\(tool) is not installed (scripts/test installs it)")
        }
        try x.launch(
            session + ["--timeout", "120", "--", XSession.binary] + args, binary: runSession, environment: environment)
    }

    /// Ends the session gently: cvdcam quits (q), and run-session takes its servers with it
    /// (a TERM may not reach it: the test runner's children can have it blocked).
    static func stop(_ x: XSession) {
        guard let p = x.appProcess, p.isRunning else { return }
        try? x.quitKey("q")
        _ = XSession.poll(seconds: 15, every: 0.1) { !p.isRunning }
    }

    static func count(_ shot: RGBAImage, _ c: RGB8) -> Int { ScreenE2ETests.count(shot, c) }

    @Test func theSharedMonitorSimulatedWithinALevel() throws {
        let x = try XSession()
        defer {
            Self.stop(x)
            x.close()
        }
        try Self.launch(
            x, ["--screen", "--screen-from", "portal", "--mode", "deuteranopia"], session: ["--colour", "d52828"])
        try x.waitForOutput("cvdcam: reading the screen through the desktop's portal (PipeWire)", timeout: 30)
        let expected = FrameKernel(try Simulation(mode: .deuteranopia)).apply(Self.red)
        let shot = try x.waitForScreen { shot in
            let n = Self.count(shot, expected)
            return n > 100_000 ? nil : "\(expected.hexString) on \(n) pixels only"
        }
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/screen-portal.png")
        // Asked to remember the choice (persist_mode 2), one monitor, the pointer hidden.
        let log = x.readOutput()
        #expect(!log.contains("cvdcam: error"), "\(log)")
    }

    /// `--region` cuts its part from the stream: of SMPTE bars 640 pixels wide (seven bars
    /// of 91), a region inside the fourth shows its green alone — none of the yellow or cyan
    /// bars to its left, nor the magenta, red or blue to its right (white is the label's
    /// text too). The window takes the region's shape: 320 × 720 pixels here.
    @Test func aRegionOfTheStream() throws {
        let x = try XSession()
        defer {
            Self.stop(x)
            x.close()
        }
        try Self.launch(
            x,
            [
                "--screen", "--screen-from", "portal", "--region", "40x100+295+20", "--mode", "normal",
                "--labels-over-picture",
            ],
            session: ["--pattern", "smpte", "--size", "640x480"])
        // A channel over 150 is "on", under 60 "off".
        func bars(_ shot: RGBAImage) -> [String: Int] {
            var n: [String: Int] = [:]
            for y in stride(from: 0, to: shot.height, by: 2) {
                for x in stride(from: 0, to: shot.width, by: 2) {
                    let p = shot[x, y]
                    let on = [p.r, p.g, p.b].map { $0 > 150 ? "1" : $0 < 60 ? "0" : "?" }.joined()
                    n[on, default: 0] += 1
                }
            }
            return n
        }
        let shot = try x.waitForScreen { shot in
            let n = bars(shot)["010", default: 0]
            return n > 20_000 ? nil : "green on \(n) of every fourth pixel only"
        }
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/screen-portal-region.png")
        let seen = bars(shot)
        for (bar, name) in [("110", "yellow"), ("011", "cyan"), ("101", "magenta"), ("100", "red")] {
            #expect(seen[bar, default: 0] < 500, "\(name) on \(seen[bar, default: 0]) of every fourth pixel: \(seen)")
        }
        #expect(x.readOutput().contains("cvdcam: reading the screen through the desktop's portal"))
    }

    /// The desktop shares the monitor cvdcam's window is on (the portal puts it at 0,0, where
    /// Xvfb's one display is): one line, and the picture is held — the test scene, as no
    /// picture was taken — never the window inside itself.
    @Test func theWindowOnTheSharedMonitorHoldsThePicture() throws {
        let x = try XSession()
        defer {
            Self.stop(x)
            x.close()
        }
        try Self.launch(
            x, ["--screen", "--screen-from", "portal", "--mode", "normal"], session: ["--colour", "d52828"],
            environment: ["CVDCAM_TEST_POSITION": "0,0"])
        let line = "cvdcam: cvdcam's own window is on the monitor the desktop shares: the picture is held"
        try x.waitForOutput(line, timeout: 30)
        usleep(1_500_000)
        #expect(x.appProcess?.isRunning == true, "the view goes on")
        let shot = try x.screenshot()
        #expect(Self.count(shot, Self.red) < 1_000, "the shared monitor is not shown")
        #expect(
            Set(stride(from: 0, to: shot.pixels.count, by: 4 * 97).map { shot.pixels[$0] }).count > 20, "the test scene"
        )
        #expect(x.readOutput().components(separatedBy: "the picture is held").count <= 2, "said once")
    }

    /// The teacher is asked once: the second start offers the kept token, and the desktop
    /// (the portal) restores the choice instead of asking.
    @Test func askedOnceThenTheKeptChoice() throws {
        let x = try XSession()
        defer { x.close() }
        // Two cvdcam runs in one portal session (the permission store lives as long as it).
        // The test picture serves one stream per session (a compositor makes a node per
        // session), so the second run is checked by the portal's log, not its pictures.
        let script = """
            set -u
            export DISPLAY=\(x.display) SDL_FRAMEBUFFER_ACCELERATION=0 HOME=$CVDCAM_TEST_DIR
            '\(XSession.binary)' --screen --screen-from portal --screenshot first.png --screenshot-after 3 || exit 3
            test -s "$XDG_CONFIG_HOME/cvdcam/screen-portal-token" || exit 4
            echo "token: $(cat "$XDG_CONFIG_HOME/cvdcam/screen-portal-token")"
            timeout -s KILL 8 '\(XSession.binary)' --screen --screen-from portal > second.txt 2>&1
            grep -q "reading the screen through the desktop's portal" second.txt || exit 5
            cat "$CVDCAM_TEST_PORTAL_LOG"
            """
        let r = try XSession.runToEnd(
            Self.runSession, ["--timeout", "90", "--", "bash", "-c", "cd $CVDCAM_TEST_DIR && " + script],
            capture: .stdout)
        #expect(r.status == 0, "run-session: \(r.status): \(r.text)")
        let token = try #require(r.text.split(separator: "\n").first { $0.hasPrefix("token: ") }?.dropFirst(7))
        let selects = r.text.split(separator: "\n").filter { $0.contains("\"call\": \"SelectSources\"") }
        #expect(selects.count == 2, "\(r.text)")
        #expect(selects.allSatisfy { $0.contains("\"persist_mode\": 2") && $0.contains("\"types\": 1") })
        #expect(selects.first?.contains("\"restore_data\": null") == true, "the first start asks: \(r.text)")
        #expect(
            selects.last?.contains("\"restore_data\": [\"cvdcamtest\"") == true,
            "the second start offers the kept choice: \(r.text)")
        #expect(token.count == 36, "a UUID: \(token)")
    }

    /// The dialog cancelled, the portal failing, PipeWire not running: one line each, and
    /// the window stays, showing the test scene with the line.
    @Test(
        arguments: [
            (["CVDCAM_TEST_PORTAL": "cancel"], [], "screen sharing was cancelled in the desktop's dialog"),
            (["CVDCAM_TEST_PORTAL": "fail"], [], "the desktop did not share the screen"),
            ([:], ["--no-pipewire"], "PipeWire is not running, so the desktop cannot hand over the screen"),
        ] as [([String: String], [String], String)])
    func refusedOneLineAndTheViewGoesOn(environment: [String: String], session: [String], line: String) throws {
        let x = try XSession()
        defer {
            Self.stop(x)
            x.close()
        }
        try Self.launch(x, ["--screen", "--screen-from", "portal"], session: session, environment: environment)
        let out = try x.waitForOutput("cvdcam: " + line, timeout: 30)
        #expect(out.split(separator: "\n").filter { $0.contains(line) }.count == 1, "one line: \(out)")
        usleep(1_500_000)
        #expect(x.appProcess?.isRunning == true, "the view goes on")
        // The test scene (its colour bars: many distinct colours), not a black window.
        let shot = try x.screenshot()
        #expect(Set(stride(from: 0, to: shot.pixels.count, by: 4 * 97).map { shot.pixels[$0] }).count > 20)
    }

    /// The stream ends mid-lesson (the desktop stops sharing): one line, the last picture stays.
    @Test func theStreamEndsTheLastPictureStays() throws {
        let x = try XSession()
        defer {
            Self.stop(x)
            x.close()
        }
        try Self.launch(
            x, ["--screen", "--screen-from", "portal", "--mode", "normal"], session: ["--colour", "d52828"])
        try x.waitForScreen { Self.count($0, Self.red) > 100_000 ? nil : "no red picture" }
        // The test picture's GStreamer pipeline gone: its PipeWire node goes with it.
        // KILL: a TERM may be blocked in what the test runner starts.
        _ = try? XSession.runToEnd(
            "/usr/bin/pkill", ["-KILL", "-f", "gst-launch-1.0 -q videotestsrc"], capture: .stdout)
        try x.waitForOutput("cvdcam: the screen's stream stopped", timeout: 20)
        usleep(1_000_000)
        #expect(x.appProcess?.isRunning == true, "the view goes on")
        #expect(Self.count(try x.screenshot(), Self.red) > 100_000, "the last picture stays")
    }

    /// No D-Bus session at all (a bare console): one line.
    @Test func noDesktopSession() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(
            ["--screen", "--screen-from", "portal"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        try x.waitForOutput("cvdcam: cannot ask the desktop for the screen: no D-Bus session", timeout: 20)
        #expect(x.appProcess?.isRunning == true)
    }
}
