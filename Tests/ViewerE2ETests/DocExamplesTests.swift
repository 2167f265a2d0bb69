import CVDCore
import CVDImageIO
import Foundation
import Testing

/// What a newcomer types first: every subcommand with its defaults, and every `cvdcam …`
/// line in the README's and docs/' code blocks, run as written (with `--seconds 0.05` added
/// to `bench`, and `--screenshot` to the live view so that it ends by itself). Picture files
/// an example reads are made first; the files it promises must appear.
///
/// These machines have no camera and no v4l2loopback: an example that needs one must end at
/// once with status 1 and the one line that says so (the VM tests run them on vivid).
@Suite(.serialized) struct DocExamplesTests {
    struct Example: CustomStringConvertible {
        let file: String
        let line: String
        var environment: [String: String] = [:]
        var arguments: [String] = []
        var comment: String = ""
        var description: String { "\(file): \(line)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every line of a sh code block in README.md and docs/*.md that runs cvdcam.
    static func examples() throws -> [Example] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.path + "/docs").filter {
            $0.hasSuffix(".md")
        }
        .sorted().map { "docs/" + $0 }
        var out: [Example] = []
        var seen: Set<String> = []
        for file in ["README.md"] + docs {
            let text = try String(contentsOfFile: root.path + "/" + file, encoding: .utf8)
            // In a fence or not, and whether it is a shell block (```text blocks are shown, not run).
            var inFence = false
            var inBlock = false
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```") {
                    inFence.toggle()
                    inBlock = inFence && (line == "```" || line == "```sh" || line == "```bash")
                    continue
                }
                guard inBlock else { continue }
                var e = Example(file: file, line: line)
                var words = line.components(separatedBy: " # ").first!.split(separator: " ").map(String.init)
                e.comment = line.components(separatedBy: " # ").dropFirst().joined(separator: " # ")
                while let w = words.first, w.contains("="), !w.hasPrefix("-") {
                    let kv = w.split(separator: "=", maxSplits: 1)
                    e.environment[String(kv[0])] = String(kv[1])
                    words.removeFirst()
                }
                guard words.first == "cvdcam", !words.contains("→") else { continue }
                e.arguments = Array(words.dropFirst())
                // The same command in two places is run once.
                if seen.insert("\(e.environment) \(e.arguments)").inserted { out.append(e) }
            }
        }
        return out
    }

    static let noCamera = !((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).contains {
        $0.hasPrefix("video")
    }

    /// Runs `arguments` in `dir` with an X server of its own; status and all output.
    static func run(_ arguments: [String], in dir: String, session x: XSession, environment: [String: String] = [:])
        throws -> (status: Int32, output: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: XSession.binary)
        p.arguments = arguments
        var env = x.appEnvironment(home: dir)
        env.merge(environment) { $1 }
        p.environment = env
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        // Output to a file: nothing to drain while waiting.
        let log = dir + "/output-\(UUID().uuidString.prefix(8)).txt"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? out.close() }
        p.standardOutput = out
        p.standardError = out
        try p.run()
        // A live view that does not end by itself is a failure, not a hang.
        let deadline = Date().addingTimeInterval(120)
        while p.isRunning && Date() < deadline { usleep(50_000) }
        var status: Int32 = -1
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
        } else {
            p.waitUntilExit()
            status = p.terminationStatus
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (status, status == -1 ? "still running after 120 s: " + text : text)
    }

    /// Makes the picture files an example reads (the first path of `convert`, `--image`'s).
    static func makeInputs(_ args: [String], in dir: String) throws {
        var inputs: [String] = []
        if args.first == "convert", args.count > 1 { inputs.append(args[1]) }
        if args.first == "check" { inputs += positionalValues(args) }
        if let i = args.firstIndex(of: "--image"), i + 1 < args.count { inputs.append(args[i + 1]) }
        for name in inputs where !FileManager.default.fileExists(atPath: dir + "/" + name) {
            let folder = (name as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
            }
            if name.hasSuffix(".pdf") {
                // A worksheet of two pages: safe bars, then a red/green line chart.
                let made = try XSession.runToEnd(
                    "/usr/bin/python3",
                    [PDFPageE2ETests.makePDF, dir + "/" + name, "bars:0072B2,E69F00", "lines:D62728,2CA02C"],
                    capture: .stderr)
                #expect(made.status == 0, "Tests/PDF/make-pdf: \(made.text)")
                continue
            }
            try ImageFile.write(TestScene.render(width: 320, height: 240), to: dir + "/" + name)
        }
    }

    /// `figures/*.png` as a shell gives it: the files there are (made by `makeInputs`, which
    /// writes one file under the pattern's own name; here renamed to `a.png`).
    static func expandGlobs(_ args: [String], in dir: String) throws -> [String] {
        try args.map { a in
            guard a.contains("*") else { return a }
            let folder = (a as NSString).deletingLastPathComponent
            let ext = (a as NSString).pathExtension
            let real = (folder.isEmpty ? "" : folder + "/") + "a" + (ext.isEmpty ? "" : "." + ext)
            if FileManager.default.fileExists(atPath: dir + "/" + a) {
                try? FileManager.default.removeItem(atPath: dir + "/" + real)
                try FileManager.default.moveItem(atPath: dir + "/" + a, toPath: dir + "/" + real)
            }
            return real
        }
    }

    /// The files an example promises: the output path (or, with `--mode all`, its
    /// `-normal` and `-deuteranopia` siblings).
    static func promisedFiles(_ args: [String]) -> [String] {
        let positional = args.dropFirst().filter { !$0.hasPrefix("-") }
        let output: String?
        switch args.first {
        case "convert": output = positional.count >= 2 ? positionalValues(args)[1] : nil
        case "scene", "snapshot", "lut": output = positionalValues(args).first
        case "check":
            // For a PDF, one picture per page: OUT-page1.png for the first.
            let pdf = positionalValues(args).contains { $0.hasSuffix(".pdf") }
            return ["--marked", "--recoloured"].compactMap { flag in
                args.firstIndex(of: flag).flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
            }.map { pdf ? firstPage($0) : $0 }
        default: output = nil
        }
        guard let o = output else { return [] }
        guard args.contains("all") else { return [o] }
        let dot = o.lastIndex(of: ".")!
        let ext = o[dot...] == ".cube" ? ".cube" : String(o[dot...])
        return ["-normal", "-deuteranopia"].map { String(o[..<dot]) + $0 + ext }
    }

    /// `marked.png` → `marked-page1.png`, as `check` names a PDF's first page's picture.
    static func firstPage(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name + "-page1" }
        return String(name[..<dot]) + "-page1" + String(name[dot...])
    }

    /// The positional arguments after the subcommand (options' values left out).
    static func positionalValues(_ args: [String]) -> [String] {
        var out: [String] = []
        var i = 1
        let flags: Set = ["--ffmpeg", "--capture", "--json", "--controls", "--fullscreen", "--caption", "--force"]
        while i < args.count {
            if args[i].hasPrefix("-") {
                i += flags.contains(args[i]) ? 1 : 2
            } else {
                out.append(args[i])
                i += 1
            }
        }
        return out
    }

    /// What an example needs that these machines lack: a camera, a virtual camera.
    static func needs(_ args: [String]) -> String? {
        switch args.first {
        case "snapshot": return noCamera ? "camera" : nil
        case "relay": return "virtual camera"
        default:
            if (args.contains("--device") || args.contains("--control")) && noCamera { return "camera" }
            return nil
        }
    }

    func check(_ e: Example, _ x: XSession) throws {
        let dir = x.dir + "/ex-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var args = e.arguments
        try Self.makeInputs(args, in: dir)
        args = try Self.expandGlobs(args, in: dir)
        let isView = args.isEmpty || args[0].hasPrefix("-") || args[0] == "view"
        if isView { args += ["--screenshot", "shown.png", "--screenshot-after", "3"] }
        if args.first == "bench" { args += ["--seconds", "0.05"] }
        let r = try Self.run(args, in: dir, session: x, environment: e.environment)
        if let need = Self.needs(e.arguments) {
            let lines = r.output.split(separator: "\n").filter { $0.hasPrefix("cvdcam: error:") }
            #expect(r.status == 1, "\(e): needs a \(need); status \(r.status): \(r.output)")
            #expect(lines.count == 1, "\(e): one line saying what is missing: \(r.output)")
            return
        }
        if e.arguments.first == "devices", Self.noCamera {
            #expect(r.status == 0 && r.output.contains("No cameras found"), "\(e): \(r.output)")
            return
        }
        if e.arguments.first == "check" {
            // 1 is an answer too: the test scene has pairs at risk.
            #expect(r.status == 0 || r.status == 1, "\(e): status \(r.status): \(r.output)")
            #expect(r.output.contains("verdict:") || r.output.contains("\"kind\":\"mode\""), "\(e): \(r.output)")
        } else {
            #expect(r.status == 0, "\(e): status \(r.status): \(r.output)")
        }
        if isView {
            #expect(FileManager.default.fileExists(atPath: dir + "/shown.png"), "\(e): no screenshot")
        }
        for f in Self.promisedFiles(e.arguments) {
            #expect(
                FileManager.default.fileExists(atPath: dir + "/" + f), "\(e): promised \(f), not written: \(r.output)")
        }
        if e.arguments.first == "bench" {
            let promise = e.arguments.contains("--capture") ? "Capture cost per" : "cvdcam bench:"
            #expect(r.output.contains(promise), "\(e): \(r.output.prefix(400))")
            if e.arguments.contains("--ffmpeg") { #expect(r.output.contains("ffmpeg"), "\(e): \(r.output)") }
            if e.arguments.contains("--check") {
                // Its lines: each picture's CPU, the command's, the memory, and the live check's (no speed asserted).
                for line in [
                    "photograph 4000x3000", "worksheet A4 150 dpi 1240x1754", "start to exit: CPU", "memory:",
                    "live z, worksheet under the camera 1920x1080", "live z, test scene 1920x1080",
                ] {
                    #expect(r.output.contains(line), "\(e): no '\(line)' in \(r.output)")
                }
            }
        }
    }

    /// The commands the help texts (and so the man page, made from them) quote in backticks.
    static func helpExamples(_ x: XSession) throws -> [Example] {
        var out: [Example] = []
        for sub in ["", "view", "devices", "snapshot", "convert", "check", "scene", "bench", "relay", "lut", "keys"] {
            let help = try run((sub.isEmpty ? [] : [sub]) + ["--help"], in: x.dir, session: x).output
            for span in help.split(separator: "`").enumerated() where span.offset % 2 == 1 {
                let words = span.element.split(separator: " ").map(String.init)
                guard words.first == "cvdcam", words.count > 1 else { continue }
                out.append(
                    Example(
                        file: "cvdcam \(sub) --help", line: String(span.element), arguments: Array(words.dropFirst())))
            }
        }
        return out
    }

    @Test func everyDocumentedExampleRuns() throws {
        let x = try XSession()
        defer { x.close() }
        let help = try Self.helpExamples(x)
        #expect(!help.isEmpty, "the help texts quote no command")
        let examples = try Self.examples() + help
        #expect(examples.count >= 20, "found only \(examples.count) examples")
        #expect(examples.contains { $0.arguments == ["bench"] }, "cvdcam bench with its defaults is documented")
        for e in examples { try check(e, x) }
    }

    /// Each subcommand as a newcomer first types it: defaults only, what it requires given
    /// (the files, and `--mode` where there is no sensible default).
    @Test func everySubcommandWithItsDefaults() throws {
        let x = try XSession()
        defer { x.close() }
        let first: [[String]] = [
            // (`bench` with its defaults is a documented example: everyDocumentedExampleRuns.)
            [], ["view"], ["devices"], ["snapshot", "shot.png"], ["convert", "in.png", "out.png", "--mode", "deutan"],
            ["scene", "scene.png", "--mode", "deutan"], ["relay"], ["lut", "look.cube", "--mode", "deutan"], ["keys"],
            ["check", "worksheet.png"],
        ]
        for args in first {
            try check(Example(file: "defaults", line: (["cvdcam"] + args).joined(separator: " "), arguments: args), x)
            let help = try Self.run(args.prefix(1) + ["--help"], in: x.dir, session: x)
            #expect(
                help.status == 0 && help.output.contains("USAGE"), "cvdcam \(args.prefix(1)) --help: \(help.output)")
        }
    }
}
