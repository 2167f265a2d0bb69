import CVDCore
import CVDKernelInterface

/// Turns a captured frame into something the colour kernel reads: YUYV, UYVY, RGB24
/// and BGR24 pass through untouched (no copy); NV12 and MJPEG become YUYV (4:2:2 and
/// 4:2:0 MJPEG strip by strip: `JPEGStripDecoder`; other JPEGs RGB24), GREY
/// becomes RGB24 — in a scratch buffer the decoder keeps (allocated once per size), or
/// straight into a buffer the caller publishes (`decode(_:reduction:into:)`).
public final class FrameDecoder {
    public let format: CaptureFormat
    private var scratch: [UInt8] = []
    lazy var jpeg = JPEGDecoder()
    lazy var strips = JPEGStripDecoder()

    /// Why a frame could not be decoded; the frame is dropped and counted as corrupt.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(format: CaptureFormat) {
        self.format = format
    }

    /// The formats `decode` takes.
    public static func canDecode(_ f: FourCC) -> Bool { FormatChoice.isSupported(f) }

    /// Decodes `bytes` (one frame in `format`) and lends the result to `body`: formats the
    /// kernels read as they come are lent without a copy, the others from a scratch buffer
    /// the decoder keeps.
    ///
    /// - Parameter reduction: how much smaller than the stream the picture may be (1, 2, 4
    ///   or 8; the shown size allows it): 4:2:2 / 4:2:0 MJPEG frames then decode at that
    ///   fraction of their size (libjpeg-turbo's scaled DCT), or the largest smaller
    ///   reduction that keeps the width even. Other formats ignore it.
    public func decode<R>(
        _ bytes: UnsafeRawBufferPointer, reduction: Int = 1,
        _ body: (UnsafeRawBufferPointer, FrameLayout, YCbCrEncoding) -> R
    ) throws(Failure) -> R {
        var scratch = self.scratch
        self.scratch = [] // held here meanwhile: writing it does not copy it
        defer { self.scratch = scratch }
        return try decode(bytes, reduction: reduction, scratch: &scratch, copying: false, body)
    }

    /// Decodes `bytes` (one frame in `format`) into `buffer`, which grows when it is too
    /// small, and returns the frame's layout there: a decoded format is written there
    /// directly, one the kernels read as it comes is copied there (out of a driver's buffer
    /// that goes back to the driver). No intermediate buffer: a source thread decodes each
    /// frame straight into the buffer it publishes (`FrameRing`).
    ///
    /// - Parameter planar: Y′CbCr that comes as planes may stay planes (`.i422`, `.i420`):
    ///   a 4:2:2 or 4:2:0 MJPEG frame is then decoded by libjpeg straight into the planes of
    ///   `buffer`, with no packing, and NV12 has its chroma separated — for a GPU, which
    ///   reads planes as they are. Other formats are as without it.
    public func decode(
        _ bytes: UnsafeRawBufferPointer, reduction: Int = 1, planar: Bool = false, into buffer: inout [UInt8]
    ) throws(Failure) -> (FrameLayout, YCbCrEncoding) {
        if planar, let layout = try decodePlanar(bytes, reduction: reduction, into: &buffer) {
            return (layout, format.ycbcr)
        }
        return try decode(bytes, reduction: reduction, scratch: &buffer, copying: true) { _, layout, enc in
            (layout, enc)
        }
    }

    /// The decoding itself, into `scratch`; with `copying`, formats read as they come are
    /// copied there too.
    private func decode<R>(
        _ bytes: UnsafeRawBufferPointer, reduction: Int, scratch: inout [UInt8], copying: Bool,
        _ body: (UnsafeRawBufferPointer, FrameLayout, YCbCrEncoding) -> R
    ) throws(Failure) -> R {
        let f = format
        let w = f.width
        let h = f.height
        func direct(_ pf: PixelFormat, minStride: Int) throws(Failure) -> R {
            let layout = FrameLayout(format: pf, width: w, height: h, bytesPerRow: max(f.bytesPerLine, minStride))
            guard bytes.count >= layout.minimumByteCount else {
                throw Failure(
                    description:
                        "frame is \(bytes.count) bytes, a \(w)×\(h) \(f.fourCC) frame needs \(layout.minimumByteCount)")
            }
            guard copying else { return body(bytes, layout, f.ycbcr) }
            return Self.withScratch(&scratch, layout.minimumByteCount) { dst in
                // `bytes` holds at least that many (checked above).
                dst.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: layout.minimumByteCount)
                return body(UnsafeRawBufferPointer(dst), layout, f.ycbcr)
            }
        }
        switch f.fourCC {
        case .yuyv: return try direct(.yuyv, minStride: w * 2)
        case .uyvy: return try direct(.uyvy, minStride: w * 2)
        case .rgb24: return try direct(.rgb24, minStride: w * 3)
        case .bgr24: return try direct(.bgr24, minStride: w * 3)
        case .nv12:
            let stride = max(f.bytesPerLine, w)
            let need = stride * h + stride * ((h + 1) / 2)
            guard w % 2 == 0, bytes.count >= need - (stride - w) else {
                throw Failure(description: "NV12 frame is \(bytes.count) bytes, \(w)×\(h) needs \(need)")
            }
            let out = FrameLayout(format: .yuyv, width: w, height: h)
            return Self.withScratch(&scratch, out.minimumByteCount) { dst in
                let y = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let c = y + stride * h
                let planes = PlanarFrame(
                    y: y, yStride: stride, cb: c, cr: c + 1, chromaStride: stride, chromaStep: 2,
                    chromaRows: 2, width: w, height: h)
                KernelLevel.active.entryPoints.planesToYUYV(
                    planes, dst.baseAddress!.assumingMemoryBound(to: UInt8.self), out.bytesPerRow)
                return body(UnsafeRawBufferPointer(dst), out, f.ycbcr)
            }
        case .grey:
            let stride = max(f.bytesPerLine, w)
            guard bytes.count >= stride * (h - 1) + w else {
                throw Failure(
                    description: "GREY frame is \(bytes.count) bytes, \(w)×\(h) needs \(stride * (h - 1) + w)")
            }
            let out = FrameLayout(format: .rgb24, width: w, height: h)
            return Self.withScratch(&scratch, out.minimumByteCount) { dst in
                KernelLevel.active.entryPoints.greyToRGB(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride, w, h,
                    dst.baseAddress!.assumingMemoryBound(to: UInt8.self), out.bytesPerRow)
                return body(UnsafeRawBufferPointer(dst), out, f.ycbcr)
            }
        case .mjpeg:
            let jpeg = self.jpeg
            let strips = self.strips
            let head: JPEGDecoder.Header
            do { head = try jpeg.header(bytes) } catch { throw Failure(description: "corrupt MJPEG frame: \(error)") }
            guard head.width == w, head.height == h else {
                throw Failure(description: "MJPEG frame is \(head.width)×\(head.height), the stream is \(w)×\(h)")
            }
            var r = head.output == .yuyv ? Self.reductions.first { $0 <= reduction } ?? 1 : 1
            while r > 1, JPEGDecoder.scaledSize(head, reduction: r).width % 2 != 0 { r /= 2 }
            let scaled = JPEGDecoder.scaledSize(head, reduction: r)
            let out = FrameLayout(
                format: head.output == .yuyv ? .yuyv : .rgb24, width: scaled.width, height: scaled.height)
            var failure: Failure?
            let result: R? = Self.withScratch(&scratch, out.minimumByteCount) { dst in
                do {
                    if let sub = head.planes, sub == .s422 || r == 1 {
                        // Strip by strip (libjpeg's raw data), each packed while it is in cache.
                        let o = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        let stride = out.bytesPerRow
                        try strips.decode(bytes, width: head.width, subsampling: sub, reduction: r) { p, first in
                            // The scratch holds the scaled YUYV frame (`out`); the strip's rows
                            // `first ..< first + p.height` lie inside it.
                            KernelLevel.active.entryPoints.planesToYUYV(PlanarFrame(p), o + first * stride, stride)
                        }
                    } else if head.planes != nil {
                        // 4:2:0 at a reduced scale: TurboJPEG's whole planes (see `JPEGStripDecoder`).
                        let o = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                        try jpeg.decodePlanes(bytes, head, reduction: r) { p in
                            // The scratch holds the scaled YUYV frame (`out`), the size of these planes.
                            KernelLevel.active.entryPoints.planesToYUYV(PlanarFrame(p), o, out.bytesPerRow)
                        }
                    } else {
                        try jpeg.decode(bytes, head, output: head.output, into: dst, outStride: out.bytesPerRow)
                    }
                } catch {
                    failure = Failure(description: "corrupt MJPEG frame: \(error)")
                    return nil
                }
                return body(UnsafeRawBufferPointer(dst), out, f.ycbcr) // JFIF's for MJPEG streams
            }
            if let failure { throw failure }
            return result!
        default:
            throw Failure(description: "cvdcam cannot decode \(f.fourCC) frames")
        }
    }

    /// The reductions a scaled decode offers, largest first.
    static let reductions = [8, 4, 2, 1]

    private static func withScratch<R>(
        _ scratch: inout [UInt8], _ count: Int, _ body: (UnsafeMutableRawBufferPointer) -> R
    ) -> R {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
        return scratch.withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[0..<count])) }
    }
}
