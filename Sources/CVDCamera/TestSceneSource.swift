import CVDCapture
import CVDCore
import CVDSources
import CVDSystem
import FoundationEssentials
import Glibc

/// The built-in test scene as a camera would send it — YUYV, or MJPEG — at a steady
/// rate, so the whole frame path runs even without a camera. A nil `fps` publishes as
/// fast as the view takes frames (benchmark mode).
///
/// As MJPEG (`--test-scene --format mjpeg`) the scene is what a webcam sees of it (uneven
/// light, sensor noise: `SyntheticFrames.camera`), encoded once, ahead of time, by
/// TurboJPEG at quality 85 and 4:2:2 as webcams do; every frame is then decoded on the
/// source's thread by the camera's own decoder (`FrameDecoder`), as a camera's would be.
public final class TestSceneSource: FrameSource {
    /// What the scene streams as.
    public enum Format: String, Sendable, CaseIterable {
        case yuyv, mjpeg
    }

    public let name: String
    /// One entry for the test scene, however it streams.
    public var identity: String { "built-in test scene" }
    public let size: FrameSize
    public let format: Format
    /// YUYV: the frame itself; MJPEG: the encoded frame.
    private let bytes: [UInt8]
    private let layout: FrameLayout
    private let fps: FrameRate?
    private let thread = SourceThread(name: "cvdcam test scene")
    /// Why the test scene shows instead of a camera (e.g. the camera is busy), shown in
    /// the window for as long as the scene runs.
    private let notice: String?

    /// The JPEG quality and chroma subsampling of the MJPEG stream (a webcam's).
    public static let jpegQuality = 85

    public init(size: FrameSize, fps: FrameRate?, notice: String? = nil, format: Format = .yuyv) {
        self.notice = notice
        self.format = format
        let w = size.width & ~1
        let h = size.height
        switch format {
        case .yuyv:
            let yuyv = TestScene.render(width: w, height: h).ycbcr(.yuyv)
            (bytes, layout) = (yuyv.bytes, yuyv.layout)
            // translators: the footer's source name ("Source: built-in test scene")
            name = N_("built-in test scene")

        case .mjpeg:
            bytes = Self.encodedScene(width: w, height: h)
            layout = FrameLayout(format: .yuyv, width: w, height: h)
            name = N_("built-in test scene (MJPEG)")
        }
        self.size = FrameSize(layout.width, layout.height)
        self.fps = fps
    }

    /// The camera-like scene as one JPEG (quality 85, 4:2:2).
    static func encodedScene(width w: Int, height h: Int) -> [UInt8] {
        let scene = SyntheticFrames.camera(width: w, height: h)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { for c in 0..<3 { rgb[i * 3 + c] = scene.pixels[i * 4 + c] } }
        return JPEGEncoder.encode(rgb: rgb, width: w, height: h, quality: jpegQuality, subsampling: .s422)
    }

    public func start(into sink: LatestFrame) {
        if let notice { sink.status = .notice(notice) }
        let bytes = bytes
        let layout = layout
        let period = fps?.period
        let format = format
        thread.start { thread in
            let decoder = FrameDecoder(
                format: CaptureFormat(
                    fourCC: .mjpeg, width: layout.width, height: layout.height,
                    bytesPerLine: 0, sizeImage: bytes.count))
            var ring = FrameRing()
            var pacer = period.map(FramePacer.init(period:))
            while thread.isRunning {
                let want = sink.request
                switch format {
                case _ where want.paused:
                    break // nothing would show it: not decoded, as a camera's frames are not
                case .yuyv:
                    // Publishing the same array shares its storage: no copy, no allocation.
                    sink.publish(Frame(bytes: bytes, layout: layout, timestamp: SystemClock.monotonic))
                case .mjpeg:
                    // Encoded here by TurboJPEG itself, so it decodes; a failure would be counted as corrupt.
                    let ok = bytes.withUnsafeBytes { jpeg in
                        (try? ring.publish(to: sink) { (buffer) throws(FrameDecoder.Failure) in
                            try decoder.decode(jpeg, reduction: want.reduction, planar: want.planar, into: &buffer)
                        }) != nil
                    }
                    if !ok { sink.addLosses(camera: 0, corrupt: 1) }
                }
                if pacer != nil {
                    pacer?.wait()
                } else {
                    usleep(200)
                }
            }
        }
    }

    /// Stops publishing; returns once the thread has published its last frame.
    public func stop() { thread.stop() }
}
