import CVDCore
import CVDImageIO
import CVDSources
import CVDSystem

/// A virtual camera that writes the last picture it was offered to a PNG file when it
/// stops (`CVDCAM_VIRTUAL_CAMERA_FILE`): what the view sends, checked by the tests on a
/// machine with no v4l2loopback device.
final class PictureFileCamera: VirtualCameraSink {
    let path: String
    let description: String
    private let last = Locked<RGBAImage?>(nil)

    init(path: String, size: FrameSize) {
        self.path = path
        description = "\(path) (\(size), the last picture, written at the end)"
    }

    /// The opener that `ViewerOptions.openVirtualCamera` takes.
    static func opener(path: String) -> VirtualCameraOpener {
        { size, _, _ in PictureFileCamera(path: path, size: size) }
    }

    /// Keeps a copy of the picture (packed RGB of any order, as the view offers).
    func offer(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        guard let order = layout.format.rgbOffsets, bytes.count >= layout.minimumByteCount else { return }
        let step = layout.format.bytesPerPixel
        var image = RGBAImage(width: layout.width, height: layout.height, fill: RGB8(0, 0, 0))
        for y in 0..<layout.height {
            for x in 0..<layout.width {
                let i = y * layout.bytesPerRow + x * step
                image[x, y] = RGB8(bytes[i + order.r], bytes[i + order.g], bytes[i + order.b])
            }
        }
        last.withLock { $0 = image }
    }

    /// Writes the last picture (none offered: no file).
    func stop() {
        guard let image = last.withLock({ $0 }) else { return }
        try? ImageFile.write(image, to: path)
    }
}
