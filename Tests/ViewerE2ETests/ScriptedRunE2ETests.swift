import Foundation
import Testing

/// A script's keys and screenshot come due while the view holds its picture — frozen
/// (`space`) or showing the check's comparison (`z` twice) — as they do on a picture that
/// stays: they count the camera's frame period (`StillShowings`). They used to count only
/// the frames taken, so a script that froze the picture never got its screenshot, nor its
/// later keys, and ran until killed.
@Suite(.serialized) struct ScriptedRunE2ETests {
    /// Runs the view to its end (under `timeout`: the old behaviour never ended).
    static func run(_ x: XSession, _ args: [String]) throws -> (status: Int32, text: String) {
        try XSession.runToEnd(
            "/usr/bin/timeout", ["60", XSession.binary, "--test-scene", "--window", "640x480"] + args,
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .both)
    }

    @Test func keysAndTheScreenshotComeWhileFrozen() throws {
        let x = try XSession()
        defer { x.close() }
        let shot = x.dir + "/frozen.png"
        let r = try Self.run(
            x, ["--press", "space@5", "--press", "space@40", "--screenshot", shot, "--screenshot-after", "60"])
        #expect(r.status == 0, "status \(r.status): \(r.text)")
        #expect(r.text.contains("cvdcam: frozen") && r.text.contains("cvdcam: live"), "\(r.text)")
        #expect(FileManager.default.fileExists(atPath: shot), "\(r.text)")
    }

    @Test func theScreenshotComesWhileTheCheckComparisonShows() throws {
        let x = try XSession()
        defer { x.close() }
        let shot = x.dir + "/compared.png"
        let r = try Self.run(
            x,
            [
                "--mode", "deuteranopia", "--press", "z@5", "--press", "z@60", "--screenshot", shot,
                "--screenshot-after", "100",
            ])
        #expect(r.status == 0, "status \(r.status): \(r.text)")
        #expect(r.text.contains("right recoloured with the suggestions"), "\(r.text)")
        #expect(FileManager.default.fileExists(atPath: shot), "\(r.text)")
    }
}
