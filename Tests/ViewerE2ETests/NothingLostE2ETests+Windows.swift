import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Several windows, one user: eight live views saving a snapshot at the same moment get
/// eight files, and eight turning each its own picture leave eight remembered views — ten
/// rounds, nothing lost. A HOME that does not exist is said, not made up; a file name with
/// an escape sequence reaches the terminal escaped.
extension NothingLostE2ETests {
    /// Runs cvdcam `count` times at once, each with its own arguments; their exit statuses
    /// and standard outputs.
    static func together(
        _ x: XSession, _ count: Int, environment: [String: String] = [:], _ args: (Int) -> [String]
    ) throws -> [(status: Int32, out: String)] {
        var env = x.appEnvironment(home: x.dir).mapValues { Optional($0) }
        for (k, v) in environment { env[k] = v }
        let runs = try (0..<count).map { i -> (Process, String) in
            let file = x.dir + "/out-\(UUID().uuidString).txt"
            _ = FileManager.default.createFile(atPath: file, contents: nil)
            let p = try XSession.spawn(
                XSession.binary, args(i), environment: env, stdout: FileHandle(forWritingAtPath: file)!)
            return (p, file)
        }
        return runs.map { p, file in
            let end = Date().addingTimeInterval(120)
            while p.isRunning, Date() < end { usleep(50_000) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            return (p.terminationStatus, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
        }
    }

    @Test func eightWindowsSavingAtOnceLoseNoSnapshot() throws {
        let x = try XSession()
        defer { x.close() }
        let snaps = x.dir + "/snaps"
        var collided = 0
        for round in 1...10 {
            let runs = try Self.together(x, 8) { _ in
                ["--test-scene", "--window", "320x240", "--snapshot-dir", snaps, "--press", "s@10", "--press", "q@30"]
            }
            let saved = runs.compactMap { r in
                r.out.split(separator: "\n").first { $0.hasPrefix("cvdcam: saved ") }.map {
                    String($0.dropFirst("cvdcam: saved ".count))
                }
            }
            #expect(runs.allSatisfy { $0.status == 0 }, "round \(round): \(runs.map(\.status))")
            #expect(saved.count == 8 && Set(saved).count == 8, "round \(round): \(saved)")
            let files = try FileManager.default.contentsOfDirectory(atPath: snaps)
            #expect(files.count == 8 * round && files.allSatisfy { $0.hasSuffix(".png") }, "round \(round): \(files)")
            for path in saved {
                #expect((try? ImageFile.read(path))?.width == 320, "\(path) is a whole picture")
                let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
                #expect(mode & 0o002 == 0, "\(path): mode \(String(mode, radix: 8)), not world-writable")
            }
            collided += saved.filter { $0.hasSuffix("-2.png") }.count
        }
        // How often two windows chose the same second (the suffix is what kept both).
        print("eightWindowsSavingAtOnceLoseNoSnapshot: \(collided) of 80 snapshots took a -2 name or more")
    }

    @Test func eightWindowsTurningAtOnceKeepEveryView() throws {
        let x = try XSession()
        defer { x.close() }
        let config = x.dir + "/.config/cvdcam"
        for round in 1...10 {
            let pictures = try (0..<8).map { i -> String in
                let path = x.dir + "/picture-\(round)-\(i).png"
                try ImageFile.write(RGBAImage(width: 64, height: 48, fill: RGB8(UInt8(i * 30), 90, 200)), to: path)
                return path
            }
            let runs = try Self.together(x, 8) { i in
                ["--image", pictures[i], "--window", "320x240", "--press", "r@10", "--press", "q@30"]
            }
            #expect(runs.allSatisfy { $0.status == 0 }, "round \(round): \(runs.map(\.status)) \(runs.map(\.out))")
            let text = (try? String(contentsOfFile: config + "/views", encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").filter { $0.contains("rotate=90") }
            #expect(lines.count == 8 * round, "round \(round): \(lines.count) of \(8 * round) views kept")
        }
        let attributes = { (p: String) in
            (try? FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as? Int) ?? 0
        }
        #expect(attributes(config) == 0o700 && attributes(config + "/views") == 0o600, "private")
        let left = try FileManager.default.contentsOfDirectory(atPath: config).sorted()
        #expect(left == ["views", "views.lock"], "no temporary left: \(left)")
    }

    @Test func aMissingHomeIsSaidNotMadeUp() throws {
        let x = try XSession()
        defer { x.close() }
        let home = x.dir + "/no-such-home"
        let r = try XSession.runToEnd(
            XSession.binary, ["--test-scene", "--window", "320x240", "--press", "s@5", "--press", "q@20"],
            environment: x.appEnvironment(home: home).mapValues { Optional($0) }, capture: .stdout)
        #expect(r.status == 0, "\(r.text)")
        #expect(
            r.text.contains(
                "cannot save snapshots: the home folder '\(home)' (HOME) does not exist; choose a folder with --snapshot-dir"
            ),
            "\(r.text)")
        #expect(!FileManager.default.fileExists(atPath: home), "HOME is not made")
    }

    @Test func aViewWhoseStdoutCannotBeWrittenFails() throws {
        let x = try XSession()
        defer { x.close() }
        let r = try XSession.runToEnd(
            "/bin/sh",
            [
                "-c", "exec \"$0\" \"$@\" > /dev/full", XSession.binary, "--test-scene", "--screenshot",
                x.dir + "/shot.png", "--screenshot-after", "3",
            ],
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .stderr)
        #expect(r.status == 1, "\(r.text)")
        #expect(
            r.text.hasSuffix(
                "cvdcam: error: cannot write to standard output: the disk is full; what cvdcam printed there is incomplete\n"
            ), "\(r.text)")
        #expect(FileManager.default.fileExists(atPath: x.dir + "/shot.png"), "the screenshot itself was written")
    }

    @Test func aNameWithAnEscapeReachesTheTerminalEscaped() throws {
        let x = try XSession()
        defer { x.close() }
        let name = "\u{1B}[31mred\u{1B}[0m\u{9B}2J.png"
        try ImageFile.write(RGBAImage(width: 64, height: 48, fill: RGB8(200, 30, 40)), to: x.dir + "/" + name)
        let r = try XSession.runToEnd(
            XSession.binary,
            ["--image", x.dir + "/" + name, "--screenshot", x.dir + "/shot.png", "--screenshot-after", "3"],
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }, capture: .stdout)
        #expect(r.status == 0, "\(r.text)")
        #expect(r.text.contains("cvdcam: showing image \\x1B[31mred\\x1B[0m\\xC2\\x9B2J.png; "), "\(r.text)")
        #expect(!r.text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
    }
}
