import CV4L2
import CVDSystem
import Foundation

extension VideoDevice {
    /// The format frames will have now (wraps `VIDIOC_G_FMT` and `VIDIOC_G_PARM`).
    public func currentFormat() throws(CaptureError) -> CaptureFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard cvd_g_fmt(fd, &f) == 0 else { throw CaptureError.from(errno: errno, path: path, call: "VIDIOC_G_FMT") }
        return CaptureFormat(f.fmt.pix, fps: frameRate())
    }

    /// Asks for a pixel format and size (wraps `VIDIOC_S_FMT`) and returns what the driver
    /// granted, which may differ: it picks the nearest size it has.
    @discardableResult
    public func setFormat(_ fourCC: FourCC, width: Int, height: Int) throws(CaptureError) -> CaptureFormat {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        f.fmt.pix.pixelformat = fourCC.rawValue
        f.fmt.pix.width = UInt32(width)
        f.fmt.pix.height = UInt32(height)
        f.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        // libv4l2 prints its own line on failure; the error thrown here says it better.
        let (rc, e) = StderrCapture.run { (cvd_s_fmt(fd, &f), errno) }.0
        guard rc == 0 else { throw CaptureError.from(errno: e, path: path, call: "VIDIOC_S_FMT") }
        return CaptureFormat(f.fmt.pix, fps: frameRate())
    }

    /// Asks for a frame rate (wraps `VIDIOC_S_PARM`); returns the rate granted, or nil
    /// when the driver does not let the rate be chosen.
    @discardableResult
    public func setFrameRate(_ fps: Double) throws(CaptureError) -> Double? {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard cvd_g_parm(fd, &p) == 0, p.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 else { return nil }
        // A frame interval as a fraction; ×1000 keeps rates like 12.5 or 29.97 exact enough.
        p.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((fps * 1000).rounded()))
        let (rc, e) = StderrCapture.run { (cvd_s_parm(fd, &p), errno) }.0
        guard rc == 0 else { throw CaptureError.from(errno: e, path: path, call: "VIDIOC_S_PARM") }
        return frameRate()
    }

    /// The current frame rate (wraps `VIDIOC_G_PARM`), nil when the driver does not say.
    public func frameRate() -> Double? {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard cvd_g_parm(fd, &p) == 0 else { return nil }
        let t = p.parm.capture.timeperframe
        return t.numerator > 0 && t.denominator > 0 ? Double(t.denominator) / Double(t.numerator) : nil
    }
}
