import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

/// Where `s` and `--screenshot` write, and the writing.
struct SnapshotWriter {
    /// `--screenshot FILE`: the scripted screenshot's path (`s` still saves in `directory`).
    let fixedPath: String?
    /// `--snapshot-dir`: a new time-stamped name each time.
    let directory: String

    /// `cvdcam-2026-11-23T101500.png` in the directory, `-2`, `-3`, … when taken.
    /// With a `name` ("still"), `cvdcam-still-2026-…png`.
    func nextPath(now: Date = Date(), named name: String? = nil) -> String {
        let stamp = (name.map { $0 + "-" } ?? "") + Self.localStamp(now)
        let dir = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        var path = PathName.appending("cvdcam-\(stamp).png", to: dir)
        var n = 2
        while Self.exists(path) {
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

    /// Writes `image` as PNG (whole or not at all: `ImageFile.write`), making the folder
    /// first if needed; returns the full path written.
    func write(_ image: RGBAImage, named name: String? = nil) throws -> String {
        try Self.makeFolder(directory)
        let path = nextPath(named: name)
        try ImageFile.write(image, to: path)
        return path
    }

    /// Writes the scripted screenshot to `fixedPath`; returns it.
    func writeScreenshot(_ image: RGBAImage) throws -> String {
        guard let path = fixedPath else { return try write(image) }
        try ImageFile.write(image, to: path)
        return path
    }

    static func exists(_ path: String) -> Bool {
        var st = stat()
        return PathName.withCPath(path) { lstat($0, &st) } == 0
    }

    /// Makes `folder` and the folders above it that are missing (wraps `mkdir`); says which
    /// one could not be made and why.
    static func makeFolder(_ folder: String) throws(SnapshotFolderError) {
        var st = stat()
        if PathName.withCPath(folder, { stat($0, &st) }) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw SnapshotFolderError(folder: folder, code: ENOTDIR) }
            return
        }
        let parent = PathName.directory(folder)
        if !parent.isEmpty, parent != folder { try makeFolder(parent) }
        guard PathName.withCPath(folder, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
            throw SnapshotFolderError(folder: folder, code: errno)
        }
    }
}

/// The snapshots' folder could not be made.
struct SnapshotFolderError: Error, CustomStringConvertible {
    let folder: String
    let code: Int32
    var description: String {
        let why =
            code == ENOTDIR
            ? "a file of that name is in the way" : SafeFile.WriteError(path: folder, code: code, existed: false).reason
        return "cannot make the snapshot folder '\(PathName.shown(folder))': \(why); choose another with --snapshot-dir"
    }
}
