import CV4L2
import CVDCore

/// The format a driver granted (the answer to `VIDIOC_S_FMT`/`VIDIOC_G_PARM`): drivers
/// adjust requests, so this is what frames really are.
public struct CaptureFormat: Hashable, Sendable, CustomStringConvertible {
    public var fourCC: FourCC
    public var width: Int
    public var height: Int
    /// Bytes per row of the (first) plane.
    public var bytesPerLine: Int
    /// Bytes a full frame takes (for compressed formats: the most a frame may take).
    public var sizeImage: Int
    /// Frames per second the driver agreed to; nil when it does not say.
    public var fps: FrameRate?
    /// How Y′CbCr samples map to R′G′B′, from the format's colorspace, ycbcr_enc and quantization.
    public var ycbcr: YCbCrEncoding

    /// `ycbcr` nil: what the format implies — JFIF's full-range BT.601 for MJPEG, else
    /// limited-range BT.601 (what webcams send unless they say otherwise).
    public init(
        fourCC: FourCC, width: Int, height: Int, bytesPerLine: Int, sizeImage: Int,
        fps: FrameRate? = nil, ycbcr: YCbCrEncoding? = nil
    ) {
        self.fourCC = fourCC
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.sizeImage = sizeImage
        self.fps = fps
        self.ycbcr = ycbcr ?? (fourCC == .mjpeg ? Self.jfif : .bt601Limited)
    }

    /// JPEG's (JFIF's) Y′CbCr: BT.601 matrix, full range.
    public static let jfif = YCbCrEncoding(.bt601, .full)

    /// From a `v4l2_pix_format`, resolving the "default" encodings as the V4L2 spec's
    /// `V4L2_MAP_YCBCR_ENC_DEFAULT` and `V4L2_MAP_QUANTIZATION_DEFAULT` macros do.
    init(_ p: v4l2_pix_format, fps: FrameRate?) {
        let code = FourCC(rawValue: p.pixelformat)
        self.init(
            fourCC: code, width: Int(p.width), height: Int(p.height),
            bytesPerLine: Int(p.bytesperline), sizeImage: Int(p.sizeimage), fps: fps,
            ycbcr: Self.encoding(
                colorspace: p.colorspace, ycbcrEnc: UInt32(p.ycbcr_enc),
                quantization: p.quantization, compressed: code == .mjpeg))
    }

    /// BT.601 or BT.709, limited or full range, as the V4L2 fields say. BT.2020 and
    /// SMPTE 240M (no webcam sends them) are read as BT.709, the closest matrix cvdcam has.
    public static func encoding(colorspace: UInt32, ycbcrEnc: UInt32, quantization: UInt32, compressed: Bool)
        -> YCbCrEncoding
    {
        if compressed { return jfif }
        var enc = ycbcrEnc
        if enc == V4L2_YCBCR_ENC_DEFAULT.rawValue {
            enc =
                switch colorspace {
                case V4L2_COLORSPACE_REC709.rawValue, V4L2_COLORSPACE_BT2020.rawValue,
                    V4L2_COLORSPACE_SMPTE240M.rawValue:
                    V4L2_YCBCR_ENC_709.rawValue
                default: V4L2_YCBCR_ENC_601.rawValue
                }
        }
        let matrix: YCbCrEncoding.Matrix =
            switch enc {
            case V4L2_YCBCR_ENC_601.rawValue, V4L2_YCBCR_ENC_XV601.rawValue, V4L2_YCBCR_ENC_SYCC.rawValue: .bt601
            default: .bt709
            }
        let range: YCbCrEncoding.Range =
            switch quantization {
            case V4L2_QUANTIZATION_FULL_RANGE.rawValue: .full
            case V4L2_QUANTIZATION_LIM_RANGE.rawValue: .limited
            default: colorspace == V4L2_COLORSPACE_JPEG.rawValue ? .full : .limited
            }
        return YCbCrEncoding(matrix, range)
    }

    public var description: String {
        var s = "\(fourCC) \(width)×\(height)"
        if let fps { s += " @ \(Self.rate(fps)) fps" }
        if fourCC == .yuyv || fourCC == .uyvy || fourCC == .nv12 { s += " (\(ycbcr))" }
        return s
    }

    /// Width and height as one value.
    public var size: FrameSize {
        get { FrameSize(width, height) }
        set { (width, height) = (newValue.width, newValue.height) }
    }

    /// "25", "12.5", "7.5", "29.97": as cvdcam has always printed rates (like
    /// `FrameRate.description`, except that a rate a hair off a whole number still
    /// prints with its decimal, e.g. "30.0").
    public static func rate(_ fps: FrameRate) -> String {
        let r = fps.perSecond
        return r == r.rounded() ? String(Int(r)) : String((r * 100).rounded() / 100)
    }
}
