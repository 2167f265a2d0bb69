import CVDCore
import CVDSystem
import FoundationEssentials

/// A still picture from a file, published once.
public final class ImageSource: FrameSource {
    public let name: String
    /// "picture photo.png", in the window's language.
    public var label: Message { Message("picture %s", .text(String(name.dropFirst("image ".count)))) }
    public let size: FrameSize
    private let image: RGBAImage
    /// What is wrong with the file (a damaged JPEG), said in the footer while it shows.
    private let notice: String?
    public var isStill: Bool { true }
    /// The picture's path as given, made absolute.
    public let identity: String

    public init(path: String, image: RGBAImage, notice: String? = nil) {
        name = "image " + PathName.shown(PathName.lastComponent(path))
        size = FrameSize(image.width, image.height)
        self.image = image
        self.notice = notice
        identity = "image " + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    public func start(into sink: LatestFrame) {
        if let notice { sink.status = .notice(notice) }
        sink.publish(Frame(bytes: image.pixels, layout: image.layout, timestamp: SystemClock.monotonic))
    }

    public func stop() {}
}
