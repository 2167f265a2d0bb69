import Foundation
import Testing

/// What a person reads when they type something wrong: the expected form, the choices,
/// one line, and nothing misleading first.
@Suite struct MessageTests {
    @Test func modeAliasesWork() throws {
        let dir = CLI.tempDir()
        let r = try CLI.run(["scene", dir + "/s.png", "--mode", "deutan", "--width", "64", "--height", "48"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("[deuteranopia (Viénot 1999)]"), "stdout: \(r.stdout)")
        let m = try CLI.run(["scene", dir + "/m.png", "--mode", "protanomaly", "--model", "machado", "--width", "64", "--height", "48"])
        #expect(m.stdout.contains("(Machado 2009)"), "stdout: \(m.stdout)")
    }

    @Test(arguments: [
        (["--mode", "bogus"], "unknown mode 'bogus'; choose normal, protanopia, deuteranopia"),
        (["convert", "a.png", "b.png", "--mode", "bogus"], "or all (or protan, deutan, tritan, achroma)"),
        (["--mode", "all"], "shows one mode at a time"),
        (["--model", "newton"], "unknown model 'newton'; choose auto, machado2009"),
        (["--window", "12x"], "--window takes WIDTHxHEIGHT in pixels, e.g. 1280x720"),
        (["--window", "99999x99999"], "each side must be 64…16384 pixels"),
        (["--size", "640x"], "--size takes WIDTHxHEIGHT"),
        (["--quad", "normal,protan"], "--quad takes four modes"),
        (["--quad", "normal,protan,deutan,purple"], "unknown mode 'purple'"),
    ])
    func badValuesSayWhatIsExpected(_ args: [String], _ words: String) throws {
        let r = try CLI.run(args)
        #expect(r.status != 0)
        #expect(r.stderr.split(whereSeparator: \.isNewline).count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(words), "stderr: \(r.stderr)")
    }

    @Test func viewHelpDoesNotOfferAll() throws {
        let r = try CLI.run(["view", "--help"])
        let modeHelp = r.stdout.components(separatedBy: "--mode <mode>").dropFirst().first?.prefix(200) ?? ""
        #expect(!modeHelp.contains("all"), "view --help: \(modeHelp)")
        #expect(r.stdout.contains("--quad"))
    }

    /// Without a display the one line is why there is no window — nothing about a test
    /// scene it will not show.
    @Test func noDisplaySaysOnlyThat() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env.removeValue(forKey: k) }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(o.isEmpty, "stdout: \(o)")
        #expect(e.hasPrefix("cvdcam: error: no display found"), "stderr: \(e)")
    }

    static var noCamera: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).allSatisfy { !$0.hasPrefix("video") }
    }

    /// With no camera at all, `snapshot` points to what works without one.
    @Test(.enabled(if: MessageTests.noCamera, "this machine has a camera"))
    func snapshotWithoutACameraPointsToSceneAndConvert() throws {
        let r = try CLI.run(["snapshot", CLI.tempDir() + "/x.png"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("`cvdcam scene`") && r.stderr.contains("`cvdcam convert`"), "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("--device"))
    }
}
