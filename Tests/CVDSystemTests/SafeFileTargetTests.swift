import CVDSystem
import Foundation
import Testing

/// What a name may stand for: a device or a pipe is written into or refused, never replaced
/// by a file; a link is followed only as the kernel's `fs.protected_symlinks` would follow
/// it; a loop is an error. (Device nodes and another user's link need root, as CI has.)
@Suite struct SafeFileTargetTests {
    static func run(_ command: String) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        try? p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    static func kind(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test func aDeviceOrAPipeIsWrittenIntoAndNeverReplaced() throws {
        let dir = SafeFileTests.folder()
        guard Self.run("mknod '\(dir)/null.png' c 1 3 && mknod '\(dir)/disk.png' b 240 0") == 0 else {
            Issue.record("mknod refused: the test needs root, as CI has")
            return
        }
        // /dev/null's numbers: the bytes go nowhere and it stays a device.
        try SafeFile.write(Array("picture".utf8), to: dir + "/null.png")
        #expect(Self.kind(dir + "/null.png") == S_IFCHR)
        // A disk device is refused with the reason, and stays what it is.
        #expect {
            try SafeFile.write(Array("picture".utf8), to: dir + "/disk.png")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("it is a disk device, not a file") == true
        }
        #expect(Self.kind(dir + "/disk.png") == S_IFBLK)
        // Through a link to /dev/full: "the disk is full", and /dev/full stays a device.
        #expect(symlink("/dev/full", dir + "/full.png") == 0)
        #expect {
            try SafeFile.write(Array("picture".utf8), to: dir + "/full.png")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("the disk is full") == true
        }
        #expect(Self.kind("/dev/full") == S_IFCHR)
        // A FIFO another program reads: it gets the bytes, and the FIFO stays.
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(dir)/pipe' > '\(dir)/got'"]
        try reader.run()
        try SafeFile.write(Array("through the pipe".utf8), to: dir + "/pipe")
        reader.waitUntilExit()
        #expect(try String(contentsOfFile: dir + "/got", encoding: .utf8) == "through the pipe")
        #expect(Self.kind(dir + "/pipe") == S_IFIFO)
    }

    @Test func aLinkAnotherUserLeftInASharedFolderIsNotFollowed() throws {
        let shared = SafeFileTests.folder()
        let mine = SafeFileTests.folder()
        chmod(shared, 0o1777)
        // Another user's link in the shared folder, to a file not there yet.
        #expect(symlink(mine + "/victim.png", shared + "/trap.png") == 0)
        guard lchown(shared + "/trap.png", 65534, 65534) == 0 else {
            Issue.record("lchown refused: the test needs root, as CI has")
            return
        }
        #expect {
            try SafeFile.write(Array("root's picture".utf8), to: shared + "/trap.png")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("another user left in a shared folder") == true
        }
        #expect(!FileManager.default.fileExists(atPath: mine + "/victim.png"), "nothing made through the trap")
        // The same for a planted link to a device (/dev/null's numbers here).
        #expect(Self.run("mknod '\(mine)/tty' c 1 3") == 0)
        #expect(
            symlink(mine + "/tty", shared + "/device.png") == 0 && lchown(shared + "/device.png", 65534, 65534) == 0)
        #expect {
            try SafeFile.write(Array("root's picture".utf8), to: shared + "/device.png")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("another user left in a shared folder") == true
        }
        #expect(Self.kind(shared + "/trap.png") == S_IFLNK)
        // The same user's own link there is followed; so is another user's in a folder not shared.
        #expect(symlink(mine + "/own.png", shared + "/own.png") == 0)
        try SafeFile.write(Array("mine".utf8), to: shared + "/own.png")
        #expect(try String(contentsOfFile: mine + "/own.png", encoding: .utf8) == "mine")
        #expect(symlink("own.png", mine + "/theirs.png") == 0 && lchown(mine + "/theirs.png", 65534, 65534) == 0)
        try SafeFile.write(Array("again".utf8), to: mine + "/theirs.png")
        #expect(try String(contentsOfFile: mine + "/own.png", encoding: .utf8) == "again")
        #expect(Self.kind(mine + "/theirs.png") == S_IFLNK)
    }

    @Test func aLinkLoopIsAnErrorNotAFile() throws {
        let dir = SafeFileTests.folder()
        #expect(symlink("b.png", dir + "/a.png") == 0 && symlink("a.png", dir + "/b.png") == 0)
        #expect {
            try SafeFile.write(Array("x".utf8), to: dir + "/a.png")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("too many symbolic links") == true
        }
        #expect(Self.kind(dir + "/a.png") == S_IFLNK && Self.kind(dir + "/b.png") == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.png", "b.png"])
    }
}
