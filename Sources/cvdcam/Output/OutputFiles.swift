import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials

/// Where `convert`, `snapshot` and `scene` write their pictures: OUTPUT itself, or with
/// `--mode all` one file per mode beside it (`photo.png` → `photo-normal.png`,
/// `photo-protanopia.png`, …). A failed run leaves no partial set behind.
struct OutputFiles {
    /// OUTPUT as given on the command line.
    let output: String
    /// Whether each simulation gets its own file, named after its mode.
    let perMode: Bool

    init(_ output: String, mode: VisionModeArgument) {
        self.output = output
        perMode = mode == .all
    }

    /// For `validate()`: OUTPUT must name a type `ImageFile` writes.
    static func validate(_ output: String) throws {
        guard ImageFile.OutputFormat(path: output) != nil else {
            throw ValidationError("cannot write '\(output)': unsupported output type; use a .png, .jpg or .jpeg name")
        }
    }

    /// The file a simulation is written to.
    func path(for simulation: Simulation) -> String {
        perMode ? Self.path(output, suffix: simulation.mode.rawValue) : output
    }

    /// `photo.png` + `deuteranopia` → `photo-deuteranopia.png`.
    static func path(_ base: String, suffix: String) -> String {
        let ext = PathName.pathExtension(base)
        let stem = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
        return "\(stem)-\(suffix)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Renders and writes each simulation in turn, printing `wrote PATH  [simulation]`;
    /// if one fails, removes the files this call created and rethrows.
    func write(_ simulations: [Simulation], render: (Simulation) throws -> RGBAImage) throws {
        var created: [String] = []
        do {
            for sim in simulations {
                let path = path(for: sim)
                let existed = FileManager.default.fileExists(atPath: path)
                try ImageFile.write(render(sim), to: path)
                if !existed { created.append(path) }
                print("wrote \(path)  [\(sim)]")
            }
        } catch {
            for p in created { try? FileManager.default.removeItem(atPath: p) }
            throw error
        }
    }
}
