import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The GL renderer is as accurate as the CPU path: what the window shows (read back from
/// GL — what `--screenshot` saves) is within ±1 level of the float64 reference vectors
/// (the 9×9×9 grid of `reference.csv`) for every model, deficiency and severity there, in
/// desktop GL 3.3 core and, for one of each model, in OpenGL ES 3 — under Xvfb with
/// Mesa's llvmpipe (`--renderer gl` forces GL there).
///
/// The grid is a 27×27 picture, one colour per pixel; cvdcam enlarges so small a picture a
/// whole number of times, each pixel a sharp square (nearest, ≥ 3×), in the framed layout
/// (no label over the picture); cvdcam prints where the picture is (CVDCAM_PRINT_OVERLAYS),
/// and each square is read at its centre.
@Suite(.serialized) struct GLConformanceE2ETests {
    struct Case: CustomStringConvertible {
        let model: String
        let deficiency: String
        let severity: String
        var pairs: [(input: RGB8, output: RGB8)] = []
        var description: String { "\(model) \(deficiency) \(severity)" }

        /// The live view's options that ask for this simulation.
        var arguments: [String] {
            let opia = ["protan": "protanopia", "deutan": "deuteranopia", "tritan": "tritanopia"]
            let omaly = ["protan": "protanomaly", "deutan": "deuteranomaly", "tritan": "tritanomaly"]
            if deficiency == "achromat" { return ["--mode", "achromatopsia"] }
            if severity == "1.0" { return ["--mode", opia[deficiency]!, "--model", model] }
            return ["--mode", omaly[deficiency]!, "--severity", severity, "--model", model]
        }
    }

    /// The reference vectors, one case per model, deficiency and severity, in file order.
    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CVDCoreTests/Fixtures/reference.csv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var cases: [Case] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            guard f.count == 9, let v = Optional(f[3...].compactMap { UInt8($0) }), v.count == 6 else { continue }
            if cases.last.map({ $0.model != f[0] || $0.deficiency != f[1] || $0.severity != f[2] }) ?? true {
                cases.append(Case(model: f[0], deficiency: f[1], severity: f[2]))
            }
            cases[cases.count - 1].pairs.append((RGB8(v[0], v[1], v[2]), RGB8(v[3], v[4], v[5])))
        }
        return cases
    }()

    /// The grid as a picture: input k at (k mod 27, k / 27).
    static func picture(_ c: Case) -> RGBAImage {
        var img = RGBAImage(width: 27, height: 27, fill: RGB8(0, 0, 0))
        for (k, p) in c.pairs.enumerated() { img[k % 27, k / 27] = p.input }
        return img
    }

    /// Shows `c`'s grid in the GL renderer (`profile`: core or es) and returns the
    /// colours that are off by more than a level, as "input: screen, reference".
    static func wrongColours(_ c: Case, profile: String, in x: XSession) throws -> [String] {
        let grid = x.dir + "/grid.png"
        try ImageFile.write(picture(c), to: grid)
        let shot = x.dir + "/grid-shot.png"
        let r = try XSession.runToEnd(
            XSession.binary,
            ["--image", grid, "--framed", "--renderer", "gl", "--screenshot", shot, "--screenshot-after", "2"]
                + c.arguments,
            environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }.merging([
                "CVDCAM_PRINT_OVERLAYS": "1", "CVDCAM_GL_PROFILE": profile,
            ]) { $1 }, capture: .stdout)
        guard r.status == 0 else { throw XSession.Failure("\(c): cvdcam exited \(r.status): \(r.text)") }
        let renderer = profile == "es" ? "renderer: OpenGL ES" : "renderer: OpenGL 4"
        guard r.text.contains(renderer) else { throw XSession.Failure("\(c): not in \(profile) GL: \(r.text)") }
        guard let line = r.text.split(separator: "\n").last(where: { $0.hasPrefix("cvdcam: overlays: ") }) else {
            throw XSession.Failure("\(c): no overlays line in \(r.text)")
        }
        let overlays = SacredPictureE2ETests.Overlays(String(line.dropFirst("cvdcam: ".count)))
        guard let p = overlays.pictures.first, p.w >= 27 * 3 else {
            throw XSession.Failure("\(c): the grid is not drawn enlarged (\(line))")
        }
        let image = try ImageFile.read(shot)
        var wrong: [String] = []
        for (k, pair) in c.pairs.enumerated() {
            let cx = Int(p.x + (Double(k % 27) + 0.5) * p.w / 27)
            let cy = Int(p.y + (Double(k / 27) + 0.5) * p.h / 27)
            let seen = image[cx, cy]
            let off = [
                abs(Int(seen.r) - Int(pair.output.r)), abs(Int(seen.g) - Int(pair.output.g)),
                abs(Int(seen.b) - Int(pair.output.b)),
            ].max()!
            if off > 1 {
                wrong.append("\(pair.input.hexString): \(seen.hexString), reference \(pair.output.hexString)")
            }
        }
        return wrong
    }

    @Test func everyReferenceCaseWithinALevelInDesktopGL() throws {
        #expect(Self.cases.count == 25, "reference.csv holds 25 cases")
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        for c in Self.cases {
            let wrong = try Self.wrongColours(c, profile: "core", in: x)
            #expect(wrong.isEmpty, "\(c): \(wrong.count) of 729 off by more than 1 level, e.g. \(wrong.prefix(4))")
        }
    }

    @Test func oneCaseOfEachModelWithinALevelInGLES() throws {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        var seen = Set<String>()
        for c in Self.cases where !seen.contains(c.model) && (c.severity == "1.0" || c.severity == "0.7") {
            seen.insert(c.model)
            let wrong = try Self.wrongColours(c, profile: "es", in: x)
            #expect(wrong.isEmpty, "\(c) (ES): \(wrong.count) of 729 off by more than 1 level, e.g. \(wrong.prefix(4))")
        }
        #expect(seen.count == 5, "a case of each model: \(seen)")
    }
}
