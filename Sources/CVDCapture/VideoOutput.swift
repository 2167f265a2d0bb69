import CV4L2
import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// A V4L2 video output node taking whole YUYV frames: a v4l2loopback device (other
/// programs then see a camera), or vivid's output node in the tests. Negotiated as OBS's
/// virtual camera does: the current output format, the frame rate (`VIDIOC_S_PARM`), then
/// YUYV at the size with bytesperline = 2·width and sizeimage = 2·width·height, BT.601
/// limited range (SMPTE 170M, what webcams send). Frames go out with `write()` or through
/// mapped buffers (`MappedOutput`), as `OutputSelection.method` chooses.
public final class VideoOutput {
    public let path: String
    public let capabilities: Capabilities
    /// What the driver granted; frames must have exactly `format.sizeImage` bytes, rows
    /// `format.bytesPerLine` apart, Y′CbCr in `format.ycbcr`.
    public let format: CaptureFormat
    /// How frames reach the device.
    public let method: OutputSelection.Method
    private let device: VideoDevice
    private let mapped: MappedOutput?
    private var streaming = false

    /// "card (path)".
    public var name: String { "\(PathName.shown(capabilities.card)) (\(PathName.shown(path)))" }
    /// Times the output stream was restarted after the driver failed it (mapped buffers only).
    public var restarts: Int { mapped?.restarts ?? 0 }

    /// Opens `device` (a path or an index; nil: the first v4l2loopback output, see
    /// `OutputSelection`) and sets YUYV at `size` and `fps`.
    public init(device requested: String?, size: FrameSize, fps: FrameRate) throws(OutputError) {
        let path: String
        if let requested {
            path = OutputSelection.devicePath(requested)
        } else {
            path = try OutputSelection.choose(
                requested: nil, nodes: OutputSelection.scan(),
                moduleLoaded: OutputSelection.loopbackModuleLoaded
            ).get()
        }
        let dev: VideoDevice
        let caps: Capabilities
        do throws(CaptureError) {
            dev = try VideoDevice(path: path)
            caps = try dev.capabilities()
        } catch {
            // The camera side's "not a video capture device" is, for an output, "takes no
            // video output" (`relay --to /dev/null`).
            if case .notCaptureDevice(let p, let what) = error { throw .notOutput(path: p, what: what) }
            throw .device(error)
        }
        let node = OutputSelection.Node(path: path, driver: caps.driver, card: caps.card, flags: caps.flags)
        _ = try OutputSelection.check(node).get()
        self.path = path
        self.device = dev
        self.capabilities = caps
        format = try Self.negotiate(dev, size: size, fps: fps)
        mapped =
            OutputSelection.method(for: node) == .mappedBuffers
            ? try MappedOutput.start(device: dev, sizeImage: format.sizeImage) : nil
        method = mapped == nil ? .write : .mappedBuffers
        if mapped == nil {
            // v4l2loopback 0.12–0.13 need STREAMON before write() (as OBS found); other
            // drivers refuse it without buffers, which is fine: write() starts them itself.
            var type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
            streaming = (try? dev.ioctl(.streamon, &type)) != nil
        }
    }

    deinit {
        if streaming {
            var type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
            try? device.ioctl(.streamoff, &type)
        }
    }

