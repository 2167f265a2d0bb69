import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import Glibc

/// Where `convert`, `snapshot`, `scene` and `lut` write: OUTPUT itself, or with `--mode all`
/// one file per mode beside it (`photo.png` → `photo-normal.png`, `photo-protanopia.png`, …).
/// Each file is written whole or not at all (`SafeFile`, through `ImageFile.write` for
/// pictures); a run that fails or is interrupted leaves no partial set behind (the files it
/// created are removed; `Interruption`), and an OUTPUT that is the input itself is refused
/// unless `force`.
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

    /// Renders and writes each simulation in turn, printing `wrote PATH  [simulation]` (and
    /// `note`); if one fails, removes the files this call created and rethrows.
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
        var created: [String] = []
        defer { SafeFile.finished(created) }
        do {
            for sim in simulations {
                let path = path(for: sim)
                if !Self.exists(path) {
                    created.append(path)
                    SafeFile.rollBackIfInterrupted(path)
                }
                switch try render(sim) {
                case .picture(let image): try ImageFile.write(image, to: path)
                case .bytes(let bytes): try SafeFile.write(bytes, to: path)
                }
                StandardOutput.line("wrote \(PathName.shown(path))  [\(sim)\(note.map { ", " + $0 } ?? "")]")
            }
        } catch {
            for p in created { PathName.withCPath(p) { _ = unlink($0) } }
            throw error
        }
    }

    static func exists(_ path: String) -> Bool {
        var st = stat()
        return PathName.withCPath(path) { lstat($0, &st) } == 0
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
