import FoundationEssentials
import Glibc

/// cvdcam's settings folder holds what is nobody else's business — the desktop's permission
/// to share the screen (the portal's restore token), how each camera was turned — so it is
/// made private (0700), the config folder above it too where cvdcam makes that (as the XDG
/// specification asks), and a folder of cvdcam's found open to others is closed (0700).
/// A home folder that does not exist is never made up.
extension UserDirectories {
    /// Why the settings folder cannot be had: the line that says so ("/nonexistent does
    /// not exist"), in English; the window says it in its own words.
    public struct FolderError: Error, CustomStringConvertible {
        /// The folder that is missing, or could not be made.
        public let folder: String
        /// `errno`: ENOENT for a missing parent (the home folder).
        public let code: Int32
        public var description: String {
            code == ENOENT
                ? "\(PathName.shown(folder)) does not exist"
                : "\(PathName.shown(folder)) cannot be made: \(SafeFile.WriteError.reason(code))"
        }
    }

    /// Makes cvdcam's settings folder (`config`) private and returns it: made with 0700
    /// where missing, and the config folder above it where that one's parent exists; closed
    /// to others (0700) where it exists and is the user's.
    public static func privateConfig(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(FolderError) -> String
    {
        let dir = config(environment: environment)
        let parent = PathName.directory(dir)
        if !isFolder(parent) {
            guard isFolder(PathName.directory(parent)) else {
                throw FolderError(folder: PathName.directory(parent), code: ENOENT)
            }
            guard PathName.withCPath(parent, { mkdir($0, 0o700) }) == 0 || errno == EEXIST else {
                throw FolderError(folder: parent, code: errno)
            }
        }
        if PathName.withCPath(dir, { mkdir($0, 0o700) }) != 0 {
            guard errno == EEXIST else { throw FolderError(folder: dir, code: errno) }
            var st = stat()
            if PathName.withCPath(dir, { lstat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == geteuid(),
                st.st_mode & 0o077 != 0
            {
                PathName.withCPath(dir) { _ = chmod($0, 0o700) }
            }
        }
        return dir
    }

    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return PathName.withCPath(path, { stat($0, &st) }) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }
}
