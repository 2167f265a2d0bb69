import Foundation
import Testing

/// The README's keys table is what the program says its keys are (`cvdcam keys --markdown`,
/// made from `KeyGuide`, as the help sheet and the man page are).
@Suite struct KeysTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func readmeTableIsTheGeneratedOne() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(
            lines.firstIndex { $0.hasPrefix("<!-- keys:begin") }, "README has no keys:begin marker")
        let end = try #require(lines.firstIndex { $0.hasPrefix("<!-- keys:end") }, "README has no keys:end marker")
        let table = lines[(begin + 1)..<end].joined(separator: "\n")
        let r = try CLI.run(["keys", "--markdown"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let generated = r.stdout.trimmingCharacters(in: .newlines)
        #expect(
            table == generated,
            "README.md's keys table differs from `cvdcam keys --markdown`; paste that command's output between the markers"
        )
    }

    @Test func plainListNamesEveryKey() throws {
        let r = try CLI.run(["keys"])
        #expect(r.status == 0)
        for key in ["1 … 8", "Shift+F", "space", "Tab (hold)", "PgDn PgUp"] {
            #expect(r.stdout.contains(key), "cvdcam keys: \(key) missing")
        }
    }
}
