import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

/// Where `s` and `--screenshot` write, what the next drawing is to be saved as, and the
/// writing.
struct SnapshotWriter {
    /// `--screenshot FILE`: the scripted screenshot's path (`s` still saves in `directory`).
    let fixedPath: String?
    /// `--snapshot-dir`: a new time-stamped name each time.
    let directory: String

    /// What the next drawing is saved as, once drawn (before it is presented).
    struct Due: Equatable {
        /// `s`: a snapshot in `directory`.
        var snapshot = false
        /// `--screenshot`: the scripted screenshot, after which the view quits.
        var screenshot = false
    }
    private(set) var due = Due()
    /// Whether the scripted screenshot was written (the quit line says so when not).
    private(set) var screenshotWritten = false

    init(fixedPath: String?, directory: String) {
        self.fixedPath = fixedPath
        self.directory = directory
    }

    /// Whether the next drawing is to be saved (and so drawn whole).
    var isDue: Bool { due != Due() }
    /// The next drawing is to be saved as a snapshot, or as the scripted screenshot.
    mutating func ask(screenshot: Bool) {
        if screenshot { due.screenshot = true } else { due.snapshot = true }
    }
    /// What this drawing is to be saved as; asked for once.
    mutating func takeDue() -> Due {
        defer { due = Due() }
        return due
    }

    /// `cvdcam-2026-11-23T101500.png` in the directory for `n` = 0, then `-2`, `-3`, …
    /// With a `name` ("still"), `cvdcam-still-2026-…png`.
    func path(_ n: Int, stamp: String, named name: String? = nil) -> String {
        let dir = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        let stem = "cvdcam-" + (name.map { $0 + "-" } ?? "") + stamp
        return PathName.appending(stem + (n == 0 ? "" : "-\(n + 1)") + ".png", to: dir)
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

    /// Writes `image` as PNG under a name of its own, whatever other windows save at the
    /// same moment (`ImageFile.create`: whole or not at all), making the folder first if
    /// needed; returns the full path written. Snapshots are 0644 (less the umask): others
    /// may look, never write.
    func write(_ image: RGBAImage, named name: String? = nil, now: Date = Date()) throws -> String {
        try Self.makeFolder(directory)
        let stamp = Self.localStamp(now)
        return try ImageFile.create(image, mode: 0o644) { path($0, stamp: stamp, named: name) }
    }

    /// Writes the scripted screenshot to `fixedPath`; returns it.
    mutating func writeScreenshot(_ image: RGBAImage) throws -> String {
        let path: String
        if let fixedPath {
            try ImageFile.write(image, to: fixedPath)
            path = fixedPath
        } else {
            path = try write(image)
        }
        screenshotWritten = true
        return path
    }

    /// Makes `folder` and the folders above it that are missing (wraps `mkdir`) — but never
    /// `home`: a HOME that does not exist is a mistake to say, not a folder to make up;
    /// says which one could not be made and why.
    static func makeFolder(_ folder: String, home: String = UserDirectories.home()) throws(SnapshotFolderError) {
        var st = stat()
        if PathName.withCPath(folder, { stat($0, &st) }) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw SnapshotFolderError(folder: folder, code: ENOTDIR) }
            return
        }
        if folder == home || folder + "/" == home {
            throw SnapshotFolderError(folder: folder, code: ENOENT, home: true)
        }
        let parent = PathName.directory(folder)
        if !parent.isEmpty, parent != folder { try makeFolder(parent, home: home) }
        guard PathName.withCPath(folder, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
            throw SnapshotFolderError(folder: folder, code: errno)
        }
    }
}

/// The snapshots' folder could not be made.
struct SnapshotFolderError: Error, CustomStringConvertible {
    let folder: String
    let code: Int32
    /// `folder` is the home folder, which does not exist.
    var home = false
    var description: String {
        if home {
            return "cannot save snapshots: the home folder '\(PathName.shown(folder))' (HOME) does not exist; "
                + "choose a folder with --snapshot-dir"
        }
        let why =
            code == ENOTDIR
            ? "a file of that name is in the way" : SafeFile.WriteError(path: folder, code: code, existed: false).reason
        return "cannot make the snapshot folder '\(PathName.shown(folder))': \(why); choose another with --snapshot-dir"
    }
}
