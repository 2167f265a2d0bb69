import CVDCore
import Foundation
import Testing

/// The window takes the picture's shape: a portrait page turned to landscape gets a
/// landscape window (also when a restart restores the turn), a window the teacher sized
/// (`--window`) keeps its size; under a window manager at a projector's 1024×768 the
/// window's frame, not only its client area, lies on the screen.
@Suite(.serialized) struct WindowShapeE2ETests {
    /// A portrait page: 600×900, a dark square at its top left.
    static let portrait = TestPicture(
        "portrait.png", background: RGB8(230, 230, 220), [((40, 40, 200, 200), RGB8(40, 60, 160))],
        size: FrameSize(600, 900))

    /// The window's width over its height, after the window had time to follow.
    static func shape(_ x: XSession) throws -> (ratio: Double, g: (x: Int, y: Int, w: Int, h: Int)) {
        usleep(900_000)
        let g = try x.geometry()
        return (Double(g.w) / Double(g.h), g)
    }

    @Test func theWindowFollowsATurnedPageUnlessSized() throws {
        let config = NSTemporaryDirectory() + "cvdcam-shape-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let env = ["XDG_CONFIG_HOME": config]
        var path = ""
        do {
            let x = try XSession(width: 1024, height: 768)
            defer { x.close() }
            path = try Self.portrait.write(in: config)
            try x.launch(["--image", path], environment: env)
            try x.waitForOutput("showing image")
            let before = try Self.shape(x)
            #expect(abs(before.ratio - 600.0 / 900) < 0.03, "a portrait window for a portrait page: \(before.g)")
            try x.key("r")
            try x.waitForOutput("turned")
            let after = try Self.shape(x)
            #expect(abs(after.ratio - 900.0 / 600) < 0.03, "turned: a landscape window: \(after.g)")
            #expect(after.g.x >= 0 && after.g.y >= 0 && after.g.x + after.g.w <= 1024 && after.g.y + after.g.h <= 768)
            try x.quitKey("q")
            #expect(try x.waitForExit() == 0)
        }
        // A restart restores the turn, and the window its shape.
        do {
            let x = try XSession(width: 1024, height: 768)
            defer { x.close() }
            try x.launch(["--image", path], environment: env)
            try x.waitForOutput("as last time")
            let restored = try Self.shape(x)
            #expect(abs(restored.ratio - 900.0 / 600) < 0.03, "the turn restored, the window too: \(restored.g)")
            try x.quitKey("q")
            _ = try x.waitForExit()
        }
        // A window the teacher sized keeps its size.
        do {
            let x = try XSession(width: 1024, height: 768)
            defer { x.close() }
            try x.launch(["--image", path, "--window", "640x700"], environment: env)
            try x.waitForOutput("showing image")
            let sized = try Self.shape(x)
            #expect(sized.g.w == 640 && sized.g.h == 700, "--window kept: \(sized.g)")
            try x.quitKey("q")
            _ = try x.waitForExit()
        }
    }

    /// openbox at 1024×768: the window for a 1280×720 picture is made to fit the screen with
    /// its borders and title bar, not only its client area.
    @Test func theFrameFitsTheScreenUnderAWindowManager() throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        try x.startWindowManager()
        try x.launch(["--test-scene"])
        try x.waitForOutput("showing built-in test scene")
        usleep(1_500_000)
        let g = try x.geometry()
        let extents = try x.run("xprop", ["-id", x.window, "_NET_FRAME_EXTENTS"])
        let e =
            extents.split(separator: "=").last.map {
                $0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            } ?? []
        try #require(e.count == 4, "openbox gives the frame's extents: \(extents)")
        let (left, right, top, bottom) = (e[0], e[1], e[2], e[3])
        #expect(top > 0, "openbox draws a title bar: \(extents)")
        #expect(
            g.x - left >= 0 && g.y - top >= 0 && g.x + g.w + right <= 1024 && g.y + g.h + bottom <= 768,
            "the frame on the screen: client \(g), extents \(e)")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
