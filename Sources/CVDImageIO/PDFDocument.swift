import CVDCore
import CVDPoppler
import CVDSystem
import Glibc

/// A PDF file's pages as pictures — worksheets come as PDFs — drawn by poppler (through its
/// GLib interface, libpoppler-glib, and cairo; `CVDPoppler`) as they print, at
/// `dotsPerInch`, on white paper. The same file gives the same pixels every time.
///
/// `cvdcam check` checks each page, `convert` and the live view's `--image` take one
/// (`--page N`). The file is read once, as a picture's (`ImageFile.open`: standard input
/// and FIFOs too), and held by poppler while the document lives.
public final class PDFDocument {
    /// The resolution a page is drawn at: an A4 page is 1240×1754 pixels, a US Letter page
    /// 1275×1650 — a printed worksheet seen at reading distance, and the size of the check's
    /// cost goal (an A4 page at 150 dpi, at most 1 s of CPU).
    public static let dotsPerInch = 150.0

    /// The most pixels a page is drawn with: 2²⁴ (16.8 megapixels, 64 MiB as RGBA; an A2
    /// poster at 150 dpi is 8.7). A larger page (A1 is drawn at 147 dpi, A0 at 104; a page
    /// whose MediaBox claims metres) is drawn at the resolution that fits, never with more
    /// memory; so is a page longer than `ImageFile.maximumSide` on a side.
    public static let maximumPagePixels = 1 << 24

    /// The file's name as given (messages show it escaped).
    public let path: String
    /// How many pages it has.
    public let pageCount: Int
    /// poppler's document (`cvd_pdf`), closed with the object. Only ever used by the
    /// thread that holds the object: poppler's documents are not to be drawn from two
    /// threads at once.
    private let handle: OpaquePointer

    /// One page, drawn.
    public struct Page: Sendable {
        /// Its number, from 1, and how many the document has.
        public let number: Int
        public let of: Int
        /// The page on white paper: every pixel opaque.
        public let image: RGBAImage
        /// The resolution it was drawn at: `dotsPerInch`, or less for a page larger than
        /// `maximumPagePixels` allows (not rounded).
        public let dotsPerInch: Double
        /// Why a part of it may be missing: what poppler reported while drawing it (a
        /// damaged content stream), in words for a person; nil when it drew whole.
        public let damage: String?
    }

    /// Whether a file's head is a PDF's: `%PDF-` within its first 1024 bytes, where PDF
    /// readers look for it (some producers put a few bytes before it).
    public static func isPDF(_ head: ArraySlice<UInt8>) -> Bool {
        let h = Array(head.prefix(1024))
        let magic = Array("%PDF-".utf8)
        guard h.count >= magic.count else { return false }
        return (0...(h.count - magic.count)).contains { i in h[i..<(i + magic.count)].elementsEqual(magic) }
    }

    /// For `ImageFile.fileBytes`: nil for a picture (its own format bounds it); a PDF may be
    /// as large as a picture's file (`ImageFile.maximumFileBytes`); anything else is refused
    /// with the formats that are read.
    static func bound(_ head: ArraySlice<UInt8>, path: String) -> FileBytes.Bound? {
        if PictureFormat(head, path: path) != nil { return nil }
        return isPDF(head) ? .upTo(ImageFile.maximumFileBytes) : .refuse(notAPictureOrPDF)
    }

    static let notAPictureOrPDF =
        "it is not \(ImageFile.readableFormats), nor a PDF; "
        + "save it as PNG or JPEG (e.g. with GIMP, or ImageMagick: convert IN OUT.png)"

    /// Opens a PDF from its bytes (`path` names it in messages): one that needs a password
    /// to open, or that is damaged or cut short, is refused with what to do.
    init(bytes: [UInt8], path: String) throws(ImageFileError) {
        var problem: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        // cvd_pdf_open reads the bytes for the length of the call (poppler keeps a copy);
        // `message` is written NUL-terminated within its 512 bytes.
        let opened = bytes.withUnsafeBufferPointer { b in
            message.withUnsafeMutableBufferPointer { m in
                cvd_pdf_open(b.baseAddress, b.count, &problem, m.baseAddress, m.count)
            }
        }
        guard let opened else {
            let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch Int(problem) {
            case CVD_PDF_ENCRYPTED:
                throw .unreadable(
                    path,
                    "the PDF is locked with a password, which cvdcam does not ask for: save a copy without it "
                        + "(open it with the password and print it to a PDF file, or: qpdf --decrypt --password=… IN OUT.pdf)"
                )
            case CVD_PDF_DAMAGED:
                throw .unreadable(
                    path,
                    "the PDF file is damaged or cut short: its pages cannot be found (poppler: \(said)) — "
                        + "copy it again, or save it again from the program that made it")
            case CVD_PDF_NO_MEMORY:
                throw .unreadable(
                    path,
                    "there is not enough memory to open the PDF (\(bytes.count >> 20) MiB; a memory limit, ulimit -v?)")
            default:
                throw .unreadable(path, "poppler cannot open the PDF (\(said.isEmpty ? "no details" : said))")
            }
        }
        handle = opened
        self.path = path
        pageCount = Int(cvd_pdf_page_count(opened))
        // Thrown with every property set, the object is released and `deinit` closes the
        // document: closing it here too would free it twice.
        guard pageCount > 0 else { throw .unreadable(path, "the PDF has no pages") }
    }

