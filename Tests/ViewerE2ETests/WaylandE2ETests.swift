import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The live view natively on Wayland (SDL's wayland driver, no X11 for cvdcam): under
/// weston with two outputs (see Weston.swift), keys sent, screenshots checked against the
/// colour core (±3 levels, as the X11 tests); and a compositor without keyboard or mouse.
@Suite(.serialized, .enabled(if: !XSession.westonMissing, "weston is not installed (scripts/test installs it)"))
struct WaylandE2ETests {
    /// Outputs of 640×480: the 1280×720 test picture shows full screen at half size,
    /// with 60-pixel bars above and below.
    static let output = (w: 640, h: 480)

    /// What is wrong with the patches of `mode` in the output at x = `left`, if anything.
    static func patchesWrong(_ shot: RGBAImage, _ mode: VisionMode, left: Int) -> String? {
        guard let k = try? FrameKernel(Simulation(mode: mode)) else { return "no kernel" }
        for (i, c) in ViewerE2ETests.patchColours.enumerated() {
            let r = ViewerE2ETests.patchRect(i)
            let x = left + (r.x + r.w / 2) / 2
            let y = 60 + (r.y + r.h / 2) / 2
            let seen = shot[x, y]
            let want = k.apply(c)
            if seen.distance(to: want) > ViewerE2ETests.tolerance {
                return "\(mode) patch \(i) at \(x),\(y): \(seen), want \(want)"
            }
        }
        let bar = shot[left + 320, 450]
        return bar == RGB8(0, 0, 0) ? nil : "not full screen: \(bar) below the picture, not the black bar"
    }

    @Test func keysFullScreenAndSigtermOnWayland() throws {
        let x = try XSession(width: 2 * Self.output.w, height: Self.output.h)
        defer { x.close() }
        let wayland = try x.startWeston(outputs: 2, width: Self.output.w, height: Self.output.h)
        // Labels over the picture: it fills the output, where the patches are looked for.
        try x.launch(ViewerE2ETests.patches, ["--fullscreen", "--labels-over-picture"], wayland: wayland)
        try x.waitForScreen { Self.patchesWrong($0, .normal, left: 0) }
        try x.key("3")
        try x.waitForOutput("cvdcam: deuteranopia (Viénot 1999)")
        let shot = try x.waitForScreen { Self.patchesWrong($0, .deuteranopia, left: 0) }
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/wayland.png")
        // f: windowed (below the window, weston's grey background instead of the black bar),
        // f: full screen again.
        try x.key("f")
        try x.waitForScreen { $0[320, 450].r > 60 ? nil : "still full screen: \($0[320, 450]) below the picture" }
        try x.key("f")
        try x.waitForScreen { Self.patchesWrong($0, .deuteranopia, left: 0) }
        // Shift+F: full screen on the next output (the projector), then back on the first.
        try x.key("shift+f")
        try x.waitForOutput("full screen on display 2 of 2")
        try x.waitForScreen { Self.patchesWrong($0, .deuteranopia, left: Self.output.w) }
        try x.key("shift+f")
        try x.waitForOutput("full screen on display 1 of 2")
        try x.waitForScreen { Self.patchesWrong($0, .deuteranopia, left: 0) }
        // SIGTERM (a desktop's log-out, `kill`): quits as q does.
        guard let app = x.appProcess else { throw XSession.Failure("not launched") }
        kill(app.processIdentifier, SIGTERM)
        #expect(try x.waitForExit() == 0)
    }

    /// `--display 2` opens on the second output; a display that is not there is one line
    /// naming those that are.
    @Test func displayChoosesTheOutput() throws {
        let x = try XSession(width: 2 * Self.output.w, height: Self.output.h)
        defer { x.close() }
        let wayland = try x.startWeston(outputs: 2, width: Self.output.w, height: Self.output.h)
        let image = try ViewerE2ETests.patches.write(in: x.dir)
        let wrong = try Self.run(["--image", image, "--display", "3"], on: wayland)
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains("cvdcam: error: there is no display 3; --display takes 1–2: 1: ")
                && wrong.stderr.contains("; 2: 640×480 at 640,0\n"), "stderr: \(wrong.stderr)")
        try x.launch(
            ["--image", image, "--fullscreen", "--display", "2", "--mode", "protanopia", "--labels-over-picture"],
            wayland: wayland)
        try x.waitForOutput("on display 2 of 2: ")
        try x.waitForScreen { Self.patchesWrong($0, .protanopia, left: Self.output.w) }
        try x.key("q")
        #expect(try x.waitForExit() == 0)
    }

    /// weston's headless backend has no seat; SDL 2.26 would crash there (SIGSEGV).
    @Test func compositorWithoutKeyboardIsOneClearLine() throws {
        let x = try XSession(width: 320, height: 240)
        defer { x.close() }
        let wayland = try x.startWeston(outputs: 1, width: 640, height: 480, backend: "headless")
        for driver in ["wayland", nil] {
            let r = try Self.run(["--test-scene"], on: wayland, driver: driver)
            #expect(r.status == 1, "SDL_VIDEODRIVER=\(driver ?? "unset"): status \(r.status) (139: SIGSEGV)")
            #expect(
                r.stderr.hasPrefix("cvdcam: error: the Wayland compositor has no keyboard or mouse")
                    && r.stderr.split(separator: "\n").count == 1,
                "SDL_VIDEODRIVER=\(driver ?? "unset"): stderr \(r.stderr)")
        }
    }

    /// Runs cvdcam to its end on the compositor (no DISPLAY): exit status (128 + N for
    /// signal N) and stderr.
    static func run(_ args: [String], on wayland: XSession.Wayland, driver: String? = "wayland") throws -> (
        status: Int32, stderr: String
    ) {
        let r = try XSession.runToEnd(
            XSession.binary, args, environment: wayland.environment(driver: driver), capture: .stderr)
        return (r.status, r.text)
    }
}
