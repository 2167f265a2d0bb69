import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Nothing lost in the live view: the remembered views (beside them the lock windows share,
/// views.lock) survive a line that is not UTF-8
/// (kept byte for byte, the new view added), an unusable file is said once and left alone,
/// corners that make no page are refused; `--screenshot` that cannot be written exits 1,
/// and `s` saves in the snapshot folder even with `--screenshot`.
@Suite(.serialized) struct NothingLostE2ETests {
    @Test func rememberedViewsKeepEveryLine() throws {
        let x = try XSession()
        defer { x.close() }
        let config = x.dir + "/.config/cvdcam"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        // Another version's line, a line with a Latin-1 byte, and corners that make no page.
        let picture = x.dir + "/scene.png"
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array("\trotate=90 mirror=0\n".utf8)
        let lines: [UInt8] =
            Array("future-source\tzoom=2 tilt=3\n".utf8) + latin1
            + Array("image \(picture)\trotate=0 mirror=0 corners=0.1,0.1:0.1,0.1:0.5,0.5:0.2,0.9\n".utf8)
        try Data(lines).write(to: URL(fileURLWithPath: config + "/views"))
        _ = try XSession.runToEnd(XSession.binary, ["scene", picture, "--mode", "normal"], capture: .stdout)
        try x.launch(
            ["--image", picture, "--window", "1280x720"], environment: ["XDG_CONFIG_HOME": x.dir + "/.config"])
        try x.waitForOutput("make no page (two corners are the same point): shown whole")
        try x.key("r")
        try x.waitForOutput("turned")
        usleep(500_000)
        try x.quitKey("q")
        _ = try x.waitForExit()
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: config + "/views")))
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.contains("future-source\tzoom=2 tilt=3\n"), "an unknown line kept: \(text)")
        #expect(after.firstRange(of: latin1) != nil, "the Latin-1 line kept byte for byte")
        #expect(text.contains("rotate=90"), "the new view saved: \(text)")
        let tmp = try FileManager.default.contentsOfDirectory(atPath: config).filter {
            $0 != "views" && $0 != "views.lock"
        }
        #expect(tmp.isEmpty, "no temporary left: \(tmp)")
    }

    @Test func anUnusableViewsFileIsSaidOnceAndLeftAlone() throws {
        let x = try XSession()
        defer { x.close() }
        let config = x.dir + "/.config/cvdcam"
        // A folder where the file should be.
        try FileManager.default.createDirectory(atPath: config + "/views", withIntermediateDirectories: true)
        try x.launch(["--test-scene", "--window", "1280x720"], environment: ["XDG_CONFIG_HOME": x.dir + "/.config"])
        try x.waitForOutput("views are not remembered")
        try x.key("r")
        try x.key("r")
        usleep(500_000)
        try x.quitKey("q")
        _ = try x.waitForExit()
        let out = x.readOutput()
        #expect(out.components(separatedBy: "views are not remembered").count == 2, "said once: \(out)")
    }

    /// A pipe where the views file should be: the window starts and answers keys (it waited
    /// for a writer that never came), the file said unusable once.
    @Test func aPipeForTheViewsFileHoldsNothingUp() throws {
        let x = try XSession()
        defer { x.close() }
        let config = x.dir + "/.config/cvdcam"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        #expect(mkfifo(config + "/views", 0o600) == 0)
        try x.launch(["--test-scene", "--window", "1280x720"], environment: ["XDG_CONFIG_HOME": x.dir + "/.config"])
        try x.waitForOutput("it is not a file but a folder, a pipe or a device")
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }

    /// A views file that cannot be written is said in the window after `r`, over the key's
    /// own answer ("picture turned"), which came after it and hid it.
    @Test func aViewsFileThatCannotBeWrittenIsShown() throws {
        let x = try XSession()
        defer { x.close() }
        let config = x.dir + "/.config/cvdcam"
        // The lock beside the file is a folder: the file cannot be written (even by root).
        try FileManager.default.createDirectory(atPath: config + "/views.lock", withIntermediateDirectories: true)
        try x.launch(
            ["--test-scene", "--window", "1280x720"],
            environment: ["XDG_CONFIG_HOME": x.dir + "/.config", "CVDCAM_PRINT_TEXTS": "1"])
        try x.waitForOutput("showing")
        try x.key("r")
        try x.waitForOutput("cannot be written: views are not remembered")
        usleep(800_000)
        try x.quitKey("q")
        _ = try x.waitForExit()
        // Each text drawn is printed once ("cvdcam: text: …"): the trouble was drawn, not only printed.
        let drawn = x.readOutput().split(separator: "\n").filter { $0.hasPrefix("cvdcam: text: ") }
        let words = drawn.map { $0.dropFirst("cvdcam: text: ".count) }.joined(separator: " ")
        #expect(words.contains("cannot be written: views are not remembered"), "drawn: \(drawn)")
    }

    @Test func screenshotsThatCannotBeWrittenFail() throws {
        let x = try XSession()
        defer { x.close() }
        let r = try XSession.runToEnd(
            XSession.binary, ["--test-scene", "--screenshot", x.dir + "/missing/shot.png", "--screenshot-after", "2"],
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .both)
        #expect(r.status == 1, "status \(r.status): \(r.text)")
        #expect(
            r.text.contains("the folder does not exist") && r.text.contains("cvdcam: error: no screenshot was written"),
            "\(r.text)")
        // The error on stderr, where errors go.
        let e = try XSession.runToEnd(
            XSession.binary, ["--test-scene", "--screenshot", x.dir + "/missing/shot.png", "--screenshot-after", "2"],
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .stderr)
        #expect(e.text.contains("cvdcam: error: no screenshot was written"), "stderr: \(e.text)")
        // With --screenshot, s still saves in the snapshot folder.
        let s = try XSession.runToEnd(
            XSession.binary,
            [
                "--test-scene", "--screenshot", x.dir + "/shot.png", "--screenshot-after", "6", "--press", "s@2",
                "--snapshot-dir", x.dir + "/snaps",
            ], environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .stdout)
        #expect(s.status == 0, "\(s.text)")
        let snaps = (try? FileManager.default.contentsOfDirectory(atPath: x.dir + "/snaps")) ?? []
        #expect(snaps.count == 1 && FileManager.default.fileExists(atPath: x.dir + "/shot.png"), "\(snaps) \(s.text)")
    }
}
