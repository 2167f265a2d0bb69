import FoundationEssentials

/// Finds the label font (DejaVu Sans Bold from Debian's fonts-dejavu-core) at run time.
enum FontLocator {
    static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ]

    /// `explicit` (`--font`) if given, else the first candidate that exists.
    static func find(_ explicit: String?) throws(ViewerError) -> String {
        if let p = explicit, !p.isEmpty {
            guard FileManager.default.fileExists(atPath: p) else { throw .fontMissing([p]) }
            return p
        }
        guard let p = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .fontMissing(candidates)
        }
        return p
    }
}
