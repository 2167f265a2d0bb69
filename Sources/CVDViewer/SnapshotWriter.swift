import CVDCore
import CVDImageIO
import Foundation

/// Where `s` and `--screenshot` write, and the writing.
struct SnapshotWriter {
    /// `--screenshot FILE`: always this path (scripts).
    let fixedPath: String?
    /// `--snapshot-dir`: a new time-stamped name each time.
    let directory: String

    /// `cvdcam-2026-11-23T101500.png` in the directory, `-2`, `-3`, … when taken.
    func nextPath(now: Date = Date()) -> String {
        if let fixedPath { return fixedPath }
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withFullDate, .withTime])
            .replacingOccurrences(of: ":", with: "")
        let dir = (directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory) as NSString
        var path = dir.appendingPathComponent("cvdcam-\(stamp).png")
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = dir.appendingPathComponent("cvdcam-\(stamp)-\(n).png")
            n += 1
        }
        return path
    }

    /// Writes `image` as PNG, making the folder first if needed; returns the full path written.
    func write(_ image: RGBAImage) throws -> String {
        if fixedPath == nil { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let path = nextPath()
        try ImageFile.write(image, to: path)
        return path
    }
}
