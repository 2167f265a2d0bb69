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
    private let last = Locked<Frame?>(nil)
    private let reporter: any Reporter

    init(path: String, size: FrameSize, reporter: any Reporter) {
        self.path = path
        self.reporter = reporter
        description = "\(path) (\(size), the last picture, written at the end)"
    }

    /// The opener that `ViewerOptions.openVirtualCamera` takes.
    static func opener(path: String) -> VirtualCameraOpener {
        { size, _, reporter in PictureFileCamera(path: path, size: size, reporter: reporter) }
    }

    /// Keeps a copy of the picture's bytes (packed RGB of any order, as the view offers);
    /// it is made RGBA only when written, not for every frame.
    func offer(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        guard layout.format.rgbOffsets != nil, bytes.count >= layout.minimumByteCount else { return }
        let frame = Frame(
            bytes: Array(bytes.prefix(layout.minimumByteCount)), layout: layout, timestamp: SystemClock.monotonic)
        last.withLock { $0 = frame }
    }

    /// Writes the last picture (none offered: no file; one that cannot be written: a line).
    func stop() {
        guard let frame = last.withLock({ $0 }) else { return }
        do {
            try ImageFile.write(frame.rgba, to: path)
        } catch {
            reporter.status(
                "error: the virtual camera's picture could not be written to \(PathName.shown(path)): \(error)")
        }
    }
}
