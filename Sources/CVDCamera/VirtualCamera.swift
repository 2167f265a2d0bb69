import CVDCapture
import CVDCore
import CVDSources

/// A virtual camera other programs see (video calls, OBS): BGRA frames in, encoded to
/// YUYV (BT.601 limited range, as webcams send) and written to a V4L2 output — a
/// v4l2loopback device, or any output node named explicitly (never a camera).
///
/// Not thread-safe: one thread opens it and sends. The caller paces the frames (`Relay`
/// does, at the rate given to `open`); `resend()` repeats the last frame so that a still
/// picture keeps streaming.
public final class VirtualCamera {
    public let output: VideoOutput
    /// The frame size every `send` must have.
    public let size: FrameSize
    public let fps: FrameRate
    /// The last frame, encoded as the device takes it (granted stride and size).
    private var encoded: [UInt8]
    private let encodedLayout: FrameLayout
    private var hasFrame = false
    /// Frames the device took, and frames it did not take in time (no reader draining it).
    public private(set) var written = 0
    public private(set) var notTaken = 0

    private init(output: VideoOutput, fps: FrameRate) {
        self.output = output
        self.fps = fps
        let f = output.format
        size = FrameSize(f.width, f.height)
        encodedLayout = FrameLayout(format: .yuyv, width: f.width, height: f.height, bytesPerRow: f.bytesPerLine)
        encoded = [UInt8](repeating: 0, count: f.sizeImage)
    }

    /// Opens `device` (a path or an index; nil: the first v4l2loopback device) for
    /// YUYV frames of `size` (even width) at `fps`.
    public static func open(device: String?, size: FrameSize, fps: FrameRate) throws(OutputError) -> VirtualCamera {
        precondition(size.width > 0 && size.width % 2 == 0 && size.height > 0, "YUYV needs an even width")
        return VirtualCamera(output: try VideoOutput(device: device, size: size, fps: fps), fps: fps)
    }

    /// "cvdcam (/dev/video4), YUYV 1280×720 @ 30 fps, BT.601 limited range (SMPTE 170M),
    /// by write()" (or "by mapped buffers").
    public var description: String {
        "\(output.name), YUYV \(size) @ \(fps) fps, \(Self.describe(output.format.ycbcr)), by \(output.method.rawValue)"
    }

    static func describe(_ e: YCbCrEncoding) -> String {
        let m = e.matrix == .bt601 ? "BT.601" : "BT.709"
        let tag = e == .bt601Limited ? " (SMPTE 170M)" : e.matrix == .bt709 && e.range == .limited ? " (Rec. 709)" : ""
        return "\(m) \(e.range.rawValue) range\(tag)"
    }

    /// Encodes one BGRA (or any packed RGB) frame of `size` and writes it. Returns false
    /// when the device did not take it in time (counted in `notTaken`).
    @discardableResult
    public func send(_ frame: UnsafeRawBufferPointer, _ layout: FrameLayout) throws(OutputError) -> Bool {
        precondition(layout.width == size.width && layout.height == size.height, "frames must be \(size)")
        let enc = output.format.ycbcr
        let el = encodedLayout
        encoded.withUnsafeMutableBytes { d in
            // Layouts checked above and in `init`; the encoder validates them again.
            try? YCbCrEncoder.encode(source: frame, layout, destination: d, el, encoding: enc)
        }
        hasFrame = true
        return try resend()
    }

    /// Writes the last frame sent again (nothing before the first).
    @discardableResult
    public func resend() throws(OutputError) -> Bool {
        guard hasFrame else { return true }
        let out = output
        let took = try encoded.withUnsafeBytes { b in Result { () throws(OutputError) in try out.write(b) } }.get()
        if took { written += 1 } else { notTaken += 1 }
        return took
    }
}
