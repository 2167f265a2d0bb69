import CVDCore
import CVDSystem
import FoundationEssentials

/// A still picture from a file, published once.
public final class ImageSource: FrameSource {
    public let name: String
    public let size: FrameSize
    private let image: RGBAImage
    public var isStill: Bool { true }

    public init(path: String, image: RGBAImage) {
        name = "image " + PathName.lastComponent(path)
        size = FrameSize(image.width, image.height)
        self.image = image
    }

    public func start(into sink: LatestFrame) {
        sink.publish(Frame(bytes: image.pixels, layout: image.layout, timestamp: SystemClock.monotonic))
    }

    public func stop() {}
}
