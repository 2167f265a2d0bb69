import CV4L2
import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// An open V4L2 device node (a thin owner of the file descriptor from `v4l2_open`).
public final class VideoDevice {
    public let path: String
    let fd: Int32

    /// Opens a node read-write and non-blocking (wraps `v4l2_open`, which also loads
    /// libv4l's format-conversion plugins).
    public init(path: String) throws(CaptureError) {
        self.path = path
        // libv4l2 says "error getting capabilities" for nodes that are not V4L2 — to
        // `LibV4L2Log`, set up before its first call; the errors thrown here (and by
        // `capabilities()`) say it, with what to do.
        LibV4L2Log.install()
        let fd = cvd_v4l2_open(path, O_RDWR | O_NONBLOCK)
        let e = Errno(rawValue: errno)
        guard fd >= 0 else { throw CaptureError.from(errno: e, path: path, call: .open) }
        self.fd = fd
    }

    deinit { _ = cvd_v4l2_close(fd) }

    /// What the driver says it is (wraps `VIDIOC_QUERYCAP`).
    public func capabilities() throws(CaptureError) -> Capabilities {
        var c = v4l2_capability()
        try perform(.querycap, &c)
        // Per-node capabilities when the driver reports them (V4L2_CAP_DEVICE_CAPS), else the device's.
        let caps = c.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? c.device_caps : c.capabilities
        return Capabilities(
            card: Self.string(c.card), driver: Self.string(c.driver), bus: Self.string(c.bus_info), flags: caps)
    }

    /// Pixel formats, frame sizes and frame rates for video capture
    /// (wraps `VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES`, `VIDIOC_ENUM_FRAMEINTERVALS`).
    public func formats() -> [FormatInfo] {
        var out: [FormatInfo] = []
        var d = v4l2_fmtdesc()
        d.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        while (try? ioctl(.enumFmt, &d)) != nil {
            let code = FourCC(rawValue: d.pixelformat)
            out.append(
                FormatInfo(
                    fourCC: code, description: Self.string(d.description),
                    emulated: d.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0, sizes: sizes(code)))
            d.index += 1
        }
        return out
    }

    private func sizes(_ code: FourCC) -> [FrameSizeInfo] {
        var out: [FrameSizeInfo] = []
        var s = v4l2_frmsizeenum()
        s.pixel_format = code.rawValue
        while (try? ioctl(.enumFramesizes, &s)) != nil {
            if s.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let size = FrameSize(Int(s.discrete.width), Int(s.discrete.height))
                out.append(FrameSizeInfo(size: size, fps: rates(code, size)))
            } else {
                // Stepwise or continuous: report the largest size; S_FMT negotiates the rest.
                let size = FrameSize(Int(s.stepwise.max_width), Int(s.stepwise.max_height))
                out.append(FrameSizeInfo(size: size, fps: rates(code, size)))
                break
            }
            s.index += 1
        }
        return out
    }

    private func rates(_ code: FourCC, _ size: FrameSize) -> [FrameRate] {
        var out: [FrameRate] = []
        var i = v4l2_frmivalenum()
        i.pixel_format = code.rawValue
        i.width = UInt32(size.width)
        i.height = UInt32(size.height)
        while (try? ioctl(.enumFrameintervals, &i)) != nil {
            if i.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                if let rate = FrameRate(i.discrete) { out.append(rate) }
            } else if let fastest = FrameRate(i.stepwise.min) {
                // Stepwise or continuous: the shortest interval, the fastest rate.
                out.append(fastest)
                break
            }
            i.index += 1
        }
        return out.sorted(by: >)
    }

    /// Fixed-size C char arrays import as tuples; read up to the first NUL.
    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            // Bytes that are not UTF-8 kept (`PathName.decoded`), shown as `\xNN` where shown.
            let bytes = Array(raw.prefix { $0 != 0 })
            return bytes.withUnsafeBufferPointer { PathName.decoded($0) }
        }
    }
}

/// The answer to `VIDIOC_QUERYCAP`.
public struct Capabilities: Sendable {
    public let card: String
    public let driver: String
    public let bus: String
    public let flags: UInt32

    /// A node cvdcam can capture from: video capture, not metadata- or output-only.
    public var isVideoCapture: Bool { flags & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
    public var canStream: Bool { flags & UInt32(V4L2_CAP_STREAMING) != 0 }

    /// What the node is, for the "not a capture device" message: "vivid's metadata node".
    public var nodeDescription: String {
        let kind =
            if isVideoCapture { "video capture" } else if flags & UInt32(V4L2_CAP_META_CAPTURE) != 0 {
                "metadata"
            } else if flags & UInt32(V4L2_CAP_VIDEO_OUTPUT) != 0 {
                "video output"
            } else if flags & UInt32(V4L2_CAP_VBI_CAPTURE | V4L2_CAP_SLICED_VBI_CAPTURE) != 0 {
                "VBI"
            } else if flags & UInt32(V4L2_CAP_RADIO | V4L2_CAP_TUNER) != 0 { "radio or tuner" } else { "non-video" }
        return "it is \(card)'s \(kind) node"
    }
}

public struct FormatInfo: Sendable {
    public let fourCC: FourCC
    public let description: String
    /// Converted by libv4l rather than sent by the camera.
    public let emulated: Bool
    public let sizes: [FrameSizeInfo]
}

public struct FrameSizeInfo: Sendable, Hashable {
    public let size: FrameSize
    /// Frame rates, fastest first.
    public let fps: [FrameRate]

    public init(size: FrameSize, fps: [FrameRate]) {
        self.size = size
        self.fps = fps
    }
}

extension FrameRate {
    /// From a V4L2 time per frame; nil when either part is 0 (the driver does not say).
    init?(_ interval: v4l2_fract) { self.init(interval: Int(interval.numerator), Int(interval.denominator)) }
}
