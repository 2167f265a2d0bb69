import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Other people's files keep their owner: users and groups made for the test (CI runs as
/// root: useradd, groupadd; removed after). Root overwriting a teacher's file leaves it
/// hers; a member of a shared group overwriting root's group file writes it in place (only
/// root may give a file away), so the group keeps it; a file with other names (hard links)
/// is written in place, so every name sees the new picture; someone else's file one may not
/// write is refused with the reason, the old file kept.
extension NothingLostTests {
    /// Runs `body` with a user (in group `group`) and a second user made for it; removes them after.
    static func withUsers(_ body: (_ member: String, _ teacher: String, _ group: String) throws -> Void) throws {
        let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        let (member, teacher, group) = ("cvdm\(tag)", "cvdt\(tag)", "cvdg\(tag)")
        let made = try shell(
            "groupadd \(group) && useradd -M -N -g \(group) \(member) && useradd -M -U \(teacher)")
        guard made.status == 0 else {
            Issue.record("could not make users (the test needs root, as CI has): \(made.stderr)")
            return
        }
        defer { _ = try? shell("userdel \(member); userdel \(teacher); groupdel \(group) 2>/dev/null; true") }
        try body(member, teacher, group)
    }

    static func owner(_ path: String) throws -> String {
        try shell("stat -c '%U:%G %a %i %h' '\(path)'").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func overwritesKeepOwnerAndGroup() throws {
        try Self.withUsers { member, teacher, group in
            let dir = CLI.tempDir()
            chmod(dir, 0o755)
            let scene = dir + "/scene.png"
            #expect(try CLI.run(["scene", scene, "--mode", "normal", "--width", "64", "--height", "48"]).status == 0)
            // Root converting onto the teacher's private picture, in a folder all may write
            // (sticky, as /tmp): hers after, 0640 still.
            let open = dir + "/open"
            try Self.shell(
                "mkdir -m 1777 '\(open)' && cp '\(scene)' '\(open)/t.png' && chown \(teacher):\(teacher) '\(open)/t.png' && chmod 640 '\(open)/t.png'"
            )
            #expect(try CLI.run(["convert", scene, open + "/t.png", "--mode", "protanopia"]).status == 0)
            let t = try Self.owner(open + "/t.png").split(separator: " ")
            #expect(t[0] == "\(teacher):\(teacher)" && t[1] == "640", "\(t)")
            // A member of the group overwriting root's group file in their shared folder.
            let shared = dir + "/shared"
            try Self.shell(
                "mkdir -m 2775 '\(shared)' && chgrp \(group) '\(shared)' && cp '\(scene)' '\(shared)/g.png' && chgrp \(group) '\(shared)/g.png' && chmod 660 '\(shared)/g.png'"
            )
            let before = try Self.owner(shared + "/g.png")
            let r = try Self.shell(
                "su \(member) -s /bin/sh -c '\"$CVDCAM\" convert \(scene) \(shared)/g.png --mode deuteranopia'")
            #expect(r.status == 0, "\(r.stderr)")
            let after = try Self.owner(shared + "/g.png")
            #expect(after == before, "root:group 0660, the same file: \(before) → \(after)")
            let original = try ImageFile.read(scene)
            let written = try ImageFile.read(shared + "/g.png")
            #expect(written != original, "the new picture is in it")
            // Someone else's file the member may not write: refused, kept.
            try Self.shell("cp '\(scene)' '\(shared)/r.png' && chmod 644 '\(shared)/r.png'")
            let refused = try Self.shell(
                "su \(member) -s /bin/sh -c '\"$CVDCAM\" convert \(scene) \(shared)/r.png --mode tritanopia'")
            #expect(refused.status == 1, "\(refused.stderr)")
            #expect(
                refused.stderr.contains("it is root's file, which you may not write")
                    && refused.stderr.contains("the old file is kept"), "\(refused.stderr)")
            let kept = try ImageFile.read(shared + "/r.png")
            #expect(kept == original)
            #expect(Self.leftovers(shared).isEmpty && Self.leftovers(open).isEmpty)
            let copies = try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasSuffix(".old") }
            #expect(copies.isEmpty, "no copy aside left: \(copies)")
        }
    }

    @Test func aHardLinkSeesTheNewPicture() throws {
        let dir = CLI.tempDir()
        let scene = dir + "/scene.png"
        #expect(try CLI.run(["scene", scene, "--mode", "normal", "--width", "64", "--height", "48"]).status == 0)
        try Self.shell("cp '\(scene)' '\(dir)/a.png' && ln '\(dir)/a.png' '\(dir)/b.png'")
        #expect(try CLI.run(["convert", scene, dir + "/b.png", "--mode", "achromatopsia"]).status == 0)
        let a = try ImageFile.read(dir + "/a.png")
        let b = try ImageFile.read(dir + "/b.png")
        let original = try ImageFile.read(scene)
        #expect(a == b && a != original, "both names: the new one")
        #expect(try Self.owner(dir + "/a.png").hasSuffix(" 2"), "still two names of one file")
        // A full disk keeps the linked file as it was (the room is reserved before writing).
        guard let disk = Self.smallDisk() else { return }
        defer { Self.unmount(disk) }
        let noise = try Self.noise(in: dir)
        try Self.shell(
            "cp '\(scene)' '\(disk)/a.png' && ln '\(disk)/a.png' '\(disk)/b.png' && head -c 40000 /dev/zero > '\(disk)/fill'"
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: disk + "/a.png"))
        let full = try CLI.run(["convert", noise, disk + "/a.png", "--mode", "deuteranopia"])
        #expect(full.status == 1 && full.stderr.contains("the disk is full; the old file is kept"), "\(full.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: disk + "/b.png")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["a.png", "b.png", "fill"])
    }
}
