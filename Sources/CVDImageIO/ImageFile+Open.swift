import CVDCore

/// What a file given to `check`, `convert` or the live view holds: a picture, or a PDF's
/// pages.
public enum OpenedFile {
    case picture(ImageFile.Loaded)
    case pdf(PDFDocument)
}

extension ImageFile {
    /// A picture (as `load`) or a PDF (`PDFDocument`), told by the file's first bytes, the
    /// file read once either way (`-`: standard input, when `allowStdin`).
    public static func open(_ path: String, allowStdin: Bool = false) throws(ImageFileError) -> OpenedFile {
        let bytes = try fileBytes(path, allowStdin: allowStdin, orPDF: true)
        if PictureFormat(bytes.prefix(32), path: path) == nil, PDFDocument.isPDF(bytes.prefix(1024)) {
            return .pdf(try PDFDocument(bytes: bytes, path: path))
        }
        return .picture(try load(bytes: bytes, path))
    }

    /// A picture, or page `page` of a PDF (from 1; nil: the first), as `load` gives a
    /// picture — for `convert` and the live view, which show one — with the page drawn.
    /// A picture is one page: asking it for another is an error.
    public static func load(
        _ path: String, page: Int?, allowStdin: Bool = false
    ) throws(ImageFileError) -> (loaded: Loaded, page: PDFDocument.Page?) {
        switch try open(path, allowStdin: allowStdin) {
        case .picture(let loaded):
            if let page, page != 1 {
                throw .unreadable(
                    path, "it is a picture, which is one page: there is no page \(page) (pages are for PDF files)")
            }
            return (loaded, nil)
        case .pdf(let document):
            let drawn = try document.page(page ?? 1)
            return (Loaded(image: drawn.image, damage: drawn.damage), drawn)
        }
    }
}
