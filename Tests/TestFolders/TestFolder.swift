import Foundation
import Synchronization

/// Folders of a test's own under the system's temporary folder, removed with everything in
/// them when the test process exits, so that runs of the tests do not pile up in /tmp.
/// `CVDCAM_KEEP_TEST_FILES=1` keeps them, to look at after a failure (the screenshots the
/// window tests keep on purpose go to `CVDCAM_SCREENSHOT_DIR`, not here).
public enum TestFolder {
    /// A new, empty folder named `prefix-UUID`; fails the process when it cannot be made
    /// (a test cannot run without it).
    public static func make(_ prefix: String) -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the test folder \(path): \(error)")
        }
        register(path)
        return path
    }

    /// Removes `path` at exit too (a folder made another way, such as an X server's).
    public static func register(_ path: String) {
        made.withLock { folders in
            if folders.isEmpty, ProcessInfo.processInfo.environment["CVDCAM_KEEP_TEST_FILES"] == nil {
                atexit { TestFolder.removeAll() }
            }
            folders.append(path)
        }
    }

    private static let made = Mutex<[String]>([])

    private static func removeAll() {
        for path in made.withLock({ $0 }) where (try? FileManager.default.removeItem(atPath: path)) == nil {
            // A test may have left a folder without write permission (files that cannot be
            // replaced): give the owner its rights back, then remove.
            let files = FileManager.default.enumerator(atPath: path)
            chmod(path, 0o700)
            while let name = files?.nextObject() as? String { chmod(path + "/" + name, 0o700) }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
