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

    /// Bytes per pixel (4:2:2 formats: 2, i.e. 4 per pair).
    public var bytesPerPixel: Int {
        switch self {
        case .rgb24, .bgr24: 3
        case .rgba, .bgra, .argb: 4
        case .yuyv, .uyvy: 2
        }
    }

    public var isYCbCr: Bool { self == .yuyv || self == .uyvy }

    /// Byte offsets of R, G, B and alpha (nil: no alpha) inside one pixel, for RGB formats.
    public var rgbOffsets: (r: Int, g: Int, b: Int, a: Int?)? {
        switch self {
        case .rgb24: (0, 1, 2, nil)
        case .bgr24: (2, 1, 0, nil)
        case .rgba: (0, 1, 2, 3)
        case .bgra: (2, 1, 0, 3)
        case .argb: (1, 2, 3, 0)
        case .yuyv, .uyvy: nil
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
