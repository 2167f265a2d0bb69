import CVDCore
import CVDSystem
import FoundationEssentials

/// A still picture from a file (or a PDF's page), published once.
public final class ImageSource: FrameSource {
    /// "image photo.png", "image worksheet.pdf page 2".
    public let name: String
    /// "picture photo.png", "picture worksheet.pdf, page 2", in the window's language.
    public var label: Message {
        guard let page else { return Message("picture %s", .text(String(name.dropFirst("image ".count)))) }
        return Message("picture %1$s, page %2$s", .text(fileName), .text("\(page)"))
    }
    /// The file's name, shown escaped.
    private let fileName: String
    /// The page of a PDF shown, from 1.
    public let page: Int?
    public let size: FrameSize
    private let image: RGBAImage
    /// What is wrong with the file (a damaged JPEG), said in the footer while it shows.
    private let notice: String?
    public var isStill: Bool { true }
    /// The picture's path as given, made absolute.
    public let identity: String
    public let blendedBorders: Bool

    /// `page`: the PDF page `image` is (nil: a picture file). `lossy`: the file keeps it
    /// lossily (`ImageFile.Loaded.lossy`).
    public init(path: String, image: RGBAImage, notice: String? = nil, page: Int? = nil, lossy: Bool = false) {
        blendedBorders = lossy
        fileName = PathName.shown(PathName.lastComponent(path))
        name = "image " + fileName + (page.map { " page \($0)" } ?? "")
        self.page = page
        size = FrameSize(image.width, image.height)
        self.image = image
        self.notice = notice
        // Each page of a PDF is remembered as a source of its own (its turn, its corners).
        identity =
            "image " + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            + (page.map { " page \($0)" } ?? "")
    }

    public func start(into sink: LatestFrame) {
        if let notice { sink.status = .notice(notice) }
        sink.publish(Frame(bytes: image.pixels, layout: image.layout, timestamp: SystemClock.monotonic))
    }

    public func stop() {}
}
