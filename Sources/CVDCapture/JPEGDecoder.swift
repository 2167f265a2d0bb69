import CTurboJPEG
import CVDCore
import CVDKernelInterface

/// Decodes MJPEG webcam frames with libjpeg-turbo's TurboJPEG API.
///
/// 4:2:2 and 4:2:0 JPEGs (what webcams send) are decoded to their Y′CbCr planes and
/// packed as YUYV: no colour conversion or chroma upsampling in the decoder, and the
/// colour kernel's fast Y′CbCr path (full-range BT.601, as JFIF says) does the rest.
/// Other JPEGs decode to RGB24. Any error or warning (corrupt or truncated data) makes
/// the frame count as corrupt: better to drop it than to show a half-grey picture.
public final class JPEGDecoder {
    private let handle: tjhandle
    private var planes: [UInt8] = []

    public enum Output { case yuyv, rgb24 }

    /// What the JPEG header says, read once per frame and handed to `decode`.
    public struct Header {
        public let width: Int
        public let height: Int
        /// Y′CbCr planes → YUYV for 4:2:2 and 4:2:0, else RGB24.
        public let output: Output
        /// TurboJPEG's chroma subsampling code (`TJSAMP_*`).
        let subsampling: Int32

        /// The planes' chroma subsampling, for 4:2:2 and 4:2:0 Y′CbCr frames.
        public var planes: YCbCrPlanes.Subsampling? {
            guard output == .yuyv else { return nil }
            return subsampling == Int32(TJSAMP_420.rawValue) ? .s420 : .s422
        }
    }

    /// Why a JPEG frame was dropped.
    public struct DecodeError: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {
        // tjInitDecompress fails only when out of memory.
        guard let h = tjInitDecompress() else { fatalError("TurboJPEG: out of memory") }
        handle = h
    }

    deinit { tjDestroy(handle) }

    /// Size and chroma subsampling from the JPEG header (wraps `tjDecompressHeader3`).
    public func header(_ jpeg: UnsafeRawBufferPointer) throws(DecodeError) -> Header {
        guard jpeg.count > 4, let base = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self),
            base[0] == 0xFF, base[1] == 0xD8
        else { throw DecodeError(description: "not a JPEG frame (no SOI marker)") }
        var w: Int32 = 0
        var h: Int32 = 0
        var sub: Int32 = 0
        var cs: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(jpeg.count), &w, &h, &sub, &cs) == 0 else { throw error() }
        let packable =
            (sub == Int32(TJSAMP_422.rawValue) || sub == Int32(TJSAMP_420.rawValue))
            && cs == Int32(TJCS_YCbCr.rawValue) && w % 2 == 0
        return Header(width: Int(w), height: Int(h), output: packable ? .yuyv : .rgb24, subsampling: sub)
    }

    /// Decodes into `out` (at least `height × outStride` bytes) as `output` says, RGB24
    /// or (for a 4:2:2/4:2:0 header) YUYV (wraps `tjDecompress2` or `tjDecompressToYUVPlanes`).
    public func decode(
        _ jpeg: UnsafeRawBufferPointer, _ header: Header, output: Output,
        into out: UnsafeMutableRawBufferPointer, outStride: Int
    ) throws(DecodeError) {
        let width = header.width
        let height = header.height
        guard let src = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let dst = out.baseAddress?.assumingMemoryBound(to: UInt8.self),
            out.count >= outStride * height
        else { throw DecodeError(description: "output buffer too small") }
        switch output {
        case .rgb24:
            guard
                tjDecompress2(
                    handle, src, UInt(jpeg.count), dst, Int32(width), Int32(outStride), Int32(height),
                    Int32(TJPF_RGB.rawValue), TJFLAG_STOPONWARNING) == 0
            else { throw error() }
        case .yuyv:
            try decodePlanes(jpeg, header, reduction: 1) { p in
                // At reduction 1 the planes are the header's size.
                KernelLevel.active.entryPoints.planesToYUYV(PlanarFrame(p), dst, outStride)
            }
        }
    }

    /// The size a frame decodes to at `reduction` (1, 2, 4 or 8): the JPEG's size divided,
    /// rounded up, as libjpeg-turbo's scaled DCT gives it.
    public static func scaledSize(_ header: Header, reduction: Int) -> (width: Int, height: Int) {
        ((header.width + reduction - 1) / reduction, (header.height + reduction - 1) / reduction)
    }

    /// Decodes a 4:2:2 or 4:2:0 frame (`header.output == .yuyv`) to its Y′CbCr planes at
    /// 1/`reduction` of its size (1, 2, 4 or 8: libjpeg-turbo's scaled inverse DCT, which
    /// decodes no more pixels than asked for) into a buffer the decoder keeps, and lends
    /// them to `body` (valid only inside it). Wraps `tjDecompressToYUVPlanes`.
    public func decodePlanes<R>(
        _ jpeg: UnsafeRawBufferPointer, _ header: Header, reduction: Int,
        _ body: (YCbCrPlanes) -> R
    ) throws(DecodeError) -> R {
        guard header.output == .yuyv else { throw DecodeError(description: "this JPEG's chroma is not 4:2:2 or 4:2:0") }
        guard [1, 2, 4, 8].contains(reduction) else {
            throw DecodeError(description: "reduction \(reduction) is not 1, 2, 4 or 8")
        }
        guard let src = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw DecodeError(description: "empty frame")
        }
        let sub = header.subsampling
        let (width, height) = Self.scaledSize(header, reduction: reduction)
        let cw = Int(tjPlaneWidth(1, Int32(width), sub))
        let ch = Int(tjPlaneHeight(1, Int32(height), sub))
        let ySize = width * height
        let cSize = cw * ch
        if planes.count < ySize + 2 * cSize { planes = [UInt8](repeating: 0, count: ySize + 2 * cSize) }
        let flags = TJFLAG_STOPONWARNING
        var failed: DecodeError?
        let result: R? = planes.withUnsafeMutableBufferPointer { p in
            // Three planes inside one scratch buffer, sized just above.
            let base = p.baseAddress!
            // Small fixed-size argument arrays on the stack: no allocation per frame.
            let ok = withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 3) { pp in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3) { sp in
                    pp[0] = base
                    pp[1] = base + ySize
                    pp[2] = base + ySize + cSize
                    sp[0] = Int32(width)
                    sp[1] = Int32(cw)
                    sp[2] = Int32(cw)
                    // TurboJPEG scales to the largest size that fits width × height: exactly these.
                    return tjDecompressToYUVPlanes(
                        handle, src, UInt(jpeg.count), pp.baseAddress, Int32(width),
                        sp.baseAddress, Int32(height), flags) == 0
                }
            }
            guard ok else {
                failed = error()
                return nil
            }
            return body(
                YCbCrPlanes(
                    y: UnsafeRawPointer(base), cb: UnsafeRawPointer(base + ySize),
                    cr: UnsafeRawPointer(base + ySize + cSize),
                    yStride: width, chromaStride: cw, width: width, height: height,
                    subsampling: ch < height ? .s420 : .s422))
        }
        if let failed { throw failed }
        return result!
    }

    private func error() -> DecodeError {
        DecodeError(description: String(cString: tjGetErrorStr2(handle)))
    }
}
