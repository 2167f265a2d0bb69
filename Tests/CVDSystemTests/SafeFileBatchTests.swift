import CVDSystem
import Foundation
import Testing

/// A set of files (`convert --mode all`) is put in place whole or not at all.
@Suite struct SafeFileBatchTests {
    @Test func aSetIsPutInPlaceWholeOrNotAtAll() throws {
        let dir = SafeFileTests.folder()
        for name in ["a", "b"] { try SafeFile.write(Array("old \(name)".utf8), to: dir + "/" + name) }
        // The third file cannot be written (its folder is missing): the first two stay old.
        var failed = SafeFile.Batch()
        try failed.add(Array("new a".utf8), to: dir + "/a")
        try failed.add(Array("new b".utf8), to: dir + "/b")
        try failed.add(Array("new c".utf8), to: dir + "/new-c")
        #expect {
            try failed.add(Array("new d".utf8), to: dir + "/missing/d")
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("no file of the set was replaced") == true
        }
        #expect(try String(contentsOfFile: dir + "/a", encoding: .utf8) == "old a")
        #expect(try String(contentsOfFile: dir + "/b", encoding: .utf8) == "old b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b"], "no temporary")
        // A whole set: every file in place, the old ones' modes kept.
        chmod(dir + "/b", 0o600)
        var whole = SafeFile.Batch()
        try whole.add(Array("new a".utf8), to: dir + "/a")
        try whole.add(Array("new b".utf8), to: dir + "/b")
        try whole.add(Array("new c".utf8), to: dir + "/c")
        #expect(
            try String(contentsOfFile: dir + "/a", encoding: .utf8) == "old a", "nothing in place before the commit")
        try whole.commit()
        for name in ["a", "b", "c"] {
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == "new \(name)")
        }
        #expect(SafeFileTests.info(dir + "/b").st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b", "c"])
    }

    /// A step of the commit that fails puts back what the steps before it did: a file
    /// written in place (it has a second name) and one renamed over both hold their old
    /// contents again, and the file whose rename failed keeps one name; no copy, second
    /// name or temporary is left.
    @Test func aCommitThatFailsPutsEveryOldFileBack() throws {
        let dir = SafeFileTests.folder()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try SafeFile.write(Array("old a".utf8), to: dir + "/a")
        #expect(link(dir + "/a", dir + "/a-too") == 0)
        try SafeFile.write(Array("old b".utf8), to: dir + "/b")
        try SafeFile.write(Array("old c".utf8), to: dir + "/sub/c")
        var set = SafeFile.Batch()
        try set.add(Array("new a".utf8), to: dir + "/a")
        try set.add(Array("new b".utf8), to: dir + "/b")
        try set.add(Array("new c".utf8), to: dir + "/sub/c")
        // The last file's temporary taken away behind the set's back: its rename fails.
        for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/sub") where name != "c" {
            #expect(unlink(dir + "/sub/" + name) == 0)
        }
        #expect {
            try set.commit()
        } throws: { e in
            (e as? SafeFile.WriteError)?.description.contains("no file of the set was replaced") == true
        }
        for (name, text) in [("a", "old a"), ("a-too", "old a"), ("b", "old b")] {
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8) == text, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "a-too", "b", "sub"])
        // Its second name, made to put it back, is gone too: one name, one link.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub") == ["c"])
        #expect(try String(contentsOfFile: dir + "/sub/c", encoding: .utf8) == "old c")
        #expect(SafeFileTests.info(dir + "/sub/c").st_nlink == 1)
    }
}
