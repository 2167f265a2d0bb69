import CVDLocale
import CVDSystem
import FoundationEssentials
import Glibc

/// Finds the label font at run time: DejaVu Sans Bold (Debian's fonts-dejavu-core), or for
/// a language DejaVu does not write — Japanese — Noto Sans CJK (fonts-noto-cjk).
enum FontLocator {
    static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ]

    /// Fonts with Japanese (CJK) glyphs; the first face of Noto's collection is Japanese.
    static let cjkCandidates = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ]

    /// Whether labels in `language` need a CJK font.
    static func needsCJK(_ language: String) -> Bool { language.hasPrefix("ja") || language.hasPrefix("zh") }

    /// `explicit` (`--font`) if given; else for a CJK language the first CJK font there is —
    /// when there is none, DejaVu with English labels and a note saying what to install
    /// (never boxes for missing glyphs); else DejaVu.
    static func find(_ explicit: String?, language: String = Localization.language) throws(ViewerError)
        -> (path: String, note: String?)
    {
        if let p = explicit, !p.isEmpty {
            var st = stat()
            guard PathName.withCPath(p, { stat($0, &st) }) == 0 else { throw .fontUnusable(p, "no such file") }
            guard st.st_mode & S_IFMT != S_IFDIR else { throw .fontUnusable(p, "it is a folder") }
            return (p, nil)
        }
        if needsCJK(language) {
            if let p = cjkCandidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return (p, nil) }
            Localization.useEnglish()
            let p = try plain()
            return (p, "no font with Japanese characters: labels are in English; sudo apt install fonts-noto-cjk")
        }
        return (try plain(), nil)
    }

    private static func plain() throws(ViewerError) -> String {
        guard let p = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .fontMissing(candidates)
        }
        return p
    }
}
