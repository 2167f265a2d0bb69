import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Simulate colour-vision deficiency on a picture file.",
        discussion: """
            Reads PNG, JPEG, WebP, GIF, TIFF, BMP, PNM or TGA, or a page of a PDF (--page; \
            drawn as it prints at \(Int(PDFDocument.dotsPerInch)) dpi on white paper) (INPUT - reads standard input); \
            writes PNG, or JPEG when OUTPUT ends in .jpg/.jpeg, whole or not at all (a full disk \
            or a missing permission keeps the old file and says so). With --mode all, writes \
            one file per mode beside OUTPUT: photo.png becomes photo-normal.png, \
            photo-protanopia.png, … photo-achromatopsia.png. OUTPUT may not be INPUT itself \
            unless --force.

            Examples:
              cvdcam convert map.png map-deut.png --mode deuteranopia
              cvdcam convert fruit.jpg fruit.png --mode protanomaly --severity 0.4
              cvdcam convert chart.png chart-all.png --mode all
              cvdcam convert worksheet.pdf page2-deut.png --page 2 --mode deuteranopia
              cvdcam convert - map-deut.png --mode deuteranopia < map.jpg
            """)

    @Argument(help: "The picture or PDF to read (- : standard input).")
    var input: String

    @Option(help: ArgumentHelp("With a PDF: the page to convert, from 1 (default: the first).", valueName: "n"))
    var page: Int?

    @Argument(help: "Where to write the result (.png, .jpg or .jpeg).")
    var output: String

    @OptionGroup var simulation: SimulationOptions

    @Flag(help: "Write OUTPUT even when it is INPUT itself (the original is replaced).")
    var force = false

    func validate() throws {
        try OutputFiles.validate(output)
        if let page, page < 1 { throw ValidationError("--page counts from 1 (the first page)") }
    }

    func run() throws {
        Interruption.install()
        let (loaded, drawn) = try ImageFile.load(input, page: page, allowStdin: true)
        for warning in loaded.warnings { StderrCapture.write("cvdcam: warning: \(warning)\n") }
        let image = loaded.image
        let sims = try simulation.simulations()
        let note = drawn.map { "page \($0.number) of \($0.of), \(Int($0.dotsPerInch.rounded())) dpi" }
        try OutputFiles(output, mode: simulation.mode, input: input == "-" ? nil : input, force: force).write(
            sims, note: note
        ) {
            // The result's pixels, tried first: a memory limit is a line, not an abort.
            guard Memory.canAllocate(image.pixels.count) else {
                throw CLIError(
                    "not enough memory to simulate the \(image.width)×\(image.height) picture (a memory limit, ulimit -v?)"
                )
            }
            return .picture(image.simulated(by: FrameKernel($0)))
        }
        try StandardOutput.finish()
    }
}