    deinit { cvd_pdf_close(handle) }

    /// Page `number` (from 1), drawn: at `dotsPerInch`, on white paper, turned as it shows.
    public func page(_ number: Int) throws(ImageFileError) -> Page {
        guard (1...pageCount).contains(number) else { throw noSuchPage(number) }
        var points = (width: 0.0, height: 0.0)
        guard cvd_pdf_page_size(handle, Int32(number - 1), &points.width, &points.height) == 0,
            points.width.isFinite, points.height.isFinite, points.width > 0, points.height > 0
        else {
            throw .unreadable(path, "page \(number) of the PDF has no size (its MediaBox is empty or broken)")
        }
        let (width, height, scale) = Self.drawnSize(points)
        // The page's pixels, the check's copies of them and its result: as a picture's.
        let need = width * height * 12
        if let available = PictureChecks.availableMemory(), need > available {
            throw .unreadable(
                path,
                "page \(number) is \(width)×\(height) pixels at \(Int((scale * 72).rounded())) dpi, which needs about "
                    + "\(need >> 20) MiB to work on; this machine has \(available >> 20) MiB free")
        }
        var pixels: [UInt8]
        do throws(FileBytes.Failure) { pixels = try FileBytes.zeros(width * height * 4) } catch {
            throw .unreadable(
                path, "there is not enough memory for page \(number) (\(width)×\(height); a memory limit, ulimit -v?)")
        }
        var message = [CChar](repeating: 0, count: 512)
        // cairo draws into `pixels`, width × height × 4 bytes as cvd_pdf_render asks, within
        // the call; `message` is written NUL-terminated within its 512 bytes.
        let errors = pixels.withUnsafeMutableBufferPointer { p in
            message.withUnsafeMutableBufferPointer { m in
                cvd_pdf_render(
                    handle, Int32(number - 1), scale, p.baseAddress, Int32(width), Int32(height), m.baseAddress,
                    m.count)
            }
        }
        let said = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard errors >= 0 else {
            throw .unreadable(path, "page \(number) of the PDF cannot be drawn (cairo: \(said))")
        }
        let name = PathName.shown(PathName.lastComponent(path))
        let damage =
            errors == 0
            ? nil
            : "'\(name)' page \(number) is damaged: poppler reported \(errors) error\(errors == 1 ? "" : "s") "
                + "drawing it (the first: \(said)), so a part of it may be missing — copy the file again, "
                + "or save it again from the program that made it"
        return Page(
            number: number, of: pageCount, image: RGBAImage(width: width, height: height, pixels: pixels),
            dotsPerInch: scale * 72, damage: damage)
    }

    /// The error for a page the document does not have.
    public func noSuchPage(_ number: Int) -> ImageFileError {
        .unreadable(
            path,
            pageCount == 1
                ? "the PDF has one page; there is no page \(number)"
                : "the PDF has \(pageCount) pages; there is no page \(number)")
    }

    /// A page's size in pixels, and the scale (pixels a point) it is drawn at, for its size in
    /// points: `dotsPerInch`, or less, so that it has at most `maximumPagePixels` and
    /// `ImageFile.maximumSide` a side.
    public static func drawnSize(_ points: (width: Double, height: Double)) -> (width: Int, height: Int, scale: Double)
    {
        var scale = dotsPerInch / 72
        scale = min(scale, (Double(maximumPagePixels) / (points.width * points.height)).squareRoot())
        scale = min(scale, Double(ImageFile.maximumSide) / max(points.width, points.height))
        // Rounded down where the cap decides, so that the rounded size stays within it.
        let w = max(1, min(Int((points.width * scale).rounded()), ImageFile.maximumSide))
        let h = max(1, min(Int((points.height * scale).rounded()), ImageFile.maximumSide))
        guard w * h > maximumPagePixels else { return (w, h, scale) }
        let fit = scale * (Double(maximumPagePixels) / Double(w * h)).squareRoot()
        return (
            max(1, Int((points.width * fit).rounded(.down))), max(1, Int((points.height * fit).rounded(.down))), fit
        )
    }
}
