import CVDCore
import CVDImageIO
import Foundation
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
        let dir = NSTemporaryDirectory() + "cvdcam-lang-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
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
}
