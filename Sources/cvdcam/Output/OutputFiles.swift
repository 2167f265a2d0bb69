import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import Glibc

/// Where `convert`, `snapshot`, `scene` and `lut` write: OUTPUT itself, or with `--mode all`
/// one file per mode beside it (`photo.png` → `photo-normal.png`, `photo-protanopia.png`, …).
/// The files are written as one set (`SafeFile.Batch`): each whole or not at all, and a
/// run that fails or is interrupted leaves no partial set behind (no new file, every old
/// one as it was; `Interruption`); an OUTPUT that is the input itself is refused unless
/// `force`.
struct OutputFiles {
    /// OUTPUT as given on the command line.
    let output: String
    /// Whether each simulation gets its own file, named after its mode.
    let perMode: Bool
    /// The input file, which no output may replace unless `force`.
    var input: String?
    var force = false

    /// What one file holds.
    enum Content {
        case picture(RGBAImage)
        case bytes([UInt8])
    }

    init(_ output: String, mode: VisionModeArgument, input: String? = nil, force: Bool = false) {
        self.output = output
        perMode = mode == .all
        self.input = input
        self.force = force
    }

    /// For `validate()`: OUTPUT must name a type `ImageFile` writes.
    static func validate(_ output: String) throws {
        guard ImageFile.OutputFormat(path: output) != nil else {
            throw ValidationError(
                "cannot write '\(PathName.shown(output))': unsupported output type; use a .png, .jpg or .jpeg name")
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

    /// Renders each simulation in turn, then puts the files in place and prints
    /// `wrote PATH  [simulation]` (and `note`) for each; if one fails, nothing is written.
    func write(
        _ simulations: [Simulation], note: String? = nil, render: (Simulation) throws -> Content
    ) throws {
        if let input, !force {
            for sim in simulations where Self.sameFile(path(for: sim), input) {
                throw CLIError(
                    "'\(PathName.shown(path(for: sim)))' is the input itself: writing it would replace the original; "
                        + "give another OUTPUT name, or --force to replace it")
            }
        }
        // Each file made whole beside its name, all put in place at the end: a failure or an
        // interruption midway leaves the old set as it was (`SafeFile.Batch`).
        var batch = SafeFile.Batch()
        var lines: [String] = []
        for sim in simulations {
            let path = path(for: sim)
            let bytes: [UInt8]
            do {
                switch try render(sim) {
                case .picture(let image): bytes = try ImageFile.encoded(image, for: path)
                case .bytes(let b): bytes = b
                }
            } catch {
                // A picture that cannot be made (memory): what the set has made goes too.
                batch.abandon()
                throw error
            }
            do throws(SafeFile.WriteError) {
                try batch.add(bytes, to: path)
            } catch {
                throw ImageFileError.unwritable(path, error.reason + "; " + error.outcome)
            }
            lines.append("wrote \(PathName.shown(path))  [\(sim)\(note.map { ", " + $0 } ?? "")]")
        }
        do throws(SafeFile.WriteError) {
            try batch.commit()
        } catch {
            throw ImageFileError.unwritable(error.path, error.reason + "; " + error.outcome)
        }
        for line in lines { StandardOutput.line(line) }
    }

    /// Whether two paths name the same file (device and inode), following links.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        guard PathName.withCPath(a, { stat($0, &sa) }) == 0, PathName.withCPath(b, { stat($0, &sb) }) == 0 else {
            return false
        }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
