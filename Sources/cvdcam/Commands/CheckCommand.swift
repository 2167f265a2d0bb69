import ArgumentParser
import CVDCheck
import CVDCore
import CVDImageIO
import CVDSystem
import Glibc

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check pictures for colours that a form of colour-vision deficiency confuses.",
        discussion: """
            Finds each picture's colours and the marks they are drawn as — areas, lines, \
            text, dots — and lists the pairs that normal vision tells apart but a form of CVD \
            does not, judged with thresholds for the size of the marks (a thin line needs a \
            larger difference than a bar), with where they are and a replacement colour that \
            keeps every colour apart. Shading (gradients, photographs) cannot be judged and is \
            reported as such. By default the forms a class has are counted: protanopia, \
            deuteranopia, tritanopia, protanomaly and deuteranomaly (severity 0.6); \
            achromatopsia and tritanomaly only with --mode. docs/teaching-tools.md explains \
            the check, how well it agrees with experts, and its limits.

            Exit status: 0 safe; 1 some pair is at risk; 3 no pair at risk, but some part \
            could not be judged (not fully checked); 2 a file could not be read (the others \
            are still checked); 4 a report or a picture could not be written. With several \
            files, the first of 4, 2, 1, 3 that applies.

            Examples:
              cvdcam check worksheet.jpg
              cvdcam check figures/*.png --mode deuteranopia
              cvdcam check map.png --marked map-marked.png
              cvdcam check chart.png --recoloured fixed.png && cvdcam convert fixed.png fixed-deut.png -m deutan
              cvdcam check chart.png --json
            """)

    @Argument(help: "The pictures to check (- : standard input).")
    var files: [String]

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Vision to check: \(VisionModeArgument.helpList), several separated by commas, or all (default: the forms a class has).",
            valueName: "mode"),
        transform: VisionModeArgument.parseList)
    var mode: VisionModeArgument?

    @OptionGroup var tuning: ModelOptions

    @Flag(
        help:
            "One JSON object per line (kind: region, pair, mode, suggestion, verdict, marked, recoloured, error) instead of the report."
    )
    var json = false

    @Option(
        help: ArgumentHelp("Write the picture with the pairs at risk outlined and numbered (PNG).", valueName: "file"))
    var marked: String?

    @Option(
        help: ArgumentHelp(
            "Write the picture with the replacements put in, to see the fix work (e.g. with cvdcam convert --mode all).",
            valueName: "file"))
    var recoloured: String?

    func validate() throws {
        for (flag, path) in [("--marked", marked), ("--recoloured", recoloured)] {
            guard let path else { continue }
            guard files.count == 1 else { throw ValidationError("\(flag) takes one picture; check one file at a time") }
            try OutputFiles.validate(path)
        }
        if let m = marked, let r = recoloured, m == r || OutputFiles.sameFile(m, r) {
            throw ValidationError(
                "--marked and --recoloured both name '\(PathName.shown(m))': give each picture a file of its own")
        }
    }

    /// What happened to one file, in the order a script reads the exit status.
    enum Outcome: Int32, Comparable {
        case safe = 0
        case notFullyChecked = 3
        case atRisk = 1
        case unreadable = 2
        case unwritten = 4

        /// 4 before 2 before 1 before 3 before 0.
        var rank: Int { [0: 0, 3: 1, 1: 2, 2: 3, 4: 4][Int(rawValue)]! }
        static func < (a: Outcome, b: Outcome) -> Bool { a.rank < b.rank }
    }

    /// The simulations to check: `--mode`'s, or the forms a class has.
    func simulations() throws -> [Simulation] {
        guard let mode else {
            return try MaterialCheck.classForms.map {
                try Simulation(mode: $0, severity: tuning.severity, model: tuning.model.kind)
            }
        }
        return try tuning.simulations(mode).filter { mode != .all || $0.mode != .normal }
    }

    func run() throws {
        Interruption.install()
        let sims = try simulations()
        var outcome = Outcome.safe
        for file in files {
            outcome = max(outcome, check(file, sims))
        }
        if let failure = StandardOutput.failure() {
            StderrCapture.write("cvdcam: error: \(failure)\n")
            outcome = .unwritten
        }
        if outcome != .safe { throw ExitCode(outcome.rawValue) }
    }

    /// Checks one file: its report, and the pictures asked for.
    func check(_ file: String, _ sims: [Simulation]) -> Outcome {
        let shown = PathName.shown(file)
        let loaded: ImageFile.Loaded
        do { loaded = try ImageFile.load(file, allowStdin: true) } catch {
            if json { emit(JSONLine.encode(["kind": "error", "file": shown, "error": "\(error)"])) }
            StderrCapture.write("cvdcam: error: \(error)\n")
            return StandardOutput.failure() != nil ? .unwritten : .unreadable
        }
        if let damage = loaded.damage { StderrCapture.write("cvdcam: warning: \(damage)\n") }
        let judged = Self.judge(loaded, shown: shown, simulations: sims, chosen: mode != nil, json: json)
        let (image, check, suggestions) = (judged.image, judged.check, judged.suggestions)
        emit(judged.report)
        guard StandardOutput.failure() == nil else { return .unwritten }
        var outcome: Outcome =
            switch check.verdict {
            case .safe: .safe
            case .atRisk: .atRisk
            case .notFullyChecked: .notFullyChecked
            }
        for (kind, path) in [("marked", marked), ("recoloured", recoloured)] {
            guard let path else { continue }
            if file != "-", OutputFiles.sameFile(path, file) {
                StderrCapture.write(
                    "cvdcam: error: '\(PathName.shown(path))' is the picture being checked: give --\(kind) another name\n"
                )
                outcome = max(outcome, .unwritten)
                continue
            }
            let picture =
                kind == "marked"
                ? CheckMarks.draw(check, on: image)
                : Recolouring.apply(suggestions, in: check.found, to: loaded.image)
            do { try ImageFile.write(picture, to: path) } catch {
                StderrCapture.write("cvdcam: error: \(error)\n")
                if json { emit(JSONLine.encode(["kind": "error", "file": PathName.shown(path), "error": "\(error)"])) }
                outcome = max(outcome, .unwritten)
                continue
            }
            emit(
                json ? JSONLine.encode(["kind": kind, "file": PathName.shown(path)]) : "wrote \(PathName.shown(path))")
        }
        return StandardOutput.failure() != nil ? .unwritten : outcome
    }

    /// What the check makes of a loaded file, before anything is written.
    struct Judged {
        /// The picture as judged: on white paper.
        let image: RGBAImage
        let check: MaterialCheck
        let suggestions: [Replacement]
        /// The report, as text or JSON lines.
        let report: String
    }

    /// The check of one loaded file: its picture on white paper, its colours and marks, the
    /// pairs at risk, the replacements and the report. `lap` is called after each step with
    /// its name (`paper`, `regions`, `pairs`, `replacements`, `report`): `bench --check`
    /// times the steps of exactly this.
    static func judge(
        _ loaded: ImageFile.Loaded, shown: String, simulations sims: [Simulation], chosen: Bool, json: Bool,
        lap: (String) -> Void = { _ in }
    ) -> Judged {
        // Transparent parts are judged as the page shows them: on white paper.
        let image = loaded.image.onWhitePaper()
        lap("paper")
        let unjudged = loaded.missingFrom.map {
            [ColourRegion.Box(x: 0, y: $0, width: image.width, height: image.height - $0)]
        }
        let found = RegionFinder.regions(in: image, unjudged: unjudged ?? [])
        lap("regions")
        let check = MaterialCheck(found, simulations: sims)
        lap("pairs")
        let suggestions = Replacement.suggest(for: check)
        lap("replacements")
        let report = CheckReport(file: shown, check: check, suggestions: suggestions, chosen: chosen)
        let text = json ? report.jsonLines.joined(separator: "\n") : report.text
        lap("report")
        return Judged(image: image, check: check, suggestions: suggestions, report: text)
    }

    /// A line (or lines) on stdout, flushed: the report of a file is out before the next is read.
    func emit(_ text: String) { StandardOutput.line(text) }
}
