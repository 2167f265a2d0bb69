import CVDCore
import Foundation
import Testing

@testable import CVDViewer

/// What the next drawing is saved as (`SnapshotWriter.due`), and the scripted screenshot
/// counted as written only once it is on disk (the quit line's "no screenshot was written").
@Suite struct SnapshotWriterTests {
    @Test func aDrawingIsSavedOnceForEachAsk() {
        var writer = SnapshotWriter(fixedPath: nil, directory: "/nonexistent")
        #expect(!writer.isDue)
        writer.ask(screenshot: false)
        writer.ask(screenshot: true)
        #expect(writer.isDue)
        let due = writer.takeDue()
        #expect(due == SnapshotWriter.Due(snapshot: true, screenshot: true))
        let after = writer.takeDue()
        #expect(!writer.isDue && after == SnapshotWriter.Due(), "asked for once")
    }

    @Test func theScreenshotCountsAsWrittenWhenItIs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cvdcam-shot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = RGBAImage(width: 8, height: 4, fill: RGB8(10, 200, 30))

        var missing = SnapshotWriter(fixedPath: dir + "/no/such/folder/shot.png", directory: dir)
        #expect(throws: (any Error).self) { try missing.writeScreenshot(image) }
        #expect(!missing.screenshotWritten)

        var writer = SnapshotWriter(fixedPath: dir + "/shot.png", directory: dir)
        let written = try writer.writeScreenshot(image)
        #expect(written == dir + "/shot.png")
        #expect(writer.screenshotWritten)
        #expect(FileManager.default.fileExists(atPath: dir + "/shot.png"))
    }
}
