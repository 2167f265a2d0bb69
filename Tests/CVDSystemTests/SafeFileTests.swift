import CVDSystem
import Dispatch
import Foundation
import TestFolders
import Testing

/// The writer every file goes through: new names taken once across threads, an old file's
/// other names (hard links) and mode kept, private files private, locks shared; reading
/// bounded by what a file's head says.
@Suite struct SafeFileTests {
    static func folder() -> String {
        TestFolder.make("cvdcam-safefile")
    }

    static func info(_ path: String) -> stat {
        var st = stat()
        _ = stat(path, &st)
        return st
    }

    @Test func createGivesEveryWriterANameOfItsOwn() throws {
        let dir = Self.folder()
        let paths = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let p = try? SafeFile.create(Array("writer \(i)".utf8), mode: 0o644) { n in
                dir + "/shot" + (n == 0 ? "" : "-\(n + 1)") + ".png"
            }
            paths.withLock { $0.append(p ?? "failed") }
        }
        let written = paths.withLock { $0 }
        #expect(Set(written).count == 16 && !written.contains("failed"), "\(written)")
        var contents = Set<String>()
        for p in written { contents.insert(try String(contentsOfFile: p, encoding: .utf8)) }
        #expect(contents.count == 16, "each file holds its own writer's bytes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == 16, "no temporary left: \(files)")
        #expect(written.allSatisfy { Self.info($0).st_mode & 0o777 == 0o644 & ~Self.umask() })
    }

    static func umask() -> mode_t {
        let m = Glibc.umask(0)
        _ = Glibc.umask(m)
        return m
    }

    @Test func aFileWithOtherNamesIsWrittenInPlace() throws {
        let dir = Self.folder()
        try SafeFile.write(Array("old".utf8), to: dir + "/a")
        #expect(link(dir + "/a", dir + "/b") == 0)
        chmod(dir + "/a", 0o640)
        let inode = Self.info(dir + "/a").st_ino
        try SafeFile.write(Array("new and longer".utf8), to: dir + "/b")
        #expect(try String(contentsOfFile: dir + "/a", encoding: .utf8) == "new and longer", "every name sees it")
        #expect(Self.info(dir + "/a").st_ino == inode && Self.info(dir + "/a").st_nlink == 2)
        #expect(Self.info(dir + "/a").st_mode & 0o777 == 0o640)
        try SafeFile.write(Array("s".utf8), to: dir + "/a")
        #expect(try String(contentsOfFile: dir + "/b", encoding: .utf8) == "s", "cut to the new length")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b"], "no copy left")
    }

    @Test func privateFilesArePrivateWhateverTheOldMode() throws {
        let dir = Self.folder()
        try SafeFile.write(Array("token".utf8), to: dir + "/t")
        chmod(dir + "/t", 0o644)
        try SafeFile.write(Array("token 2".utf8), to: dir + "/t", private: true)
        #expect(Self.info(dir + "/t").st_mode & 0o777 == 0o600)
        try SafeFile.write(Array("n".utf8), to: dir + "/new", private: true)
        #expect(Self.info(dir + "/new").st_mode & 0o777 == 0o600)
    }

    @Test func theSettingsFolderIsMadePrivate() throws {
        let home = Self.folder()
        let env = ["HOME": home]
        let dir = try UserDirectories.privateConfig(environment: env)
        #expect(dir == home + "/.config/cvdcam")
        #expect(Self.info(home + "/.config").st_mode & 0o777 == 0o700)
        #expect(Self.info(dir).st_mode & 0o777 == 0o700)
        chmod(dir, 0o755)
        _ = try UserDirectories.privateConfig(environment: env)
        #expect(Self.info(dir).st_mode & 0o777 == 0o700, "an open one is closed")
        #expect(throws: UserDirectories.FolderError.self) {
            try UserDirectories.privateConfig(environment: ["HOME": home + "/missing"])
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/missing"), "a missing HOME is not made up")
    }

    @Test func aLockIsHeldByOneProcessAtATime() throws {
        let dir = Self.folder()
        // A child shell holds the lock for a second; taking it here waits, then works. The
        // shell writes `done` last, before it ends and the lock goes with it: whoever takes
        // the lock after finds the file (the process itself may not be reaped yet).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        p.arguments = [dir + "/l", "-c", "touch \(dir)/held; sleep 1; touch \(dir)/done"]
        try p.run()
        while !FileManager.default.fileExists(atPath: dir + "/held") { usleep(10_000) }
        #expect(throws: FileLock.Failure.self) { try FileLock.holding(dir + "/l", timeout: 0.1) {} }
        let got = try FileLock.holding(dir + "/l", timeout: 10) {
            FileManager.default.fileExists(atPath: dir + "/done")
        }
        #expect(got, "taken only once the other let go")
        p.waitUntilExit()
    }

    @Test func aHeadThatIsNoPictureStopsTheRead() throws {
        let dir = Self.folder()
        _ = FileManager.default.createFile(atPath: dir + "/f", contents: Data(repeating: 7, count: 3 << 20))
        var seen = 0
        #expect(throws: FileBytes.Failure.refused("no")) {
            try FileBytes.read(dir + "/f", limit: 1 << 30, head: 4096) { head in
                seen = head.count
                return .refuse("no")
            }
        }
        #expect(seen == 4096)
        let bounded = Result { try FileBytes.read(dir + "/f", limit: 1 << 30) { _ in .upTo(1 << 20) } }
        #expect(throws: FileBytes.Failure.tooLarge(limit: 1 << 20)) { try bounded.get() }
        #expect(try FileBytes.read(dir + "/f", limit: 1 << 30) { _ in .upTo(4 << 20) }.count == 3 << 20)
    }
}
