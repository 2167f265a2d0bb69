import CVDCore
import Foundation
import Testing

/// Full screen fills the output — on a desktop with a window manager, and in a bare X
/// kiosk session without one — and `f` goes back and forth; presenter clickers'
/// PageDown/PageUp step through the modes.
@Suite(.serialized) struct FullscreenE2ETests {
    @Test(arguments: [false, true]) func fullscreenFillsTheOutput(windowManager: Bool) throws {
        let x = try XSession(width: 1600, height: 900)
        defer { x.close() }
        if windowManager { try x.startWindowManager() }
        // Labels over the picture's edges: the picture itself fills the output.
        try x.launch(["--test-scene", "--window", "1280x720", "--fullscreen", "--labels-over-picture"])
        try x.waitForOutput("showing built-in test scene")
        usleep(700_000)
        var g = try x.geometry()
        #expect(g.x == 0 && g.y == 0 && g.w == 1600 && g.h == 900, "full screen at start: \(g)")
        // The picture fills the output: the test scene's light background at the far corner.
        let shot = try x.screenshot()
        #expect(shot.width == 1600 && shot[1560, 860].r > 150, "picture at the bottom-right corner: \(shot[1560, 860])")
        try x.key("f")
        usleep(700_000)
        g = try x.geometry()
        #expect(g.w == 1280 && g.h == 720, "windowed again: \(g)")
        try x.key("f")
        usleep(700_000)
        g = try x.geometry()
        #expect(g.w == 1600 && g.h == 900, "full screen again: \(g)")
        // Shift+F (full screen on the next display) from the window: with one display, on it.
        try x.key("f")
        usleep(700_000)
        try x.key("shift+f")
        try x.waitForOutput("full screen (there is only one display)")
        usleep(700_000)
        g = try x.geometry()
        #expect(g.x == 0 && g.y == 0 && g.w == 1600 && g.h == 900, "Shift+F: \(g)")
        // Clickers send PageDown / PageUp.
        try x.key("Next")
        try x.waitForOutput("cvdcam: protanopia")
        try x.key("Prior")
        try x.waitForOutput("cvdcam: normal")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
