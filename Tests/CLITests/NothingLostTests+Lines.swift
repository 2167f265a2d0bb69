import CVDCore
import CVDImageIO
import CVDSystem
import Foundation
import Testing

/// Every outcome its status and line: stdout that cannot be written is status 1 and a line
/// on stderr; too few file descriptors is one line before anything starts; and nothing raw
/// reaches the terminal or a line for scripts — a name's escapes, newlines, C1 controls and
/// bytes that are not UTF-8 are shown escaped, the same way everywhere, reversibly in JSON.
extension NothingLostTests {
    @Test func stdoutThatCannotBeWrittenIsAFailure() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal", "--width", "64", "--height", "48"]).status == 0)
        let cases = [
            "convert '\(scene)' '\(dir)/all.png' --mode all",
            "scene '\(dir)/s.png' --mode normal --width 64 --height 48",
            "lut '\(dir)/t.cube' --mode deuteranopia", "keys", "--help",
        ]
        for args in cases {
            let r = try Self.shell("\"$CVDCAM\" \(args) > /dev/full")
            #expect(r.status == 1, "\(args): status \(r.status)")
            #expect(
                r.stderr.hasPrefix("cvdcam: error: cannot write to standard output: the disk is full")
                    && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        // The files themselves were written whole.
        #expect(FileManager.default.fileExists(atPath: dir + "/all-achromatopsia.png"))
        #expect(try CLI.run(["keys"]).status == 0, "a writable stdout is no failure")
    }

    @Test func tooFewFileDescriptorsIsOneLine() throws {
        let dir = CLI.tempDir()
        for n in [4, 8] {
            let r = try Self.shell("ulimit -n \(n) && cd '\(dir)' && \"$CVDCAM\" scene s.png --mode normal")
            #expect(r.status == 1, "ulimit -n \(n): status \(r.status) (132: SIGILL)")
            #expect(
                r.stderr
                    == "cvdcam: error: only \(n) files may be open at once (ulimit -n \(n)); cvdcam needs at least 32: "
                    + "raise the limit (ulimit -n 1024) and start again\n", "\(r.stderr)")
            #expect(r.stdout.isEmpty && !FileManager.default.fileExists(atPath: dir + "/s.png"))
        }
        // A low soft limit under a high hard one is raised, and the command runs.
        let soft = try Self.shell("ulimit -S -n 8 && cd '\(dir)' && \"$CVDCAM\" scene s.png --mode normal")
        #expect(soft.status == 0, "\(soft.stderr)")
    }

    @Test func namesReachTheTerminalEscaped() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal", "--width", "64", "--height", "48"]).status == 0)
        // ESC, a newline, C1's CSI (U+009B) and a Latin-1 byte in one name.
        let raw = "$(printf 'a\\033[31mred\\302\\233\\nx\\351.png')"
        let r = try Self.shell(
            "cd '\(dir)' && cp scene.png \"\(raw)\" && \"$CVDCAM\" convert \"\(raw)\" \"o\(raw)\" --mode deuteranopia")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == "wrote oa\\x1B[31mred\\xC2\\x9B\\x0Ax\\xE9.png  [deuteranopia (Viénot 1999)]\n", "\(r.stdout)")
        let missing = try Self.shell(
            "cd '\(dir)' && \"$CVDCAM\" convert \"$(printf 'no\\033]0;pwned\\007.png')\" o.png --mode deuteranopia")
        #expect(
            missing.stderr == "cvdcam: error: cannot read 'no\\x1B]0;pwned\\x07.png': no such file\n",
            "\(missing.stderr)")
        for text in [r.stdout, r.stderr, missing.stderr] {
            #expect(
                !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func jsonKeepsALatin1NameApartFromItsLiteral() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal", "--width", "64", "--height", "48"]).status == 0)
        let r = try Self.shell(
            "cd '\(dir)' && cp scene.png \"$(printf 'caf\\351.png')\" && cp scene.png 'caf\\xE9.png' && "
                + "\"$CVDCAM\" check \"$(printf 'caf\\351.png')\" 'caf\\xE9.png' --json --mode protanopia")
        var files: [String] = []
        for line in r.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let f = object?["file"] as? String, !files.contains(f) { files.append(f) }
        }
        #expect(files == ["caf\\xE9.png", "caf\\\\xE9.png"], "\(files)")
        #expect(
            files.compactMap { PathName.unshown($0) } == [
                Array("caf".utf8) + [0xE9] + Array(".png".utf8), Array("caf\\xE9.png".utf8),
            ])
    }
}
