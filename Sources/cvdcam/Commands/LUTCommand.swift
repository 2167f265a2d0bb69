import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

struct LUTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lut",
        abstract: "Write a mode as a 3D LUT (.cube, or OBS's .png) for OBS, ffmpeg, Resolve or GIMP.",
        discussion: """
            cube: the Adobe/Resolve .cube format, --size 33 (default) or 65 nodes per axis, each \
            node the exact simulated colour. png: the 512×512 picture (a 64³ table) OBS's "Apply \
            LUT" filter also takes. Programs interpolate between nodes, so a LUT is close to \
            cvdcam's own output but not exact (docs/virtual-camera-and-luts.md gives the measured error); --mode all \
            writes one file per mode beside OUTPUT.

            Examples:
              cvdcam lut --mode deuteranopia deuteranopia.cube
              cvdcam lut --mode tritanopia --size 65 tritanopia.cube
              cvdcam lut --mode protanopia --format png protanopia.png
              ffmpeg -i in.mp4 -vf lut3d=deuteranopia.cube out.mp4
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case cube, png }

    @Argument(help: "Where to write the table (.cube or .png).")
    var output: String

    @OptionGroup var simulation: SimulationOptions

    @Option(help: ArgumentHelp("Nodes per axis for .cube: 33 or 65 (png: always 64).", valueName: "n"))
    var size: Int?

    @Option(help: "cube or png (default: from OUTPUT's extension, else cube).")
    var format: Format?

    private var chosenFormat: Format {
        format ?? (PathName.pathExtension(output).lowercased() == "png" ? .png : .cube)
    }

    func validate() throws {
        if let s = size {
            if chosenFormat == .png, s != LUTStrip.size {
                throw ValidationError("--format png is OBS's 64³ picture; leave out --size")
            }
            if chosenFormat == .cube, s != 33, s != 65 { throw ValidationError("--size must be 33 or 65") }
        }
        let ext = PathName.pathExtension(output).lowercased()
        if chosenFormat == .png, ext != "png" { throw ValidationError("--format png writes a PNG; use a .png name") }
        if chosenFormat == .cube, ["png", "jpg", "jpeg"].contains(ext) {
            throw ValidationError("--format cube writes a .cube text table; use a .cube name (or --format png)")
        }
    }

    func run() throws {
        Interruption.install()
        let sims = try simulation.simulations()
        let note = chosenFormat == .png ? "OBS 64³ picture" : "\(size ?? 33)³ cube"
        try OutputFiles(output, mode: simulation.mode).write(sims, note: note) { sim in
            switch chosenFormat {
            case .png:
                return .picture(LUTStrip.image(ColourLUT(sim.transform, size: LUTStrip.size)))
            case .cube:
                let text = CubeFile.text(
                    ColourLUT(sim.transform, size: size ?? 33), title: "cvdcam \(sim)",
                    comments: [
                        "cvdcam \(sim): simulated colour-vision deficiency, sRGB in and out",
                        "each node is the exact simulated colour; apply with trilinear or tetrahedral interpolation",
                    ])
                return .bytes(Array(text.utf8))
            }
        }
        try StandardOutput.finish()
    }
}
