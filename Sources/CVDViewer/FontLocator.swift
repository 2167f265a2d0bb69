import CVDLocale
import CVDSystem
import FoundationEssentials
import Glibc

/// Finds the label fonts at run time: DejaVu Sans Bold (Debian's fonts-dejavu-core) for
/// Latin, Cyrillic, digits and symbols, then every CJK font Debian ships that is installed
/// for the rest (`FontChain` draws each character in the first that has it).
enum FontLocator {
    static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ]

    /// Fonts with Chinese and Japanese glyphs, best first: fonts-noto-cjk (whose
    /// collections' first face is Japanese), fonts-wqy-zenhei, fonts-ipafont-gothic,
    /// fonts-droid-fallback.
    static let cjkCandidates = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ]

    /// Whether labels in `language` need a CJK font.
    static func needsCJK(_ language: String) -> Bool { language.hasPrefix("ja") || language.hasPrefix("zh") }

    /// The fonts in the order they are tried: `explicit` (`--font`) if given, DejaVu, then
    /// the CJK fonts installed. For a CJK language with no CJK font: English labels and a
    /// note saying what to install (never boxes for missing glyphs).
    static func find(_ explicit: String?, language: String = Localization.language) throws(ViewerError)
        -> (paths: [String], note: String?)
    {
        var paths: [String] = []
        if let p = explicit, !p.isEmpty {
            var st = stat()
            guard PathName.withCPath(p, { stat($0, &st) }) == 0 else { throw .fontUnusable(p, "no such file") }
            guard st.st_mode & S_IFMT != S_IFDIR else { throw .fontUnusable(p, "it is a folder") }
            paths.append(p)
        }
        if let p = candidates.first(where: exists) {
            paths.append(p)
        } else if paths.isEmpty {
            throw .fontMissing(candidates)
        }
        let cjk = cjkCandidates.filter(exists)
        paths += cjk
        if needsCJK(language), cjk.isEmpty, explicit == nil {
            Localization.useEnglish()
            return (paths, "no font with Japanese characters: labels are in English; sudo apt install fonts-noto-cjk")
        }
        return (paths, nil)
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The line said when no font has `c` (met in `text`): which Debian package has it.
    static func missingNote(_ c: UInt32, in text: String) -> String {
        let code = "U+" + String(c, radix: 16, uppercase: true)
        return "no label font has \(code) (in \"\(text)\"): it shows as a box; sudo apt install \(package(for: c))"
    }

    /// The Debian package whose fonts draw `c`: fonts-noto-cjk for Chinese, Japanese and
    /// Korean (and their punctuation and full-width forms), else fonts-noto-core.
    static func package(for c: UInt32) -> String {
        let cjk: [ClosedRange<UInt32>] = [
            0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF,
        ]
        return cjk.contains { $0.contains(c) } ? "fonts-noto-cjk" : "fonts-noto-core"
    }
}
