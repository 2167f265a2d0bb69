import CVDCore
import CVDImageIO
import Foundation
import TestFolders
import Testing

/// The window in the teacher's language, read back as a person would: cvdcam (a link to
/// the release build) in a folder with catalogues compiled from po/, the window at a
/// projector's 1024×768 at --ui-scale 1 and 2, the screenshot read by tesseract in that
/// language. stdout stays English, byte for byte. Screenshots: language-*.png.
@Suite(.serialized) struct LanguageE2ETests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A folder holding `cvdcam` (a link to the release binary) and `locale/LL/LC_MESSAGES/cvdcam.mo`
    /// for `languages`, compiled here from po/ (German without its "Deuteranopia" when `dropping`).
    static func install(_ languages: [String], dropping: String? = nil) throws -> String {
        let dir = TestFolder.make("cvdcam-lang")
        try FileManager.default.createSymbolicLink(atPath: dir + "/cvdcam", withDestinationPath: XSession.binary)
        for l in languages {
            let folder = "\(dir)/locale/\(l)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var po = "\(root)/po/\(l).po"
            if let dropping {
                let cut = dir + "/\(l)-cut.po"
                let r = try XSession.runToEnd(
                    try XSession.installed("msggrep"), ["-v", "-K", "-e", "^\(dropping)$", "-o", cut, po],
                    environment: [:], capture: .stderr)
                guard r.status == 0 else { throw XSession.Failure("msggrep failed: \(r.text)") }
                po = cut
            }
            let r = try XSession.runToEnd(
                try XSession.installed("msgfmt"), ["--check", "-o", folder + "/cvdcam.mo", po], environment: [:],
                capture: .stderr)
            guard r.status == 0 else { throw XSession.Failure("msgfmt refused \(po): \(r.text)") }
        }
        return dir
    }

    /// What tesseract reads in `img` (scaled 3× first: labels are small for it), in `language`.
    static func read(_ img: RGBAImage, language: String, dir: String) throws -> String {
        let path = dir + "/ocr-\(UUID().uuidString).png"
        try ImageFile.write(img, to: path)
        let big = path + ".3x.png"
        let c = try XSession.runToEnd(
            try XSession.installed("convert"), [path, "-resize", "300%", big], environment: [:], capture: .stderr)
        guard c.status == 0 else { throw XSession.Failure("convert failed: \(c.text)") }
        let r = try XSession.runToEnd(
            try XSession.installed("tesseract"), [big, "-", "-l", language], environment: [:], capture: .stdout)
        guard r.status == 0 else {
            throw XSession.Failure("tesseract -l \(language) failed (scripts/test installs it)")
        }
        return r.text
    }

    /// stdout without the lines that count frames (they depend on timing, not on language).
    static func stable(_ out: String) -> String {
        out.split(separator: "\n").filter { !$0.contains("frames") && !$0.contains("fps") }.joined(separator: "\n")
    }

    /// Runs cvdcam with `language` (nil: English), presses `keys`; stdout and the screenshots
    /// after the first frame and after the help sheet opened.
    func run(_ language: String?, scale: Double, in dir: String) throws -> (
        out: String, first: RGBAImage, help: RGBAImage
    ) {
        let x = try XSession(width: 1024, height: 768)
        defer { x.close() }
        var args = [
            "--test-scene", "--window", "1024x768", "--ui-scale", String(scale), "--mode", "deuteranopia",
            "--caption",
        ]
        if let language { args += ["--language", language] }
        try x.launch(args, binary: dir + "/cvdcam", environment: ["LANGUAGE": "", "LANG": "C.UTF-8"])
        try x.waitForOutput("showing built-in test scene")
        usleep(400_000)
        let first = try x.screenshot()
        for k in ["v", "v", "c"] { try x.key(k) }
        try x.waitForOutput("quad: normal, protanopia, deuteranopia, tritanopia")
        try x.key("h") // the help sheet prints nothing: give it a moment
        usleep(800_000)
        let help = try x.screenshot()
        try x.quitKey("q")
        _ = try x.waitForExit()
        return (x.readOutput(), first, help)
    }

    @Test(arguments: [1.0, 2.0]) func germanWindowReadsInGermanAndStdoutStaysEnglish(scale: Double) throws {
        let dir = try Self.install(["de"])
        let tag = scale == 1 ? "" : "-ui\(Int(scale))"
        let english = try run(nil, scale: scale, in: dir)
        let german = try run("de", scale: scale, in: dir)
        try ImageFile.write(german.first, to: ViewerE2ETests.screenshotDir + "/language-de\(tag).png")
        try ImageFile.write(german.help, to: ViewerE2ETests.screenshotDir + "/language-de-help\(tag).png")
        #expect(Self.stable(german.out) == Self.stable(english.out), "stdout is the same in every language")
        let words = try Self.read(german.first, language: "deu", dir: dir)
        #expect(words.contains("Deuteranopie"), "the badge in German; tesseract read: \(words)")
        #expect(!words.contains("Deuteranopia"))
        let help = try Self.read(german.help, language: "deu", dir: dir)
        #expect(help.contains("Tasten") && help.contains("Modi"), "the help sheet in German; read: \(help)")
        let englishWords = try Self.read(english.first, language: "eng", dir: dir)
        #expect(englishWords.contains("Deuteranopia"), "without --language: English; read: \(englishWords)")
    }

    @Test func frenchWindowReadsInFrench() throws {
        let dir = try Self.install(["fr"])
        let french = try run("fr", scale: 2, in: dir)
        try ImageFile.write(french.first, to: ViewerE2ETests.screenshotDir + "/language-fr-ui2.png")
        let words = try Self.read(french.first, language: "fra", dir: dir)
        #expect(words.contains("Deutéranopie"), "the badge in French; tesseract read: \(words)")
    }

    /// A catalogue that lacks a string: that string in English, the rest still translated.
    @Test func aMissingTranslationFallsBackToEnglish() throws {
        let dir = try Self.install(["de"], dropping: "Deuteranopia")
        let german = try run("de", scale: 2, in: dir)
        let words = try Self.read(german.first, language: "deu", dir: dir)
        #expect(words.contains("Deuteranopia"), "the untranslated name in English; read: \(words)")
        let help = try Self.read(german.help, language: "deu", dir: dir)
        #expect(help.contains("Tasten"), "the rest still German; read: \(help)")
    }

    /// Japanese with a CJK font (scripts/test installs fonts-noto-cjk): no fallback note,
    /// and the badge reads in Japanese.
    @Test func japaneseWindowDrawsJapanese() throws {
        let dir = try Self.install(["ja"])
        let japanese = try run("ja", scale: 2, in: dir)
        try ImageFile.write(japanese.first, to: ViewerE2ETests.screenshotDir + "/language-ja-ui2.png")
        try ImageFile.write(japanese.help, to: ViewerE2ETests.screenshotDir + "/language-ja-help-ui2.png")
        #expect(!japanese.out.contains("no font with Japanese characters"), "\(japanese.out)")
        let words = try Self.read(japanese.first, language: "jpn", dir: dir).replacing(" ", with: "")
        #expect(words.contains("2色覚"), "the badge in Japanese (2型2色覚); tesseract read: \(words)")
    }

    /// Every text the window draws in `language` through the keys a lesson uses (the
    /// virtual camera without a device, the camera panel and the next camera on the test
    /// scene, the caption, the figures, the help sheet, turning, the pen, a still, frozen),
    /// and the characters its font lacks (`CVDCAM_PRINT_TEXTS` prints each text drawn and
    /// checks each character against the font drawing it).
    func lessonTexts(_ language: String, in dir: String) throws -> (texts: [String], missing: [String]) {
        let x = try XSession(width: 1280, height: 720)
        defer { x.close() }
        try x.launch(
            ["--test-scene", "--window", "1280x720", "--mode", "deuteranopia", "--language", language],
            binary: dir + "/cvdcam", environment: ["LANGUAGE": "", "LANG": "C.UTF-8", "CVDCAM_PRINT_TEXTS": "1"])
        try x.waitForOutput("showing built-in test scene")
        for k in ["o", "k", "n", "c", "i", "r", "e", "b", "g", "v", "x", "l", "space", "plus", "h"] {
            try x.key(k)
            usleep(700_000)
        }
        try x.quitKey("q")
        _ = try x.waitForExit()
        let lines = x.readOutput().split(separator: "\n")
        func after(_ prefix: String) -> [String] {
            lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
        return (after("cvdcam: text: "), after("cvdcam: missing glyph: "))
    }

    /// The catalogue's translations (msgid → msgstr), read from po/ as msgfmt would.
    static func catalogue(_ language: String) throws -> [String: String] {
        let text = try String(contentsOfFile: "\(root)/po/\(language).po", encoding: .utf8)
        var out: [String: String] = [:]
        var id = ""
        var str = ""
        var field = ""
        func unquote(_ s: Substring) -> String {
            String(s.dropFirst().dropLast()).replacing("\\n", with: "\n").replacing("\\\"", with: "\"")
                .replacing("\\\\", with: "\\")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") {
                if !id.isEmpty { out[id] = str }
                (id, str, field) = (unquote(line.dropFirst(6)), "", "id")
            } else if line.hasPrefix("msgstr ") {
                (str, field) = (unquote(line.dropFirst(7)), "str")
            } else if line.hasPrefix("\"") {
                if field == "id" { id += unquote(line) } else if field == "str" { str += unquote(line) }
            }
        }
        if !id.isEmpty { out[id] = str }
        return out
    }

    /// None of the texts the German window draws is an English message the catalogue
    /// translates, or holds a word that is English only.
    @Test func everyTextTheGermanWindowShowsIsGerman() throws {
        let dir = try Self.install(["de"])
        let (texts, missing) = try lessonTexts("de", in: dir)
        #expect(texts.count > 20, "texts drawn: \(texts)")
        #expect(missing.isEmpty, "characters the font lacks: \(missing)")
        let catalogue = try Self.catalogue("de")
        let untranslated = texts.filter { t in catalogue[t].map { !$0.isEmpty && $0 != t } ?? false }
        #expect(untranslated.isEmpty, "catalogued English drawn as it is: \(untranslated)")
        // Words of cvdcam's English that German never uses (names such as Viénot aside).
        let english: Set<String> = [
            "the", "is", "and", "of", "on", "off", "camera", "virtual", "shown", "built-in", "scene", "press",
            "picture", "cannot", "no", "not", "frames", "dropped", "turned", "mirrored", "frozen",
        ]
        let offending = texts.filter { t in
            t.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).contains {
                english.contains(String($0))
            }
        }
        #expect(offending.isEmpty, "English in the German window: \(offending)")
    }

    /// Japanese (Noto Sans CJK) and Ukrainian (DejaVu's Cyrillic): every character of every
    /// text a lesson draws is in the font that draws it — no empty boxes (the ❚❚ of the
    /// Frozen chip once was two).
    @Test(arguments: ["ja", "uk"]) func everyCharacterIsInTheFont(language: String) throws {
        let dir = try Self.install([language])
        let (texts, missing) = try lessonTexts(language, in: dir)
        #expect(texts.count > 20, "texts drawn: \(texts)")
        #expect(missing.isEmpty, "characters the font lacks: \(missing)")
    }
}
