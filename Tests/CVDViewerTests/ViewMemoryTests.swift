import CVDCore
import CVDViewModel
import Foundation
import Testing

@testable import CVDViewer

/// The document camera's memory as a stage (`ViewMemory`), without a window, over a views
/// file in a temporary HOME: a view saved is put back for its source only, with a notice;
/// a file that is not cvdcam's is neither read nor overwritten, and that is said once.
@Suite struct ViewMemoryTests {
    /// A fresh HOME (with no .config yet) and its environment.
    static func home() throws -> (path: String, environment: [String: String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cvdcam-views-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path, ["HOME": path])
    }

    static let turned = RememberedViews.View(orientation: Orientation(degrees: 90))

    @Test func aViewIsPutBackForItsSourceOnly() throws {
        let (home, env) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var memory = ViewMemory(environment: env)
        #expect(memory.file == home + "/.config/cvdcam/views")
        var notes: [ViewMemory.Note] = []
        // No file yet: the camera is shown upright and whole, and nothing is said.
        let first = memory.restore(for: "camera A", commandLineSet: false, current: .init(), notes: &notes)
        #expect(first == RememberedViews.View() && notes.isEmpty)
        memory.remember(Self.turned, notes: &notes)
        #expect(notes.isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: memory.file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the views file is private")
        let text = try String(contentsOfFile: memory.file, encoding: .utf8)
        #expect(text.hasPrefix("camera A\trotate=90"), "\(text)")

        // The next run: camera A comes back turned, and says so.
        var next = ViewMemory(environment: env)
        let back = next.restore(for: "camera A", commandLineSet: false, current: .init(), notes: &notes)
        #expect(back == Self.turned)
        #expect(notes.count == 1)
        if case .notice(let line) = notes.first {
            #expect(line.english.hasPrefix("turned 90° as last time for this source"), "\(line.english)")
        } else {
            Issue.record("expected a notice, got \(notes)")
        }
        // Another camera: upright and whole again, said because the view changes.
        notes = []
        let other = next.restore(for: "camera B", commandLineSet: false, current: Self.turned, notes: &notes)
        #expect(other == RememberedViews.View())
        #expect(notes == [.notice(Message("this source is shown upright and whole (r, e, t change it)"))])
        // The command line's view wins: nothing put back.
        notes = []
        #expect(next.restore(for: "camera A", commandLineSet: true, current: .init(), notes: &notes) == nil)
        #expect(notes.isEmpty && next.identity == "camera A")
    }

    @Test func theCommandLinesViewIsSavedOnlyOnceChanged() throws {
        let (home, env) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var memory = ViewMemory(environment: env)
        var notes: [ViewMemory.Note] = []
        // `--rotate 90`: shown turned, not written by the next key (m, say) that leaves it so.
        #expect(memory.restore(for: "camera A", commandLineSet: true, current: Self.turned, notes: &notes) == nil)
        memory.remember(Self.turned, notes: &notes)
        #expect(!FileManager.default.fileExists(atPath: memory.file), "nothing written for an unchanged view")
        // Turned once more (r): now it is the teacher's, and saved.
        let upsideDown = RememberedViews.View(orientation: Orientation(degrees: 180))
        memory.remember(upsideDown, notes: &notes)
        let text = try String(contentsOfFile: memory.file, encoding: .utf8)
        #expect(text.hasPrefix("camera A\trotate=180"), "\(text)")
        #expect(notes.isEmpty)
    }

    @Test func aFileThatIsNotCvdcamsIsKeptAndSaidOnce() throws {
        let (home, env) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var memory = ViewMemory(environment: env)
        try FileManager.default.createDirectory(
            atPath: home + "/.config/cvdcam", withIntermediateDirectories: true)
        let big = Data(repeating: 0x41, count: ViewMemory.limit + 1)
        try big.write(to: URL(fileURLWithPath: memory.file))
        var notes: [ViewMemory.Note] = []
        let view = memory.restore(for: "camera A", commandLineSet: false, current: .init(), notes: &notes)
        #expect(view == RememberedViews.View(), "shown upright and whole")
        guard case .trouble(let line, _) = notes.first else {
            Issue.record("expected the file's trouble, got \(notes)")
            return
        }
        #expect(line.english.hasSuffix("is larger than 1 MiB: views are not remembered (rename or remove it)"))
        notes = []
        memory.remember(Self.turned, notes: &notes)
        #expect(notes.isEmpty, "said once a run")
        #expect(try Data(contentsOf: URL(fileURLWithPath: memory.file)) == big, "the file is not overwritten")
    }

    @Test func aMissingHomeIsSaidNotMadeUp() throws {
        let (home, _) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var memory = ViewMemory(environment: ["HOME": home + "/gone"])
        var notes: [ViewMemory.Note] = []
        _ = memory.restore(for: "camera A", commandLineSet: false, current: .init(), notes: &notes)
        memory.remember(Self.turned, notes: &notes)
        guard case .trouble(let line, _) = notes.first else {
            Issue.record("expected the folder's trouble, got \(notes)")
            return
        }
        #expect(line.english.hasSuffix("does not exist: views are not remembered"), "\(line.english)")
        #expect(!FileManager.default.fileExists(atPath: home + "/gone"))
    }
}
