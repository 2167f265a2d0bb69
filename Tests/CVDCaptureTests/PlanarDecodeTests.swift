import CVDCapture
import CVDCore
import Testing

/// Decoding into planes (`FrameDecoder.decode(_:reduction:planar:into:)`, for the GL
/// renderer): the same samples as the packed YUYV decode, for 4:2:2 and 4:2:0 MJPEG at
/// every scale the view uses (libjpeg writing straight into the planes, or TurboJPEG's
/// planes copied in) and for NV12 — planes packed back to YUYV equal the packed decode
/// byte for byte.
@Suite struct PlanarDecodeTests {
    /// `bytes` decoded packed and planar; the planar frame packed back to YUYV.
    static func both(
        _ bytes: [UInt8], _ format: CaptureFormat, reduction: Int
    ) throws -> (packed: [UInt8], planar: [UInt8], layout: FrameLayout) {
        let d = FrameDecoder(format: format)
        var packed: [UInt8] = []
        var planes: [UInt8] = []
        let (pl, _) = try bytes.withUnsafeBytes { try d.decode($0, reduction: reduction, into: &packed) }
        let (ql, _) = try bytes.withUnsafeBytes { try d.decode($0, reduction: reduction, planar: true, into: &planes) }
        #expect(ql.format.isPlanar && ql.width == pl.width && ql.height == pl.height, "\(ql) against \(pl)")
        #expect(planes.count >= ql.minimumByteCount)
        var repacked = [UInt8](repeating: 0, count: pl.minimumByteCount)
        planes.withUnsafeBytes { p in
            repacked.withUnsafeMutableBytes { r in
                YCbCrPlanes(p, ql)!.packYUYV(into: r.baseAddress!, bytesPerRow: pl.bytesPerRow)
            }
        }
        return (Array(packed.prefix(pl.minimumByteCount)), repacked, ql)
    }

    @Test(arguments: [(TestJPEG.Subsampling.s422, 1), (.s422, 2), (.s422, 4), (.s420, 1), (.s420, 2)])
    func mjpegPlanesAreThePackedSamples(_ sub: TestJPEG.Subsampling, _ reduction: Int) throws {
        // Not a multiple of 16 in either direction: padded strips and blocks.
        let (w, h) = (328, 180)
        let jpeg = PlanarJPEGTests.cameraJPEG(w, h, sub)
        let format = CaptureFormat(fourCC: .mjpeg, width: w, height: h, bytesPerLine: 0, sizeImage: jpeg.count)
        let (packed, planar, layout) = try Self.both(jpeg, format, reduction: reduction)
        #expect(layout.format == (sub == .s420 ? .i420 : .i422))
        #expect(layout.bytesPerRow % 16 == 0 && layout.planes.lumaRows % 16 == 0)
        #expect(packed == planar, "\(sub) at 1/\(reduction): planes differ from the packed decode")
    }

    @Test func nv12PlanesAreThePackedSamples() throws {
        let (w, h) = (64, 30)
        let nv12 = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 / 7) }
        let format = CaptureFormat(fourCC: .nv12, width: w, height: h, bytesPerLine: w, sizeImage: nv12.count)
        let (packed, planar, layout) = try Self.both(nv12, format, reduction: 1)
        #expect(layout.format == .i420)
        #expect(packed == planar)
    }

    @Test func otherFormatsStayPacked() throws {
        let (w, h) = (32, 4)
        let yuyv = [UInt8](repeating: 128, count: w * h * 2)
        let d = FrameDecoder(
            format: CaptureFormat(fourCC: .yuyv, width: w, height: h, bytesPerLine: w * 2, sizeImage: yuyv.count))
        var buffer: [UInt8] = []
        let (layout, _) = try yuyv.withUnsafeBytes { try d.decode($0, planar: true, into: &buffer) }
        #expect(layout.format == .yuyv)
    }
}
