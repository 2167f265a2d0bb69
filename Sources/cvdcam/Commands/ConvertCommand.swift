import ArgumentParser
import CVDCore
import CVDImageIO
import Foundation

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
        guard ImageFile.OutputFormat(path: output) != nil else {
            throw ValidationError("cannot write '\(output)': unsupported output type; use a .png, .jpg or .jpeg name")
        }
    }

    func run() throws {
        let image = try ImageFile.read(input)
        let sims = try simulation.simulations()
        let targets = simulation.mode == .all ? sims.map { Self.path(output, suffix: $0.mode.rawValue) } : [output]
        try Self.writeAll(zip(sims, targets).map { sim, path in (path, { image.simulated(by: FrameKernel(sim)) }, sim) })
    }

    /// `photo.png` + `deuteranopia` → `photo-deuteranopia.png`.
    static func path(_ base: String, suffix: String) -> String {
        let ns = base as NSString
        let ext = ns.pathExtension
        let stem = ns.deletingPathExtension
        return "\(stem)-\(suffix)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Writes each picture in turn; if one fails, removes the ones this call created,
    /// so a failed run leaves no partial set behind.
    static func writeAll(_ jobs: [(path: String, make: () -> RGBAImage, sim: Simulation)]) throws {
        var created: [String] = []
        do {
            for job in jobs {
                let existed = FileManager.default.fileExists(atPath: job.path)
                try ImageFile.write(job.make(), to: job.path)
                if !existed { created.append(job.path) }
                print("wrote \(job.path)  [\(job.sim)]")
            }
        } catch {
            for p in created { try? FileManager.default.removeItem(atPath: p) }
            throw error
        }
    }
}
