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
            (e as? SafeFile.WriteError)?.description.contains("nothing of the set was written") == true
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
}
