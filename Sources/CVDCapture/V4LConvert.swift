import CV4L2

/// libv4lconvert's MJPEG decoder (what libv4l2 uses when it converts formats for an
/// application), kept to compare against TurboJPEG in `cvdcam bench --capture`.
public final class V4LConvert {
    private let data: OpaquePointer

    /// Wraps `v4lconvert_create_with_dev_ops` with no device behind it (see the shim).
    public init?() {
        guard let d = cvd_v4lconvert_create_detached() else { return nil }
        data = d
    }

    deinit { v4lconvert_destroy(data) }

    /// MJPEG → RGB24 (wraps `v4lconvert_convert`); false when the frame could not be decoded.
    public func mjpegToRGB24(
        _ jpeg: UnsafeRawBufferPointer, width: Int, height: Int, into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        var src = v4l2_format()
        var dst = v4l2_format()
        src.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        src.fmt.pix.pixelformat = FourCC.mjpeg.rawValue
        src.fmt.pix.width = UInt32(width)
        src.fmt.pix.height = UInt32(height)
        src.fmt.pix.sizeimage = UInt32(jpeg.count)
        dst = src
        dst.fmt.pix.pixelformat = FourCC.rgb24.rawValue
        dst.fmt.pix.bytesperline = UInt32(width * 3)
        dst.fmt.pix.sizeimage = UInt32(width * height * 3)
        // libv4lconvert takes a non-const source pointer but only reads it.
        let n = v4lconvert_convert(
            data, &src, &dst, UnsafeMutablePointer(mutating: jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self)),
            Int32(jpeg.count),
            out.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(out.count))
        return n == Int32(width * height * 3)
    }
}
