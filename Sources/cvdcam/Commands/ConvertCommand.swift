import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Simulate colour-vision deficiency on a picture file.",
        discussion: """
            Reads PNG, JPEG, WebP, GIF, TIFF, BMP, PNM or TGA (INPUT - reads standard input); \
            writes PNG, or JPEG when OUTPUT ends in .jpg/.jpeg, whole or not at all (a full disk \
            or a missing permission keeps the old file and says so). With --mode all, writes \
            one file per mode beside OUTPUT: photo.png becomes photo-normal.png, \
            photo-protanopia.png, … photo-achromatopsia.png. OUTPUT may not be INPUT itself \
            unless --force.

            Examples:
              cvdcam convert map.png map-deut.png --mode deuteranopia
              cvdcam convert fruit.jpg fruit.png --mode protanomaly --severity 0.4
              cvdcam convert chart.png chart-all.png --mode all
              cvdcam convert - map-deut.png --mode deuteranopia < map.jpg
            """)

    @Argument(help: "The picture to read (- : standard input).")
    var input: String

    @Argument(help: "Where to write the result (.png, .jpg or .jpeg).")
    var output: String

    @OptionGroup var simulation: SimulationOptions

    @Flag(help: "Write OUTPUT even when it is INPUT itself (the original is replaced).")
    var force = false

    func validate() throws {
        try OutputFiles.validate(output)
    }

    func run() throws {
        Interruption.install()
        let loaded = try ImageFile.load(input, allowStdin: true)
        for warning in loaded.warnings { StderrCapture.write("cvdcam: warning: \(warning)\n") }
        let image = loaded.image
        let sims = try simulation.simulations()
        try OutputFiles(output, mode: simulation.mode, input: input == "-" ? nil : input, force: force).write(sims) {
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
