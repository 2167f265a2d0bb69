import CVDImageIO
import Foundation
import Testing

/// Seen at 1024×768 (a projector), `--ui-scale 2`, Japanese, with the caption on: for the
/// five seconds after a key, the footer ("入力: 内蔵のテストシーン") lay over the picture's
/// bottom edge in the single and split views, while a strip 61 px high stood free between
/// the picture and the caption's three lines. With the real fonts, in German and Japanese,
/// in every layout: the footer shown, and nothing over a picture while it shows.
@Suite(.serialized) struct CaptionFooterE2ETests {
    @Test(arguments: ["de", "ja"]) func withTheCaptionAtUIScale2TheFooterStaysOffThePictures(language: String) throws {
        let x = try XSession.projector(language)
        defer { x.close() }
        for layout in ["single", "split", "2x2"] {
            // Any key brings the footer back for five seconds.
            try x.key(layout == "single" ? "1" : "v")
            usleep(800_000)
            let overlays = try SacredPictureE2ETests.Overlays.last(x)
            try ImageFile.write(
                try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/caption-footer-\(layout)-\(language).png")
            #expect(overlays.boxes.contains { $0.kind == "footer" }, "\(layout) \(language): no footer")
            #expect(overlays.boxes.contains { $0.kind == "caption" }, "\(layout) \(language): no caption")
            let over = overlays.boxes.filter(\.onPicture).map { "\($0.kind) \($0.rect)" }
            #expect(over.isEmpty, "\(layout) \(language): over a picture: \(over)")
        }
        try x.quitKey("q")
        #expect(try x.waitForExit() == 0)
    }
}
