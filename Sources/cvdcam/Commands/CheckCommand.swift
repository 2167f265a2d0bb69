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

            A PDF is checked page by page, each page drawn as it prints at \(Int(PDFDocument.dotsPerInch)) dpi on \
            white paper and reported as "worksheet.pdf page 2"; at most \(PageChoice.atOnce) pages in one run \
            (--page chooses others; those left are reported as not checked). A PDF locked with a \
            password, or damaged, is one line on stderr, and the other files are still checked.

            Exit status: 0 safe; 1 some pair is at risk; 3 no pair at risk, but some part \
            could not be judged (not fully checked); 2 a file could not be read (the others \
            are still checked); 4 a report or a picture could not be written. With several \
            files, the first of 4, 2, 1, 3 that applies.

            Examples:
              cvdcam check worksheet.jpg
              cvdcam check figures/*.png --mode deuteranopia
              cvdcam check map.png --marked map-marked.png
              cvdcam check worksheet.pdf --marked marked.png      # marked-page1.png, marked-page2.png, …
              cvdcam check book.pdf --page 51-100
              cvdcam check chart.png --recoloured fixed.png && cvdcam convert fixed.png fixed-deut.png -m deutan
              cvdcam check chart.png --json
            """)

    @Argument(help: "The pictures or PDF files to check (- : standard input).")
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
        help: ArgumentHelp(
            "Write the picture with the pairs at risk outlined and numbered (PNG; for a PDF one per page: FILE-page1.png, …).",
            valueName: "file"))
    var marked: String?

    @Option(
        help: ArgumentHelp(
            "Write the picture with the replacements put in, to see the fix work (e.g. with cvdcam convert --mode all); for a PDF one per page, as --marked.",
            valueName: "file"))
    var recoloured: String?

    @Option(
        help: ArgumentHelp(
            "The pages of a PDF to check: 3, 2-5, or 51- (page 51 and those after it). Default: every page, at most \(PageChoice.atOnce) in one run.",
            valueName: "pages"),
        transform: PageChoice.parse)
    var page: PageChoice?

    func validate() throws {
        for (flag, path) in [("--marked", marked), ("--recoloured", recoloured)] {
            guard let path else { continue }
            guard files.count == 1 else { throw ValidationError("\(flag) takes one picture; check one file at a time") }
            try OutputFiles.validate(path)
            // Said before the check is made (it may take seconds), not after.
            if files[0] != "-", OutputFiles.sameFile(path, files[0]) {
                throw ValidationError(
                    "'\(PathName.shown(path))' is the picture being checked: give \(flag) another name")
            }
        }
        if let m = marked, let r = recoloured, m == r || OutputFiles.sameFile(m, r) {
            throw ValidationError(
                "--marked and --recoloured both name '\(PathName.shown(m))': give each picture a file of its own")
        }
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

    /// Checks one file: a picture, or the pages of a PDF asked for.
    func check(_ file: String, _ sims: [Simulation]) -> Outcome {
        let opened: OpenedFile
        do { opened = try ImageFile.open(file, allowStdin: true) } catch { return failed(file, error) }
        switch opened {
        case .picture(let loaded):
            if let page, page.first != 1 {
                return failed(
                    file,
                    ImageFileError.unreadable(
                        file,
                        "it is a picture, which is one page: there is no page \(page.first) (pages are for PDF files)"))
            }
            for warning in loaded.warnings { StderrCapture.write("cvdcam: warning: \(warning)\n") }
            return check(
                loaded.image, unjudged: loaded.unjudged, lossy: loaded.lossy, file: file, page: nil, incomplete: nil,
                sims)
        case .pdf(let document):
            return checkPages(document, file, sims)
        }
    }

    /// Checks one picture (a file's, or a PDF's page `page`): its report, and the pictures
    /// asked for — for a PDF one of each per page, `OUT-pageN.png`. `original`: the picture
    /// as the file has it (transparency too), which the replacements are put into; it is
    /// judged on white paper, and marked there.
    func check(
        _ original: RGBAImage, unjudged: [PixelRect], lossy: Bool = false, file: String, page: Int?,
        incomplete: String?, _ sims: [Simulation]
    ) -> Outcome {
        let judged = Self.judge(
            original, unjudged: unjudged, lossy: lossy, shown: PathName.shown(file), page: page, incomplete: incomplete,
            simulations: sims, chosen: mode != nil, json: json)
        let (image, check, suggestions, report) = (judged.image, judged.check, judged.suggestions, judged.report)
        emit(judged.text)
        guard StandardOutput.failure() == nil else { return .unwritten }
        var outcome: Outcome =
            switch report.verdict {
            case .safe: .safe
            case .atRisk: .atRisk
            case .notFullyChecked: .notFullyChecked
            }
        for (kind, given) in [("marked", marked), ("recoloured", recoloured)] {
            guard let given else { continue }
            let path = page.map { OutputFiles.path(given, suffix: "page\($0)") } ?? given
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
                : Recolouring.apply(suggestions, in: check.found, to: original)
            do { try ImageFile.write(picture, to: path) } catch {
                StderrCapture.write("cvdcam: error: \(error)\n")
                if json { emit(JSONLine.encode(["kind": "error", "file": PathName.shown(path), "error": "\(error)"])) }
                outcome = max(outcome, .unwritten)
                continue
            }
            var line: [String: Any] = ["kind": kind, "file": PathName.shown(path)]
            if let page { line["page"] = page }
            emit(json ? JSONLine.encode(line) : "wrote \(PathName.shown(path))")
        }
        return StandardOutput.failure() != nil ? .unwritten : outcome
    }

    /// A file (or a PDF's page) that could not be read: one line on stderr, and in `--json`.
    func failed(_ file: String, _ error: any Error, page: Int? = nil) -> Outcome {
        if json {
            var line: [String: Any] = ["kind": "error", "file": PathName.shown(file), "error": "\(error)"]
            if let page { line["page"] = page }
            emit(JSONLine.encode(line))
        }
        StderrCapture.write("cvdcam: error: \(error)\n")
        return StandardOutput.failure() != nil ? .unwritten : .unreadable
    }

    /// What the check makes of a picture, before anything is written.
    struct Judged {
        /// The picture as judged: on white paper.
        let image: RGBAImage
        let check: MaterialCheck
        let suggestions: [Replacement]
        let report: CheckReport
        /// The report, as text or JSON lines.
        let text: String
    }

    /// The check of one picture (a file's, or a PDF's page `page`): on white paper, its
    /// colours and marks, the pairs at risk, the replacements and the report. `lap` is called
    /// after each step with its name (`paper`, `regions`, `pairs`, `replacements`, `report`):
    /// `bench --check` times the steps of exactly this.
    static func judge(
        _ picture: RGBAImage, unjudged: [PixelRect], lossy: Bool = false, shown: String, page: Int? = nil,
        incomplete: String? = nil, simulations sims: [Simulation], chosen: Bool, json: Bool,
        lap: (String) -> Void = { _ in }
    ) -> Judged {
        // Transparent parts are judged as the page shows them: on white paper.
        let image = picture.onWhitePaper()
        lap("paper")
        let found = RegionFinder.regions(in: image, unjudged: unjudged, blendedBorders: lossy)
        lap("regions")
        let check = MaterialCheck(found, simulations: sims)
        lap("pairs")
        let suggestions = Replacement.suggest(for: check)
        lap("replacements")
        let report = CheckReport(
            file: shown, check: check, suggestions: suggestions, chosen: chosen, page: page, incomplete: incomplete)
        let text = json ? report.jsonLines.joined(separator: "\n") : report.text
        lap("report")
        return Judged(image: image, check: check, suggestions: suggestions, report: report, text: text)
    }

    /// A line (or lines) on stdout, flushed: the report of a file is out before the next is read.
    func emit(_ text: String) { StandardOutput.line(text) }
}
