import CVDCore
import CVDImageIO
import Foundation
import Testing

/// `cvdcam convert` end to end: files in, files out, against the reference vectors.
@Suite struct ConvertTests {
    /// One reference group from the shared vectors (copied in CVDCoreTests/Fixtures).
    struct Group: Sendable, CustomStringConvertible {
        let model: String, deficiency: String, severity: Double
        var inputs: [RGB8] = [], outputs: [RGB8] = []
        var description: String { "\(model) \(deficiency) \(severity)" }

        /// The command-line arguments that ask for this group.
        var arguments: [String] {
            let name = ["protan": "prota", "deutan": "deutera", "tritan": "trita"][deficiency]
            let mode = deficiency == "achromat" ? "achromatopsia" : name! + (severity >= 1 ? "nopia" : "nomaly")
            var a = ["--mode", mode]
            if severity < 1 { a += ["--severity", String(severity)] }
            if model != "achromatopsia" { a += ["--model", model] }
            return a
        }
    }

    static let groups: [Group] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../CVDCoreTests/Fixtures/reference.csv").path
        let text = try! String(contentsOfFile: path, encoding: .utf8)
        var groups: [Group] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            let v = f[3...].map { UInt8($0)! }
            if groups.last.map({ "\($0.model),\($0.deficiency)" != "\(f[0]),\(f[1])" || $0.severity != Double(f[2])! })
                ?? true
            {
                groups.append(Group(model: f[0], deficiency: f[1], severity: Double(f[2])!))
            }
            groups[groups.count - 1].inputs.append(RGB8(v[0], v[1], v[2]))
            groups[groups.count - 1].outputs.append(RGB8(v[3], v[4], v[5]))
        }
        return groups
    }()

    /// A 27×27 PNG of the 729 grid colours, converted by the CLI; every pixel within ±1.
    @Test(arguments: groups)
    func convertMatchesReference(_ g: Group) throws {
        let dir = CLI.tempDir()
        var img = RGBAImage(width: 27, height: 27)
        for (i, c) in g.inputs.enumerated() { img[i % 27, i / 27] = c }
        try ImageFile.write(img, to: dir + "/grid.png")
        let r = try CLI.run(["convert", dir + "/grid.png", dir + "/out.png"] + g.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try ImageFile.read(dir + "/out.png")
        let worst = g.outputs.indices.map { out[$0 % 27, $0 / 27].distance(to: g.outputs[$0]) }.max()!
        #expect(worst <= 1, "\(g): worst \(worst) levels")
    }

    @Test func modeAllWritesOneFilePerMode() throws {
        let dir = CLI.tempDir()
        try ImageFile.write(TestScene.render(width: 64, height: 36), to: dir + "/photo.png")
        let r = try CLI.run(["convert", dir + "/photo.png", dir + "/photo.png", "--mode", "all"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        let expected = Set(VisionMode.allCases.map { "photo-\($0.rawValue).png" } + ["photo.png"])
        #expect(files == expected)
        // The normal-vision copy equals the input.
        #expect(try ImageFile.read(dir + "/photo-normal.png") == ImageFile.read(dir + "/photo.png"))
    }

    @Test func jpegOutputByExtension() throws {
        let dir = CLI.tempDir()
        try ImageFile.write(TestScene.render(width: 64, height: 36), to: dir + "/in.png")
        let r = try CLI.run(["convert", dir + "/in.png", dir + "/out.jpg", "--mode", "tritanopia"])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/out.jpg"))
        #expect(data.prefix(2) == Data([0xFF, 0xD8])) // JPEG magic
    }

    /// Each bad input: non-zero status, one line on stderr naming the problem, no output file.
    @Test(arguments: [
        (["--mode", "purple"], "purple"),
        (["--mode", "deuteranopia", "--model", "magic"], "magic"),
        (["--mode", "protanomaly", "--severity", "1.5"], "severity"),
        (["--mode", "protanomaly", "--severity", "-0.2"], "severity"),
        (["--mode", "deuteranopia", "--frobnicate"], "frobnicate"),
    ])
    func badFlags(_ args: [String], _ word: String) throws {
        let dir = CLI.tempDir()
        try ImageFile.write(RGBAImage(width: 4, height: 4), to: dir + "/in.png")
        let r = try CLI.run(["convert", dir + "/in.png", dir + "/out.png"] + args)
        try expectOneLineError(r, mentioning: word, dir: dir, kept: ["in.png"])
    }

    @Test func missingCorruptAndTruncatedInputs() throws {
        let dir = CLI.tempDir()
        _ = FileManager.default.createFile(atPath: dir + "/corrupt.png", contents: Data(repeating: 0x42, count: 500))
        try ImageFile.write(TestScene.render(width: 200, height: 100), to: dir + "/whole.png")
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.png"))
        _ = FileManager.default.createFile(atPath: dir + "/truncated.png", contents: whole.prefix(whole.count / 2))
        let kept = ["corrupt.png", "whole.png", "truncated.png"]
        for (input, word) in [
            ("missing.png", "no such file"), ("corrupt.png", "corrupt"), ("truncated.png", "cut short"),
        ] {
            let r = try CLI.run(["convert", dir + "/" + input, dir + "/out.png", "--mode", "deuteranopia"])
            try expectOneLineError(r, mentioning: word, dir: dir, kept: kept)
            let all = try CLI.run(["convert", dir + "/" + input, dir + "/out.png", "--mode", "all"])
            try expectOneLineError(all, mentioning: word, dir: dir, kept: kept)
        }
    }

    @Test func unwritableOutputs() throws {
        let dir = CLI.tempDir()
        try ImageFile.write(RGBAImage(width: 4, height: 4), to: dir + "/in.png")
        for (out, word) in [
            (dir + "/nowhere/out.png", "does not exist"), (dir + "/out.bmp", "unsupported"),
            (dir + "/nowhere/out.png", "does not exist"),
        ] {
            let r = try CLI.run(["convert", dir + "/in.png", out, "--mode", "all"])
            try expectOneLineError(r, mentioning: word, dir: dir, kept: ["in.png"])
        }
        // The output name is taken by a directory: the rename fails, and nothing is left behind.
        try FileManager.default.createDirectory(atPath: dir + "/taken.png", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir + "/taken.png/sub", withIntermediateDirectories: false)
        let r = try CLI.run(["convert", dir + "/in.png", dir + "/taken.png", "--mode", "normal"])
        try expectOneLineError(r, mentioning: "taken.png", dir: dir, kept: ["in.png", "taken.png"])
    }

    func expectOneLineError(
        _ r: CLI.Result, mentioning word: String, dir: String, kept: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(r.status != 0, sourceLocation: sourceLocation)
        let lines = r.stderr.split(whereSeparator: \.isNewline)
        #expect(lines.count == 1, "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(
            r.stderr.lowercased().contains(word.lowercased()), "stderr: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("cvdcam: error: "), sourceLocation: sourceLocation)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == Set(kept), sourceLocation: sourceLocation)
    }
}

@Suite struct OtherCommandTests {
    @Test func sceneWritesEveryMode() throws {
        let dir = CLI.tempDir()
        let r = try CLI.run(["scene", dir + "/s.png", "--mode", "all", "--width", "160", "--height", "90"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == VisionMode.allCases.count)
        let normal = try ImageFile.read(dir + "/s-normal.png")
        #expect(normal == TestScene.render(width: 160, height: 90))
    }

    /// The benchmark runs and reports what it promises (speed itself is not asserted).
    @Test func benchJSONHasTheDocumentedKeys() throws {
        let r = try CLI.run([
            "bench", "--json", "--sizes", "64x48", "--mode", "tritanopia", "--seconds", "0.01", "--strategy", "compute",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(whereSeparator: \.isNewline).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["ms_per_frame"] != nil }
        // 2 inputs × 2 contents × thread counts, plus a baseline per input.
        #expect(rows.count >= 6)
        for row in rows {
            for key in ["mode", "input", "content", "width", "height", "threads", "ms_per_frame", "mpx_per_s"] {
                #expect(row[key] != nil, "missing \(key) in \(row)")
            }
            #expect((row["ms_per_frame"] as? Double ?? 0) > 0)
        }
        #expect(Set(rows.compactMap { $0["content"] as? String }) == ["camera", "noise"])
        let kernelRows = rows.filter { $0["kernel"] as? String != "encoder" }
        #expect(Set(kernelRows.compactMap { $0["input"] as? String }) == ["yuyv", "rgba"])
        #expect(rows.contains { $0["speedup_vs_baseline"] != nil })
        // One row for the Y′CbCr encoder (BGRA → YUYV), with its speed-up over the scalar baseline.
        let encoder = rows.filter { $0["kernel"] as? String == "encoder" }
        #expect(
            encoder.count == 1 && encoder.first?["input"] as? String == "bgra"
                && encoder.first?["speedup_vs_baseline"] != nil)
    }

    /// The live view's bad inputs fail before any window opens: one line, non-zero status.
    @Test(arguments: [
        (["--image", "/nonexistent/picture.png"], "no such file"),
        (["view", "--mode", "all"], "one mode"),
        (["--ui-scale", "9"], "ui-scale"),
        (["--severity", "2"], "severity"),
        (["--fps", "0"], "fps"),
        (["--device", "/dev/video-none"], "/dev/video-none: no such camera"),
        (["--device", "/dev/null"], "is not a video capture device"),
        (["--format", "h264"], "format"),
        (["--control", "brightness"], "control"),
        (["--image", "x.png", "--device", "0"], "does not take camera options"),
    ])
    func liveViewBadInputs(_ args: [String], _ word: String) throws {
        let r = try CLI.run(args)
        #expect(r.status != 0)
        #expect(r.stderr.split(whereSeparator: \.isNewline).count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.lowercased().contains(word), "stderr: \(r.stderr)")
    }

    /// `snapshot` and `devices` without a camera, or with a wrong one: one line, non-zero.
    /// (Against a real driver they are tested in the VM: scripts/test-vm.)
    @Test(arguments: [
        (
            ["snapshot", "x.png", "--device", "/dev/video-none"],
            "/dev/video-none: no such camera; run `cvdcam devices`"
        ),
        (["snapshot", "x.png", "--device", "/dev/null"], "/dev/null is not a video capture device"),
        (["snapshot", "x.bmp"], "use a .png, .jpg or .jpeg name"),
        (["snapshot", "x.png", "--frames", "0"], "--frames"),
        (["snapshot", "x.png", "--severity", "1.5"], "severity"),
        (["devices", "--device", "/dev/video-none"], "no such camera"),
    ])
    func captureBadInputs(_ args: [String], _ words: String) throws {
        let r = try CLI.run(args)
        #expect(r.status != 0)
        #expect(r.stderr.split(whereSeparator: \.isNewline).count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(words), "stderr: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "x.png"))
    }

    /// Asked to set a control with no camera: nothing was set, so one line and not status 0.
    /// (Not run where there is a camera: it would set the control on it.)
    /// (A named condition: Swift 6.0.3 crashes on a closure inside `@Test(.enabled(if:))`.)
    @Test(.enabled(if: CLI.noCamera, "this machine has a camera"))
    func aControlWithNoCameraIsAnError() throws {
        let r = try CLI.run(["devices", "--control", "white_balance_automatic=0"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("no camera to set --control white_balance_automatic on"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(whereSeparator: \.isNewline).count == 1, "stderr: \(r.stderr)")
    }

    /// An output that is not one: said as an output, not as a camera.
    @Test func relayToANodeThatTakesNoOutput() throws {
        let r = try CLI.run(["relay", "--to", "/dev/null"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/dev/null does not take video output"), "stderr: \(r.stderr)")
        #expect(!r.stderr.contains("capture device"), "stderr: \(r.stderr)")
    }

    @Test func helpListsCommands() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        for word in ["view", "devices", "snapshot", "convert", "scene", "bench", "deuteranomaly"] {
            #expect(r.stdout.contains(word))
        }
    }
}
