import CVDImageIO
import Testing

/// The size a PDF page is drawn at (150 dpi, within the caps), and how a PDF is told from
/// its first bytes. Drawing real pages: CLITests.PDFTests (PDFs made by cairo).
@Suite struct PDFDocumentTests {
    @Test func pagesAreDrawnAt150DotsPerInchWithinTheCaps() {
        let a4 = PDFDocument.drawnSize((595, 842))
        #expect(a4.width == 1240 && a4.height == 1754 && abs(a4.scale - 150.0 / 72) < 1e-12, "\(a4)")
        let letter = PDFDocument.drawnSize((612, 792))
        #expect(letter.width == 1275 && letter.height == 1650, "\(letter)")
        // An A2 poster fits at 150 dpi (8.7 megapixels); A1 (17.4) and A0 are drawn smaller.
        let a2 = PDFDocument.drawnSize((1191, 1684))
        #expect(a2.width == 2481 && a2.height == 3508 && a2.scale == 150.0 / 72, "\(a2)")
        for (name, points) in [("A1", (1684.0, 2384.0)), ("A0", (2384.0, 3370.0))] {
            let s = PDFDocument.drawnSize(points)
            #expect(s.scale < 150.0 / 72 && s.width * s.height <= PDFDocument.maximumPagePixels, "\(name): \(s)")
            #expect(
                s.width * s.height > PDFDocument.maximumPagePixels * 99 / 100, "\(name): as large as the cap allows")
        }
        // A strip: its long side within ImageFile.maximumSide; a speck: a pixel at least.
        let strip = PDFDocument.drawnSize((14400, 3))
        #expect(strip.width <= ImageFile.maximumSide && strip.height >= 1, "\(strip)")
        let speck = PDFDocument.drawnSize((0.1, 0.1))
        #expect(speck.width == 1 && speck.height == 1, "\(speck)")
        for points in [(14400.0, 14400.0), (3e5, 3e5), (1e-3, 1e7)] {
            let s = PDFDocument.drawnSize(points)
            #expect(
                s.width * s.height <= PDFDocument.maximumPagePixels && max(s.width, s.height) <= ImageFile.maximumSide,
                "\(points): \(s)")
        }
    }

    @Test func aPDFIsToldByItsSignature() {
        #expect(PDFDocument.isPDF(ArraySlice(Array("%PDF-1.7\n".utf8))))
        // Some producers write a few bytes first; readers look within the first 1024.
        #expect(PDFDocument.isPDF(ArraySlice(Array(repeating: 0x20, count: 1000) + Array("%PDF-1.4".utf8))))
        #expect(!PDFDocument.isPDF(ArraySlice(Array(repeating: 0x20, count: 1020) + Array("%PDF-1.4".utf8))))
        #expect(!PDFDocument.isPDF(ArraySlice(Array("%PS-Adobe-3.0".utf8))))
        #expect(!PDFDocument.isPDF([]))
    }
}
