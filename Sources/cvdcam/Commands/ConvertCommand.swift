import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Simulate colour-vision deficiency on a picture file.",
        discussion: """
            Reads PNG, JPEG, BMP, PNM or TGA; writes PNG, or JPEG when OUTPUT ends in .jpg/.jpeg. \
            With --mode all, writes one file per mode beside OUTPUT: photo.png becomes \
            photo-normal.png, photo-protanopia.png, … photo-achromatopsia.png.

            Examples:
              cvdcam convert map.png map-deut.png --mode deuteranopia
              cvdcam convert fruit.jpg fruit.png --mode protanomaly --severity 0.4
              cvdcam convert chart.png chart.png --mode all
            """)

    @Argument(help: "The picture to read.")
    var input: String

    @Argument(help: "Where to write the result (.png, .jpg or .jpeg).")
    var output: String

    @OptionGroup var simulation: SimulationOptions

    func validate() throws {
        try OutputFiles.validate(output)
    }

    func run() throws {
        let loaded = try ImageFile.load(input)
        if let damage = loaded.damage { StderrCapture.write("cvdcam: warning: \(damage)\n") }
        let image = loaded.image
        let sims = try simulation.simulations()
        try OutputFiles(output, mode: simulation.mode).write(sims) { image.simulated(by: FrameKernel($0)) }
    }
}
