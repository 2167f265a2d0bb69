import CSDL2
import CSDL2TTF
import FoundationEssentials
import Testing

@testable import CVDViewer

/// Every character drawn in every language (issue 43): with DejaVu and each CJK font Debian
/// ships (fonts-noto-cjk, fonts-wqy-zenhei, fonts-ipafont, fonts-droid-fallback: in
/// scripts/lib.sh's TEST_PACKAGES), every catalogue string (po/*.po msgstr) renders with no
/// character missing from the fonts that draw it, at the width it was measured at.
@Suite(.serialized) struct FontCoverageTests {
    /// The CJK font each Debian package installs, as FontLocator knows it.
    static let cjkFonts = [
        ("fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
        ("fonts-wqy-zenhei", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
        ("fonts-ipafont", "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
        ("fonts-droid-fallback", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    ]

    static var dejaVu: String { FontLocator.candidates[0] }

    /// Every msgstr of every catalogue, unescaped.
    static func catalogueStrings() throws -> [(language: String, text: String)] {
        let root = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0])
        let folder = root + "/po"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".po") }.sorted()
        var out: [(String, String)] = []
        for name in names {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            var current: String?
            func flush() {
                if let c = current, !c.isEmpty { out.append((String(name.dropLast(3)), c)) }
                current = nil
            }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("msgstr") {
                    flush()
                    current = unquote(line.drop { $0 != "\"" })
                } else if line.hasPrefix("\""), current != nil {
                    current! += unquote(line[...])
                } else {
                    flush()
                }
            }
            flush()
        }
        return out
    }

    /// A PO string's body: between its quotes, `\"`, `\\` and `\n` undone.
    static func unquote(_ s: Substring) -> String {
        var body = s.dropFirst().dropLast()
        var out = ""
        while let c = body.popFirst() {
            if c == "\\", let e = body.popFirst() {
                out.append(e == "n" ? "\n" : e == "t" ? "\t" : e)
            } else {
                out.append(c)
            }
        }
        return out
    }

    init() {
        #expect(TTF_WasInit() != 0 || TTF_Init() == 0)
    }

    @Test(arguments: cjkFonts)
    func everyCatalogueStringIsDrawnWhole(package: String, path: String) throws {
        #expect(FileManager.default.fileExists(atPath: path), "\(path) missing: sudo apt install \(package)")
        guard FileManager.default.fileExists(atPath: path) else { return }
        let chain = try FontChain([Self.dejaVu, path])
        defer { chain.close() }
        let strings = try Self.catalogueStrings()
        #expect(strings.count > 1500, "every catalogue read")
        var missing: [String] = []
        var rendered = 0
        for (language, text) in strings {
            for c in text.unicodeScalars where c.value >= 0x20 && chain.face(for: c.value) == nil {
                missing.append("\(language) U+\(String(c.value, radix: 16, uppercase: true)) in \(text)")
            }
            // Drawn as measured, at a label's size, line by line as the labels show them.
            for line in text.split(separator: "\n") {
                let t = String(line)
                let size = try #require(chain.size(of: t, px: 24), "\(t)")
                let surface = try #require(chain.render(t, px: 24), "\(language): \(t) did not render")
                #expect(
                    Int(surface.pointee.w) == size.width && Int(surface.pointee.h) == size.height,
                    "\(language): \(t)")
                SDL_FreeSurface(surface)
                rendered += 1
            }
        }
        #expect(missing.isEmpty, "\(package): \(missing.count) characters missing, e.g. \(missing.prefix(5))")
        #expect(rendered >= strings.count)
    }

    /// Latin, digits and symbols in DejaVu, the rest in the CJK font: a Japanese line with a
    /// figure and a model name is three runs, measured as their sum, on DejaVu's line.
    @Test func runsGoToTheFirstFontThatHasEachCharacter() throws {
        let droid = Self.cjkFonts[3].1
        let chain = try FontChain([Self.dejaVu, droid])
        defer { chain.close() }
        let runs = chain.runs("1 フレーム表示 · Viénot 1999")
        #expect(runs.map(\.face) == [0, 1, 0], "\(runs)")
        #expect(runs.map(\.text).joined() == "1 フレーム表示 · Viénot 1999")
        #expect(chain.runs("Deuteranopia · Viénot 1999").map(\.face) == [0])
        let whole = try #require(chain.size(of: "1 フレーム表示 · Viénot 1999", px: 30))
        let parts = try runs.map { r in try #require(chain.size(of: r.text, px: 30)).width }
        #expect(whole.width == parts.reduce(0, +))
        // One line height for every text of a size, as the layout's "Ag" has it.
        let line = try #require(chain.size(of: "Ag", px: 30)).height
        #expect(whole.height == line && chain.size(of: "フレーム", px: 30)?.height == line)
        let surface = try #require(chain.render("フレーム", px: 30))
        #expect(Int(surface.pointee.h) == line)
        SDL_FreeSurface(surface)
    }

    /// A character no font has is counted, and the note names the package to install.
    @Test func aCharacterNoFontHasIsSaidOnce() throws {
        let chain = try FontChain([Self.dejaVu])
        defer { chain.close() }
        _ = chain.runs("漢字")
        #expect(chain.missing == [0x6F22, 0x5B57])
        let note = FontLocator.missingNote(0x6F22, in: "漢字")
        #expect(note.contains("U+6F22") && note.hasSuffix("sudo apt install fonts-noto-cjk"), "\(note)")
        #expect(FontLocator.package(for: 0x0E01) == "fonts-noto-core", "Thai")
    }
}