    private static func negotiate(_ dev: VideoDevice, size: FrameSize, fps: FrameRate) throws(OutputError)
        -> CaptureFormat
    {
        let path = dev.path
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        do throws(Errno) { try dev.ioctl(.gFmt, &f) } catch { throw map(error, path, .gFmt) }
        // The rate first, as OBS does; drivers without output rates (vivid) say EINVAL or
        // ENOTTY, and the pacing is cvdcam's own anyway.
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        p.parm.output.capability = UInt32(V4L2_CAP_TIMEPERFRAME)
        p.parm.output.timeperframe = v4l2_fract(
            numerator: UInt32(clamping: fps.interval.numerator),
            denominator: UInt32(clamping: fps.interval.denominator))
        do throws(Errno) { try dev.ioctl(.sParm, &p) } catch {
            if error == .resourceBusy { throw .busy(path: path) }
        }
        f.fmt.pix.width = UInt32(size.width)
        f.fmt.pix.height = UInt32(size.height)
        f.fmt.pix.pixelformat = FourCC.yuyv.rawValue
        f.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        f.fmt.pix.bytesperline = UInt32(size.width * 2)
        f.fmt.pix.sizeimage = UInt32(size.width * size.height * 2)
        f.fmt.pix.colorspace = V4L2_COLORSPACE_SMPTE170M.rawValue
        f.fmt.pix.ycbcr_enc = V4L2_YCBCR_ENC_601.rawValue
        f.fmt.pix.quantization = V4L2_QUANTIZATION_LIM_RANGE.rawValue
        f.fmt.pix.xfer_func = V4L2_XFER_FUNC_709.rawValue
        do throws(Errno) { try dev.ioctl(.sFmt, &f) } catch {
            if error == .invalidArgument {
                throw .formatRefused(path: path, what: "the device does not take YUYV \(size)" + offered(dev))
            }
            throw map(error, path, .sFmt)
        }
        let granted = CaptureFormat(f.fmt.pix, fps: nil)
        guard granted.fourCC == .yuyv, granted.width == size.width, granted.height == size.height,
            granted.bytesPerLine >= size.width * 2, granted.sizeImage >= granted.bytesPerLine * size.height
        else {
            throw .formatRefused(
                path: path,
                what: "asked for YUYV \(size), the device granted \(granted.fourCC) "
                    + "\(granted.width)×\(granted.height)" + offered(dev))
        }
        return granted
    }

    /// " (it takes YUYV, RGB3)", from `VIDIOC_ENUM_FMT` on the output buffer type.
    private static func offered(_ dev: VideoDevice) -> String {
        var d = v4l2_fmtdesc()
        d.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        var codes: [String] = []
        while (try? dev.ioctl(.enumFmt, &d)) != nil, codes.count < 32 {
            codes.append(FourCC(rawValue: d.pixelformat).description)
            d.index += 1
        }
        return codes.isEmpty ? "" : " (it takes \(codes.joined(separator: ", ")))"
    }

    private static func map(_ e: Errno, _ path: String, _ request: V4L2Request) -> OutputError {
        if e == .resourceBusy { return .busy(path: path) }
        if e == .invalidArgument, request == .gFmt {
            return .notOutput(path: path, what: "it has no video output format")
        }
        return OutputError(CaptureError.from(errno: e, path: path, call: .ioctl(request)))
    }

    /// Sends one whole frame (`format.sizeImage` bytes). Returns false when the device
    /// took nothing within `timeout` seconds (no reader draining it: the frame is dropped).
    public func write(_ frame: UnsafeRawBufferPointer, timeout: Double = 0.5) throws(OutputError) -> Bool {
        precondition(frame.count == format.sizeImage, "a frame is \(format.sizeImage) bytes")
        if let mapped { return try mapped.send(frame, timeout: timeout) }
        guard let base = frame.baseAddress else { return true }
        var done = 0
        while done < frame.count {
            // Non-blocking descriptor (VideoDevice): a full queue says EAGAIN; wait for room.
            let n = writeBytes(device.fd, base + done, frame.count - done)
            if n > 0 {
                done += n
                continue
            }
            let e = Errno(rawValue: errno)
            switch e {
            case .interrupted: continue
            case .resourceTemporarilyUnavailable:
                var p = pollfd(fd: device.fd, events: Int16(POLLOUT), revents: 0)
                let r = poll(&p, 1, Int32(timeout * 1000))
                if r == 0 { return false } // drivers take whole frames: nothing was written
            case .resourceBusy: throw .busy(path: path)
            case .noSuchAddressOrDevice, .operationNotSupportedByDevice: throw .vanished(path: path)
            default: throw .system(path: path, call: "write", errno: e)
            }
        }
        return true
    }
}

/// `write(2)`, named apart from `VideoOutput.write`.
private func writeBytes(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
