import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check pictures for colours that a form of colour-vision deficiency confuses.",
        discussion: """
            Finds each picture's distinct colours (regions of at least 0.2 % of it; edges, thin \
            lines and smooth shading left out) and lists, for each mode, the pairs that are easy \
            to tell apart in normal vision (ΔE00 ≥ 10) but hard to tell apart or the same as \
            that mode sees them (ΔE00 < 10), with where they are and a replacement colour from \
            the Okabe–Ito or ColorBrewer Dark2 palettes that keeps every colour apart. \
            docs/teaching-tools.md explains the check and its limits.

            Exit status: 0 every checked mode is safe, 1 some pair is at risk, 2 a file could \
            not be read (the others are still checked).

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
            "Vision to check: \(VisionModeArgument.helpList), or all (default: every form of CVD).", valueName: "mode"),
        transform: VisionModeArgument.parse)
    var mode: VisionModeArgument = .all

    @OptionGroup var tuning: ModelOptions

    @Flag(
        help:
            "One JSON object per line (kind: region, pair, mode, suggestion, marked, recoloured, error) instead of the report."
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
    }

    func run() throws {
        Interruption.install()
        let sims = try tuning.simulations(mode).filter { mode != .all || $0.mode != .normal }
        var status: Int32 = 0
        for file in files {
            let loaded: ImageFile.Loaded
            do { loaded = try ImageFile.load(file, allowStdin: true) } catch {
                let line = "cvdcam: error: \(error)"
                if json {
                    print(JSONLine.encode(["kind": "error", "file": PathName.shown(file), "error": "\(error)"]))
                }
                StderrCapture.write(line + "\n")
                status = 2
                continue
            }
            if let damage = loaded.damage { StderrCapture.write("cvdcam: warning: \(damage)\n") }
            let check = MaterialCheck(loaded.image, simulations: sims)
            let suggestions = Replacement.suggest(for: check)
            let report = CheckReport(file: PathName.shown(file), check: check, suggestions: suggestions)
            print(json ? report.jsonLines.joined(separator: "\n") : report.text)
            for (kind, path) in [("marked", marked), ("recoloured", recoloured)] {
                guard let path else { continue }
                if file != "-", OutputFiles.sameFile(path, file) {
                    throw CLIError(
                        "'\(PathName.shown(path))' is the picture being checked: give --\(kind) another name")
                }
                let picture =
                    kind == "marked"
                    ? CheckMarks.draw(check, on: loaded.image)
                    : Recolouring.apply(suggestions, in: check.found, to: loaded.image)
                try ImageFile.write(picture, to: path)
                print(
                    json
                        ? JSONLine.encode(["kind": kind, "file": PathName.shown(path)])
                        : "wrote \(PathName.shown(path))")
            }
            if !check.isSafe, status == 0 { status = 1 }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
