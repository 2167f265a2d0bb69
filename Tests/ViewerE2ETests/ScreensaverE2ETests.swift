import Foundation
import Testing

/// The screensaver stays off while the window is open: SDL asks the desktop's screensaver
/// over the session D-Bus (org.freedesktop.ScreenSaver.Inhibit, which GNOME and KDE
/// implement, on X11 and on Wayland alike). A private bus with `dbus-monitor` on it shows
/// the request, in cvdcam's name. (weston 10 offers neither that interface nor Wayland's
/// idle-inhibit protocol, so the effect itself cannot be shown under weston.)
@Suite(
    .serialized,
    .enabled(
        if: XSession.which("dbus-daemon") != nil && XSession.which("dbus-monitor") != nil,
        "dbus-daemon and dbus-monitor are not installed (scripts/test installs them)"))
struct ScreensaverE2ETests {
    @Test(arguments: [false, true]) func screensaverIsInhibited(wayland: Bool) throws {
        guard !wayland || !XSession.westonMissing else { return }
        let x = try XSession(width: 640, height: 480)
        defer { x.close() }
        let bus = try XSession.spawn(
            try XSession.installed("dbus-daemon"),
            [
                "--config-file=/usr/share/dbus-1/session.conf", "--nofork",
                "--nopidfile", "--address=unix:path=\(x.dir)/bus",
            ])
        defer { kill(bus.processIdentifier, SIGKILL) }
        _ = XSession.poll(seconds: 5, every: 0.05) { FileManager.default.fileExists(atPath: x.dir + "/bus") }
        let address = "unix:path=\(x.dir)/bus"
        let log = x.dir + "/monitor.txt"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let monitor = try XSession.spawn(
            try XSession.installed("dbus-monitor"), ["--address", address, "interface='org.freedesktop.ScreenSaver'"],
            stdout: try FileHandle(forWritingTo: URL(fileURLWithPath: log)))
        defer { kill(monitor.processIdentifier, SIGKILL) }
        usleep(300_000)
        let compositor = wayland ? try x.startWeston(outputs: 1, width: 640, height: 480) : nil
        try x.launch(
            ["--test-scene", "--window", "320x240"], wayland: compositor,
            environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        var seen = ""
        _ = XSession.poll(seconds: 10, every: 0.1) {
            seen = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return seen.contains("member=Inhibit")
        }
        #expect(
            seen.contains("member=Inhibit") && seen.contains("string \"cvdcam\"")
                && seen.contains("string \"showing a colour-vision simulation\""), "bus: \(seen)")
        if let app = x.appProcess { kill(app.processIdentifier, SIGTERM) }
        #expect(try x.waitForExit() == 0)
    }
}
