import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

/// Where `s` and `--screenshot` write, and the writing.
struct SnapshotWriter {
    /// `--screenshot FILE`: always this path (scripts).
    let fixedPath: String?
    /// `--snapshot-dir`: a new time-stamped name each time.
    let directory: String

    /// `cvdcam-2026-11-23T101500.png` in the directory, `-2`, `-3`, … when taken.
    /// With a `name` ("still"), `cvdcam-still-2026-…png` in the directory (never the fixed path).
    func nextPath(now: Date = Date(), named name: String? = nil) -> String {
        if let fixedPath, name == nil { return fixedPath }
        let stamp = (name.map { $0 + "-" } ?? "") + Self.localStamp(now)
        let dir = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        var path = PathName.appending("cvdcam-\(stamp).png", to: dir)
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = PathName.appending("cvdcam-\(stamp)-\(n).png", to: dir)
            n += 1
        }
        return path
    }

    /// `2026-11-23T101500` in local time (ISO 8601 basic time: no colons, which some file
    /// systems and file managers refuse).
    static func localStamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H%M%S", &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `image` as PNG, making the folder first if needed; returns the full path written.
    func write(_ image: RGBAImage, named name: String? = nil) throws -> String {
        if fixedPath == nil || name != nil {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let path = nextPath(named: name)
        try ImageFile.write(image, to: path)
        return path
    }
}
