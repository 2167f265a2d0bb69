import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Nothing lost: a write that fails says so, keeps the old file and leaves no temporary;
/// inputs are read once (FIFOs, standard input), whatever bytes their names are; print
/// colours, damaged files and folders are refused with the reason; an output is never the
/// input unless asked. The full disk is a small tmpfs (mounted by the test: CI runs as root).
@Suite(.serialized) struct NothingLostTests {
    /// A tmpfs of `size` (64 KiB), mounted for the test (nil where mounting is not allowed).
    static func smallDisk(size: String = "64k") -> String? {
        let dir = CLI.tempDir() + "/small"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        guard (try? shell("mount -t tmpfs -o size=\(size) tmpfs '\(dir)'"))?.status == 0 else { return nil }
        return dir
    }

    static func unmount(_ dir: String) { _ = try? shell("umount '\(dir)'") }

    @discardableResult
    static func shell(_ command: String) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.environment = ProcessInfo.processInfo.environment.merging(["CVDCAM": CLI.binary]) { $1 }
        let out = Pipe()
        let err = Pipe()
        (p.standardOutput, p.standardError) = (out, err)
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    /// A picture that is sure not to fit in the small disk (noise does not compress).
    static func noise(in dir: String) throws -> String {
        var img = RGBAImage(width: 200, height: 200)
        var seed: UInt32 = 7
        for i in 0..<(200 * 200) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            img[i % 200, i / 200] = RGB8(UInt8(seed >> 24), UInt8((seed >> 16) & 255), UInt8((seed >> 8) & 255))
        }
        try ImageFile.write(img, to: dir + "/noise.png")
        return dir + "/noise.png"
    }

    static func leftovers(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test func aFullDiskKeepsTheOldFileAndSaysSo() throws {
        guard let disk = Self.smallDisk() else {
            Issue.record("could not mount a small tmpfs (the test needs root, as CI has)")
            return
        }
        defer { Self.unmount(disk) }
        let work = CLI.tempDir()
        let noise = try Self.noise(in: work)
        // A small old file that fits, then the disk filled up.
        try ImageFile.write(RGBAImage(width: 8, height: 8, fill: RGB8(1, 2, 3)), to: disk + "/existing.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: disk + "/existing.png"))
        try Self.shell("head -c 100000 /dev/zero > '\(disk)/fill'")
        let cases: [[String]] = [
            ["convert", noise, disk + "/existing.png", "--mode", "deuteranopia"],
            ["convert", noise, disk + "/set.png", "--mode", "all"],
            ["scene", disk + "/existing.png", "--mode", "protanopia"],
            ["lut", disk + "/table.png", "--mode", "deuteranopia", "--format", "png"],
            ["lut", disk + "/table.cube", "--mode", "tritanopia"],
        ]
        for args in cases {
            let r = try CLI.run(args)
            #expect(r.status != 0, "\(args): exit status \(r.status)")
            #expect(r.stderr.contains("the disk is full"), "\(args): \(r.stderr)")
            #expect(!r.stdout.contains("wrote \(disk)/existing.png"), "\(args) says it wrote: \(r.stdout)")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: disk + "/existing.png"))
        #expect(after == before, "the old file is kept byte for byte")
        let files = try FileManager.default.contentsOfDirectory(atPath: disk).sorted()
        #expect(files == ["existing.png", "fill"], "no partial set, no temporary: \(files)")
        // Read-only: the same, with its own reason.
        try Self.shell("rm -f '\(disk)/fill'; mount -o remount,ro '\(disk)'")
        let ro = try CLI.run(["convert", noise, disk + "/existing.png", "--mode", "deuteranopia"])
        #expect(ro.status != 0 && ro.stderr.contains("read-only"), "\(ro.stderr)")
    }

    @Test func permissionsLinksAndTheInputItself() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal"]).status == 0)
        // A private picture stays private.
        try FileManager.default.copyItem(atPath: scene, toPath: dir + "/private.png")
        chmod(dir + "/private.png", 0o600)
        #expect(try CLI.run(["convert", scene, dir + "/private.png", "--mode", "protanopia"]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/private.png")[.posixPermissions] as? Int
        #expect(mode == 0o600, "mode \(String(mode ?? 0, radix: 8))")
        // Through a link to its target; the link stays a link.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "private.png")
        #expect(try CLI.run(["convert", scene, dir + "/link.png", "--mode", "tritanopia"]).status == 0)
        let type = try FileManager.default.attributesOfItem(atPath: dir + "/link.png")[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
        // The input itself: refused, unless --force.
        let same = try CLI.run(["convert", scene, scene, "--mode", "deuteranopia"])
        #expect(same.status != 0 && same.stderr.contains("is the input itself"), "\(same.stderr)")
        #expect(try CLI.run(["convert", scene, scene, "--mode", "deuteranopia", "--force"]).status == 0)
        #expect(Self.leftovers(dir).isEmpty)
    }

    @Test func inputsReadOnceWhateverTheyAre() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal"]).status == 0)
        // A FIFO, standard input (-), /dev/stdin and a process substitution.
        let fifo = try Self.shell(
            "cd '\(dir)' && mkfifo f && (cat scene.png > f &) && timeout 20 \"$CVDCAM\" convert f a.png --mode protanopia"
        )
        #expect(fifo.status == 0, "FIFO: \(fifo.stderr)")
        let stdin = try Self.shell(
            "cd '\(dir)' && timeout 20 \"$CVDCAM\" convert - b.png --mode protanopia < scene.png")
        #expect(stdin.status == 0, "stdin: \(stdin.stderr)")
        let devStdin = try Self.shell(
            "cd '\(dir)' && cat scene.png | timeout 20 \"$CVDCAM\" convert /dev/stdin c.png --mode protanopia")
        #expect(devStdin.status == 0, "/dev/stdin: \(devStdin.stderr)")
        let a = try ImageFile.read(dir + "/a.png")
        #expect(try ImageFile.read(dir + "/b.png") == a && ImageFile.read(dir + "/c.png") == a)
        // A name that is not UTF-8: found, and the output keeps its bytes.
        let latin1 = try Self.shell(
            "cd '\(dir)' && cp scene.png \"$(printf 'caf\\351.png')\" && \"$CVDCAM\" convert \"$(printf 'caf\\351.png')\" \"$(printf 'out-\\351.png')\" --mode deuteranopia && ls \"$(printf 'out-\\351.png')\""
        )
        #expect(latin1.status == 0, "\(latin1.stderr)")
        #expect(latin1.stdout.contains("wrote out-\\xE9.png"), "the name shown escaped: \(latin1.stdout)")
    }

    @Test func refusedWithTheReason() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal"]).status == 0)
        func refusal(_ input: String) throws -> String {
            let r = try CLI.run(["convert", input, dir + "/out.png", "--mode", "protanopia"])
            #expect(r.status != 0)
            return r.stderr
        }
        #expect(try refusal(dir).contains("it is a folder"))
        _ = FileManager.default.createFile(atPath: dir + "/empty.jpg", contents: Data())
        #expect(try refusal(dir + "/empty.jpg").contains("the file is empty"))
        let png = try Data(contentsOf: URL(fileURLWithPath: scene))
        try png.prefix(png.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        #expect(try refusal(dir + "/cut.png").contains("the PNG file ends early"))
        // Print colours: refused rather than shown wrong (ImageMagick's CMYK JPEG, Adobe's inverted kind).
        let cmyk = try Self.shell("convert '\(scene)' -colorspace CMYK '\(dir)/cmyk.jpg'")
        if cmyk.status == 0 { #expect(try refusal(dir + "/cmyk.jpg").contains("CMYK JPEG")) }
        // A header claiming 16384×16384 under a 2 GiB memory limit: a message, not an abort.
        try Self.claimingPNG(16384, 16384).write(to: URL(fileURLWithPath: dir + "/huge.png"))
        let huge = try Self.shell(
            "ulimit -v 2000000; \"$CVDCAM\" convert '\(dir)/huge.png' '\(dir)/o.png' --mode protanopia")
        #expect(huge.status == 1 && huge.stderr.contains("needs about"), "\(huge.status) \(huge.stderr)")
        // Degenerate corners.
        for corners in ["10,10:10,10:500,300:20,400", "0,0:100,100:200,200:0,300", "inf,0:1,1:2,0:0,2"] {
            let r = try CLI.run(["--test-scene", "--straighten", corners])
            #expect(r.status != 0 && r.stderr.contains("--straighten"), "\(corners): \(r.stderr)")
        }
        // A cube table under a picture's name.
        let cube = try CLI.run(["lut", dir + "/x.png", "--format", "cube", "--mode", "deuteranopia"])
        #expect(cube.status != 0 && cube.stderr.contains("use a .cube name"), "\(cube.stderr)")
    }

    /// Two old pictures of a set, as an earlier `--mode all` left them.
    static func oldSet(in dir: String) throws -> [String: Data] {
        var old: [String: Data] = [:]
        for mode in ["normal", "deuteranopia"] {
            let path = dir + "/set-\(mode).png"
            try ImageFile.write(RGBAImage(width: 4, height: 4, fill: RGB8(9, 9, 9)), to: path)
            old[path] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return old
    }

    @Test func aSetThatFailsMidwayKeepsTheOldSet() throws {
        let work = CLI.tempDir()
        let noise = try Self.noise(in: work)
        // Room for two of the set's pictures beside the old ones, not for the third.
        let one = (try FileManager.default.attributesOfItem(atPath: noise)[.size] as? Int) ?? 0
        guard let disk = Self.smallDisk(size: "\(one * 5 / 2 / 1024)k") else {
            Issue.record("could not mount a small tmpfs (the test needs root, as CI has)")
            return
        }
        defer { Self.unmount(disk) }
        let old = try Self.oldSet(in: disk)
        let r = try CLI.run(["convert", noise, disk + "/set.png", "--mode", "all"])
        #expect(r.status == 1 && r.stderr.contains("the disk is full"), "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("no file of the set was replaced"), "\(r.stderr)")
        #expect(!r.stdout.contains("wrote"), "says it wrote: \(r.stdout)")
        for (path, bytes) in old {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(path) kept byte for byte")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: disk).sorted()
        #expect(files == ["set-deuteranopia.png", "set-normal.png"], "no new file, no temporary: \(files)")
    }

    @Test func anInterruptionLeavesNothingHalfDone() throws {
        let dir = CLI.tempDir()
        // Large enough that making eight files takes a while.
        #expect(
            try CLI.run(["scene", dir + "/big.png", "--mode", "normal", "--width", "3840", "--height", "2160"]).status
                == 0)
        let old = try Self.oldSet(in: dir)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["convert", dir + "/big.png", dir + "/set.png", "--mode", "all"]
        (p.standardOutput, p.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
        try p.run()
        // Once the first file of the set is being made beside its name, Ctrl+C.
        let end = Date().addingTimeInterval(60)
        while p.isRunning, Self.leftovers(dir).isEmpty, Date() < end { usleep(5_000) }
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130, "128 + SIGINT: \(p.terminationStatus)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(
            files == ["big.png", "set-deuteranopia.png", "set-normal.png"],
            "the unfinished set and its temporaries removed: \(files)")
        for (path, bytes) in old {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(path) kept byte for byte")
        }
    }

    @Test func ctrlBackslashQuits() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["bench", "--sizes", "64x48", "--seconds", "30"]
        (p.standardOutput, p.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
        try p.run()
        usleep(500_000)
        kill(p.processIdentifier, SIGQUIT)
        let end = Date().addingTimeInterval(10)
        while p.isRunning, Date() < end { usleep(50_000) }
        #expect(!p.isRunning, "still running after SIGQUIT")
        if p.isRunning { p.terminate() }
    }

    /// A PNG whose header claims `w`×`h` (the rest a token IDAT), CRCs right.
    static func claimingPNG(_ w: Int, _ h: Int) -> Data {
        func be(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 255) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(data.count) + body + be(Int(crc32(body)))
        }
        let ihdr = be(w) + be(h) + [8, 6, 0, 0, 0]
        let bytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        return Data(bytes)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
