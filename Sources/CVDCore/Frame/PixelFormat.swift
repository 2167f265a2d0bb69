/// How the pixels of a frame are laid out in memory, byte by byte.
///
/// Names give the byte order in memory: `.bgra` is B, G, R, A at increasing
/// addresses (SDL's `ARGB8888` on little-endian machines, V4L2's `BA24`).
public enum PixelFormat: String, CaseIterable, Sendable, Hashable {
    case rgb24, bgr24
    case rgba, bgra, argb
    /// Packed 4:2:2, `Y0 Cb Y1 Cr` per pair of pixels.
    case yuyv
    /// Packed 4:2:2, `Cb Y0 Cr Y1` per pair of pixels.
    case uyvy
    /// Planar 4:2:2: a luma plane, then a Cb and a Cr plane of half the width, one chroma
    /// row per luma row — what a JPEG decoder's raw data is (`FrameLayout.planes`).
    case i422
    /// Planar 4:2:0: as `i422` with one chroma row per two luma rows (NV12 and most
    /// MJPEG at 720p and below).
    case i420

    /// Bytes per pixel (4:2:2 formats: 2, i.e. 4 per pair; planar formats: the luma
    /// plane's 1 — their chroma planes follow the luma plane, `FrameLayout.planes`).
    public var bytesPerPixel: Int {
        switch self {
        case .rgb24, .bgr24: 3
        case .rgba, .bgra, .argb: 4
        case .yuyv, .uyvy: 2
        case .i422, .i420: 1
        }
    }

    /// Packed 4:2:2 Y′CbCr (what the packed Y′CbCr kernels read).
    public var isYCbCr: Bool { self == .yuyv || self == .uyvy }

    /// Planar Y′CbCr (read through `YCbCrPlanes`).
    public var isPlanar: Bool { self == .i422 || self == .i420 }

    /// Luma rows per chroma row of a planar format (1 for 4:2:2, 2 for 4:2:0).
    public var rowsPerChromaRow: Int { self == .i420 ? 2 : 1 }

    /// Byte offsets of R, G, B and alpha (nil: no alpha) inside one pixel, for RGB formats.
    public var rgbOffsets: (r: Int, g: Int, b: Int, a: Int?)? {
        switch self {
        case .rgb24: (0, 1, 2, nil)
        case .bgr24: (2, 1, 0, nil)
        case .rgba: (0, 1, 2, 3)
        case .bgra: (2, 1, 0, 3)
        case .argb: (1, 2, 3, 0)
        case .yuyv, .uyvy, .i422, .i420: nil
        }
    }

    /// Byte offsets of Y0, Cb, Y1, Cr inside one pair, for 4:2:2 formats.
    public var ycbcrOffsets: (y0: Int, cb: Int, y1: Int, cr: Int)? {
        switch self {
        case .yuyv: (0, 1, 2, 3)
        case .uyvy: (1, 0, 3, 2)
        default: nil
        }
    }
}
