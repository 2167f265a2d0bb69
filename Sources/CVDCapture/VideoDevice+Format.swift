import CV4L2
import CVDCore
import FoundationEssentials

extension VideoDevice {
    /// The format frames will have now (wraps `VIDIOC_G_FMT` and `VIDIOC_G_PARM`).
    public func currentFormat() throws(CaptureError) -> CaptureFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        try perform(.gFmt, &f)
        return CaptureFormat(f.fmt.pix, fps: frameRate())
    }

    /// Asks for a pixel format and size (wraps `VIDIOC_S_FMT`) and returns what the driver
    /// granted, which may differ: it picks the nearest size it has.
    @discardableResult
    public func setFormat(_ fourCC: FourCC, size: FrameSize) throws(CaptureError) -> CaptureFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        f.fmt.pix.pixelformat = fourCC.rawValue
        f.fmt.pix.width = UInt32(size.width)
        f.fmt.pix.height = UInt32(size.height)
        f.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        // libv4l2 prints its own line on failure; the error thrown here says it better.
        try perform(.sFmt, &f)
        return CaptureFormat(f.fmt.pix, fps: frameRate())
    }

    /// Asks for a frame rate (wraps `VIDIOC_S_PARM`) as the exact time per frame; returns
    /// the rate granted, or nil when the driver does not let the rate be chosen.
    @discardableResult
    public func setFrameRate(_ rate: FrameRate) throws(CaptureError) -> FrameRate? {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard (try? ioctl(.gParm, &p)) != nil, p.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 else {
            return nil
        }
        let t = rate.interval
        p.parm.capture.timeperframe = v4l2_fract(
            numerator: UInt32(clamping: t.numerator), denominator: UInt32(clamping: t.denominator))
        // libv4l2 prints its own line on failure; the error thrown here says it better.
        try perform(.sParm, &p)
        return frameRate()
    }

    /// The current frame rate (wraps `VIDIOC_G_PARM`), nil when the driver does not say.
    public func frameRate() -> FrameRate? {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard (try? ioctl(.gParm, &p)) != nil else { return nil }
        return FrameRate(p.parm.capture.timeperframe)
    }
}
