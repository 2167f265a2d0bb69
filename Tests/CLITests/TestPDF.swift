import Foundation

/// PDFs the tests draw with cairo (Tests/PDF/make-pdf, python3-cairo): worksheets with
/// known pages.
enum TestPDF {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PDF/make-pdf").path

    /// Writes `path` with one page per spec (make-pdf's PAGE: `bars:0072B2,E69F00`,
    /// `lines:D62728,2CA02C`, `blank@200x200*2000`), or a damaged one (`["--damaged"]`), or one
    /// with no pages (`["--no-pages"]`).
    static func make(_ path: String, _ pages: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = pages.first?.hasPrefix("--") == true ? [script, pages[0], path] : [script, path] + pages
        let err = Pipe()
        p.standardError = err
        try p.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "make-pdf failed: \(said)"])
        }
    }

    /// A safe page (blue and orange bars) and a red/green line chart: the worksheet the tests check.
    static func worksheet(in dir: String, name: String = "worksheet.pdf") throws -> String {
        let path = dir + "/" + name
        try make(path, ["bars:0072B2,E69F00", "lines:D62728,2CA02C"])
        return path
    }
}
