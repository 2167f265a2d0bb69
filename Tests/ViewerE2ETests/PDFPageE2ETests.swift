import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The live view on a PDF: `--image worksheet.pdf` shows page 1, `--page N` another (and so
/// does the picture given without `--image`), named as such; a page the file does not have
/// is one line. Screenshots (`--screenshot`) say which page is on screen.
@Suite(.serialized) struct PDFPageE2ETests {
    static let makePDF = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PDF/make-pdf").path
    static let blue = RGB8(0x00, 0x72, 0xB2)
    static let red = RGB8(0xD6, 0x27, 0x28)

    /// How many pixels of `shot` are `colour`, within the view's tolerance.
    static func count(_ colour: RGB8, in shot: RGBAImage) -> Int {
        (0..<(shot.width * shot.height)).count {
            shot[$0 % shot.width, $0 / shot.width].distance(to: colour) <= ViewerE2ETests.tolerance
        }
    }

    @Test func theChosenPageIsShown() throws {
        let x = try XSession()
        defer { x.close() }
        let pdf = x.dir + "/worksheet.pdf"
        // Page 1: a blue bar; page 2: a red one.
        let made = try XSession.runToEnd(
            "/usr/bin/python3", [Self.makePDF, pdf, "bars:0072B2", "bars:D62728"], capture: .stderr)
        #expect(made.status == 0, "Tests/PDF/make-pdf (python3-cairo): \(made.text)")
        let environment = x.appEnvironment(home: x.dir).mapValues { Optional($0) }
        let runs: [(args: [String], page: Int, shows: RGB8, not: RGB8)] = [
            (["--image", pdf], 1, Self.blue, Self.red),
            (["--image", pdf, "--page", "2"], 2, Self.red, Self.blue),
            ([pdf, "--page", "2"], 2, Self.red, Self.blue),
        ]
        for (i, run) in runs.enumerated() {
            let shot = x.dir + "/shot\(i).png"
            let r = try XSession.runToEnd(
                XSession.binary, run.args + ["--screenshot", shot, "--screenshot-after", "3"],
                environment: environment, capture: .stdout)
            #expect(r.status == 0, "\(run.args): \(r.text)")
            #expect(r.text.contains("cvdcam: showing image worksheet.pdf page \(run.page); "), "\(r.text)")
            let picture = try ImageFile.read(shot)
            #expect(Self.count(run.shows, in: picture) > 2000, "\(run.args): page \(run.page)'s bar is on screen")
            #expect(Self.count(run.not, in: picture) == 0, "\(run.args): the other page's bar is not")
        }
        let past = try XSession.runToEnd(
            XSession.binary, ["--image", pdf, "--page", "3", "--screenshot", x.dir + "/none.png"],
            environment: environment, capture: .stderr)
        #expect(past.status == 1, "\(past.text)")
        #expect(
            past.text == "cvdcam: error: cannot read '\(pdf)': the PDF has 2 pages; there is no page 3\n",
            "\(past.text)")
        let noPDF = try XSession.runToEnd(
            XSession.binary, ["--test-scene", "--page", "2", "--screenshot", x.dir + "/none.png"],
            environment: environment, capture: .stderr)
        #expect(noPDF.status == 1 && noPDF.text.contains("--page 2 is for a PDF shown with --image"), "\(noPDF.text)")
    }
}
