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
        let m = try CLI.run([
            "scene", dir + "/m.png", "--mode", "protanomaly", "--model", "machado", "--width", "64", "--height", "48",
        ])
        #expect(m.stdout.contains("(Machado 2009)"), "stdout: \(m.stdout)")
    }

    @Test(arguments: [
        (["--mode", "bogus"], "unknown mode 'bogus'; choose normal, protanopia, deuteranopia"),
        (
            ["convert", "a.png", "b.png", "--mode", "bogus"],
            "or all (or protan, deutan, tritan, achroma, or the number 1–8 of its key)"
        ),
        (["--mode", "all"], "shows one mode at a time"),
        (["--model", "newton"], "unknown model 'newton'; choose auto, machado2009"),
        (["--window", "12x"], "--window takes WIDTHxHEIGHT in pixels, e.g. 1280x720"),
        (["--window", "99999x99999"], "each side must be 64…16384 pixels"),
        (["--size", "640x"], "--size takes WIDTHxHEIGHT"),
        (["--quad", "normal,protan"], "--quad takes four modes"),
        (["--quad", "normal,protan,deutan,purple"], "unknown mode 'purple'"),
        (["--test-scene", "--format", "nv12"], "--test-scene streams yuyv or mjpeg; --format NV12 is for cameras"),
        // A near miss is named; a word that stands alone is said to.
        (["--mode", "deuteranopa"], "unknown mode 'deuteranopa' (did you mean 'deuteranopia'?); choose normal"),
        (["convert", "a.png", "b.png", "--model", "colourmatrix"], "(did you mean 'colormatrix'?)"),
        (["check", "a.png", "--mode", "all,normal"], "'all' stands alone (--mode all)"),
        (["convrt", "a.png", "b.png"], "unknown command 'convrt' (did you mean 'convert'?)"),
        (["help", "convrt"], "no command 'convrt' to help with (did you mean 'convert'?)"),
        (["help", "nothing"], "no command 'nothing' to help with; cvdcam --help lists the commands"),
        // One value lost without a word: said.
        (
            ["convert", "a.png", "b.png", "-m", "deutan", "-m", "protan"],
            "--mode is given twice ('deutan', then 'protan')"
        ),
        (["convert", "a.png", "b.png", "-m", "deutan", "--severity=0.5", "-s", "0.7"], "--severity is given twice"),
        (["bench", "--seconds", "0"], "--seconds must be more than 0 and at most 60"),
        (["bench", "--sizes", "1x1"], "--sizes 1x1: each side must be 2…16384 pixels"),
        (["bench", "--sizes", "16x16,32x32"], "--sizes takes WIDTHxHEIGHT in pixels"),
        // A negative number is the option's value, which says what it takes.
        (["convert", "a.png", "b.png", "-m", "deutan", "-s", "-0.1"], "severity -0.1 is outside 0…1"),
        (["convert", "a.png", "b.png", "-m", "deutan", "--page", "-1"], "--page counts from 1"),
    ])
    func badValuesSayWhatIsExpected(_ args: [String], _ words: String) throws {
        let r = try CLI.run(args)
        #expect(r.status != 0)
        #expect(r.stderr.split(whereSeparator: \.isNewline).count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(words), "stderr: \(r.stderr)")
    }

    /// After `--` every argument is a file, a negative number too.
    @Test func afterTwoDashesEveryArgumentIsAFile() throws {
        let r = try CLI.run(["check", "-m", "deutan", "--", "-x", "-4"])
        #expect(r.stderr.contains("'-x'") && r.stderr.contains("'-4'") && !r.stderr.contains("-x=-4"), "\(r.stderr)")
    }

    /// A setting no mode asked for uses is said, once, and the file is still written.
    @Test func anUnusedSeverityOrModelIsSaid() throws {
        let dir = CLI.tempDir()
        let size = ["--width", "64", "--height", "48"]
        let s = try CLI.run(["scene", dir + "/s.png", "-m", "deuteranopia", "-s", "0.3"] + size)
        #expect(
            s.status == 0 && s.stderr.contains("--severity 0.3 is not used: deuteranopia takes none"), "\(s.stderr)")
        let m = try CLI.run(["scene", dir + "/m.png", "-m", "achromatopsia", "--model", "brettel1997"] + size)
        #expect(m.status == 0 && m.stderr.contains("--model brettel1997 is not used"), "\(m.stderr)")
        let used = try CLI.run(["scene", dir + "/u.png", "-m", "all", "-s", "0.3", "--model", "machado2009"] + size)
        #expect(used.status == 0 && !used.stderr.contains("not used"), "\(used.stderr)")
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
        let r = try CLI.run([], unset: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty, "stdout: \(r.stdout)")
        #expect(r.stderr.hasPrefix("cvdcam: error: no display found"), "stderr: \(r.stderr)")
    }

    /// With no camera at all, `snapshot` points to what works without one.
    @Test(.enabled(if: CLI.noCamera, "this machine has a camera"))
    func snapshotWithoutACameraPointsToSceneAndConvert() throws {
        let r = try CLI.run(["snapshot", CLI.tempDir() + "/x.png"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("`cvdcam scene`") && r.stderr.contains("`cvdcam convert`"), "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("--device"))
    }
}

/// Inputs the fuzzers (scripts/fuzz) found, kept as regression tests.
@Suite struct FuzzRegressionTests {
    /// A BMP header that claims a picture of millions by thousands of pixels (FuzzImage):
    /// refused in one line, nothing written.
    @Test(arguments: [
        // A BMP header that claims a picture of millions by thousands of pixels.
        (
            "giant.bmp",
            "424d4600000000000000360000593c5e55663a004800ff00030001001800000000001000000000000000000000000000000000000000"
                + "ff000000ff00000000000000ffffff000000", "cvdcam reads pictures up to 16384×16384"
        ),
        // A GIMP XCF header: SDL2_image's XCF loader allocated for 14 s before failing; cvdcam
        // reads only the formats it documents.
        (
            "slow.img",
            "67696d70207863662072696e6766160000000000000100000000000000000000"
                + "000000000000000000000000000000000000000000000000000000000000000000",
            "it is not PNG, JPEG, WebP, GIF, TIFF, BMP, PNM or TGA"
        ),
    ])
    func foundInputsAreRefusedInOneLine(_ name: String, _ hex: String, _ why: String) throws {
        var bytes: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            bytes.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        let dir = CLI.tempDir()
        #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes)))
        let start = Date()
        let r = try CLI.run(["convert", dir + "/" + name, dir + "/out.png", "--mode", "deuteranopia"])
        #expect(r.status != 0)
        #expect(
            r.stderr.hasPrefix("cvdcam: error: cannot read") && r.stderr.contains(why)
                && r.stderr.split(whereSeparator: \.isNewline).count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        #expect(Date().timeIntervalSince(start) < 10, "refused at once, not after decoding for seconds")
    }
}

/// Only cvdcam's own words reach the terminal: libv4l2 prints by itself when a request
/// fails ("libv4l2: error getting capabilities: …"); that goes to LibV4L2Log instead, and
/// the failure is cvdcam's one line.
@Suite struct LibV4L2SilenceTests {
    @Test(arguments: [["devices", "--device", "/dev/null"], ["snapshot", "x.png", "--device", "/dev/null"]])
    func aNodeThatIsNoCameraIsOneLine(_ args: [String]) throws {
        let r = try CLI.run(args)
        #expect(r.status != 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(r.stderr)")
        #expect(lines.first?.hasPrefix("cvdcam: error: /dev/null") == true, "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("libv4l2") && !r.stdout.contains("libv4l2"), "stderr: \(r.stderr)")
    }
}
