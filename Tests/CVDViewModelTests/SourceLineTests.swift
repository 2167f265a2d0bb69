import CVDCore
import CVDLocale
import CVDSources
import CVDViewModel
import Foundation
import Testing

@Suite struct SourceLineTests {
    @Test func namesTheSource() {
        #expect(
            SourceLine.text(source: "vivid (/dev/video0)", status: .running, hasFrame: true)
                == "Source: vivid (/dev/video0)")
        #expect(
            SourceLine.text(source: "built-in test scene", status: .running, hasFrame: false)
                == "Source: built-in test scene — waiting for the first frame")
    }

    /// Camera lost mid-demo: the last picture stays (hasFrame) and the line says so.
    @Test func saysTheCameraIsGoneAndWaits() {
        #expect(
            SourceLine.text(source: "cam", status: .disconnected("/dev/video0"), hasFrame: true)
                == "camera disconnected — waiting (/dev/video0)")
    }

    /// Busy at start: the capture module's message over the test scene.
    @Test func showsWhyTheCameraIsNotUsed() {
        let why =
            "/dev/video0: the camera is busy — another program is using it; close that program and try again — showing the built-in test scene"
        #expect(SourceLine.text(source: "built-in test scene", status: .failed(why), hasFrame: true) == why)
    }

    /// A notice (the source runs: the desktop's dialog awaited) is the line, as a failure is.
    @Test func showsANotice() {
        let waiting = "waiting for the desktop's screen-sharing dialog: choose the monitor to show there"
        #expect(SourceLine.text(source: "screen (desktop portal)", status: .notice(waiting), hasFrame: true) == waiting)
        #expect(
            SourceLine.text(source: "screen (desktop portal)", status: .notice(waiting), hasFrame: false)
                == waiting + " — waiting for the first frame")
    }

    @Test func transientMessagesWin() {
        #expect(
            SourceLine.text(source: "cam", status: .disconnected("x"), hasFrame: true, message: "saved a.png")
                == "saved a.png")
    }
}

@Suite struct SourceLineWrapTests {
    @Test func shortLinesStayWhole() {
        #expect(SourceLine.wrap("Source: vivid (/dev/video0)", maxChars: 60) == ["Source: vivid (/dev/video0)"])
    }

    @Test func longMessagesBreakAtClausesThenWords() {
        let msg =
            "/dev/video0: the camera is busy — another program is using it; close that program and try again — showing the built-in test scene"
        let lines = SourceLine.wrap(msg, maxChars: 50)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.joined(separator: " ") == msg)
        #expect(lines.first == "/dev/video0: the camera is busy —")
        #expect(lines.count >= 3)
    }

    @Test func aSingleLongWordIsKept() {
        #expect(SourceLine.wrap("x" + String(repeating: "y", count: 80), maxChars: 20).count == 1)
    }
}

/// Every word of the footer in the window's language (issue 43: the German footer said
/// "Quelle: image map.png"): the picture's, the monitor's and the region's word come from
/// the catalogue like the rest; only the names themselves stay as they are.
@Suite struct SourceLineLanguageTests {
    /// The screen as a source, as far as its name goes.
    final class Screen: RegionPickingSource, @unchecked Sendable {
        let name: String
        init(_ name: String) { self.name = name }
        var size: FrameSize { FrameSize(1280, 800) }
        var wholeSize: FrameSize { size }
        func start(into sink: LatestFrame) {}
        func stop() {}
        func showWhole() {}
        func keepRegion() {}
        func choose(_ corners: (x0: Double, y0: Double, x1: Double, y1: Double)?) -> String { name }
    }

    static func footer(_ source: any FrameSource) -> String {
        SourceLine.text(source: source.label, status: .running, hasFrame: true)
    }

    static let picture = ImageSource(path: "/tmp/map.png", image: RGBAImage(width: 2, height: 2))

    @Test func theGermanFooterIsGerman() throws {
        let root = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0])
        let de = try Catalogue(po: String(contentsOfFile: root + "/po/de.po", encoding: .utf8))
        Localization.$catalogue.withValue(de) {
            #expect(Self.footer(Self.picture) == "Quelle: Bild map.png")
            #expect(Self.footer(Screen("monitor HDMI-1")) == "Quelle: Monitor HDMI-1")
            #expect(Self.footer(Screen("region 800x600+0+0")) == "Quelle: Bereich 800x600+0+0")
        }
        #expect(Self.footer(Self.picture) == "Source: picture map.png")
    }

    /// In every catalogue, each word the footer adds to a name is translated.
    @Test func everyCatalogueTranslatesTheFootersWords() throws {
        let root = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0])
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/po").filter { $0.hasSuffix(".po") }
        #expect(files.count == 7)
        for file in files {
            let c = try Catalogue(po: String(contentsOfFile: root + "/po/" + file, encoding: .utf8))
            for word in ["Source: %s", "picture %s", "monitor %s", "region %s", "built-in test scene"] {
                #expect(c.translate(word) != nil, "\(file): \(word) untranslated")
            }
            Localization.$catalogue.withValue(c) {
                let line = Self.footer(Self.picture)
                #expect(line == tr("Source: %s", tr("picture %s", "map.png")), "\(file): \(line)")
                #expect(line != "Source: image map.png", "\(file): the name as stdout prints it")
            }
        }
    }
}
