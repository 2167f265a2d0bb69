import CVDCore

/// Decoding into planar Y′CbCr frames (`.i422`, `.i420`), for a renderer that reads planes.
extension FrameDecoder {
    /// Decodes `bytes` into planes in `buffer` (grown as needed) when the frame comes as
    /// planes: MJPEG 4:2:2 at any reduction, 4:2:0 at full size (libjpeg writes straight
    /// into the planes), 4:2:0 reduced (TurboJPEG's planes, copied in), NV12 (chroma
    /// separated). nil for other formats and JPEGs (decode them packed).
    func decodePlanar(
        _ bytes: UnsafeRawBufferPointer, reduction: Int, into buffer: inout [UInt8]
    ) throws(Failure) -> FrameLayout? {
        switch format.fourCC {
        case .mjpeg: return try mjpegPlanes(bytes, reduction: reduction, into: &buffer)
        case .nv12: return try nv12Planes(bytes, into: &buffer)
        default: return nil
        }
    }

    /// A planar layout of `width` × `height` whose rows are whole 16-byte blocks (as libjpeg
    /// writes them), with `buffer` grown to hold it.
    private static func planar(
        _ format: PixelFormat, _ width: Int, _ height: Int, _ buffer: inout [UInt8]
    ) -> FrameLayout {
        let layout = FrameLayout(format: format, width: width, height: height, bytesPerRow: (width + 15) / 16 * 16)
        if buffer.count < layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        return layout
    }

    private func mjpegPlanes(
        _ bytes: UnsafeRawBufferPointer, reduction: Int, into buffer: inout [UInt8]
    ) throws(Failure) -> FrameLayout? {
        let head: JPEGDecoder.Header
        do { head = try jpeg.header(bytes) } catch { throw Failure(description: "corrupt MJPEG frame: \(error)") }
        guard head.width == format.width, head.height == format.height else {
            throw Failure(
                description:
                    "MJPEG frame is \(head.width)×\(head.height), the stream is \(format.width)×\(format.height)")
        }
        guard let sub = head.planes else { return nil }
        var r = Self.reductions.first { $0 <= reduction } ?? 1
        while r > 1, JPEGDecoder.scaledSize(head, reduction: r).width % 2 != 0 { r /= 2 }
        let scaled = JPEGDecoder.scaledSize(head, reduction: r)
        let layout = Self.planar(sub == .s420 ? .i420 : .i422, scaled.width, scaled.height, &buffer)
        do throws(JPEGDecoder.DecodeError) {
            if sub == .s422 || r == 1 {
                var failure: JPEGDecoder.DecodeError?
                buffer.withUnsafeMutableBytes { b in
                    // The buffer holds the planar layout (grown above).
                    do throws(JPEGDecoder.DecodeError) {
                        try strips.decode(
                            bytes, width: head.width, subsampling: sub, reduction: r, into: b.baseAddress!, layout)
                    } catch { failure = error }
                }
                if let failure { throw failure }
            } else {
                // 4:2:0 at a reduced scale: TurboJPEG's whole planes (see `JPEGStripDecoder`), copied in.
                try jpeg.decodePlanes(bytes, head, reduction: r) { p in Self.copy(p, into: &buffer, layout) }
            }
        } catch {
            throw Failure(description: "corrupt MJPEG frame: \(error)")
        }
        return layout
    }

    /// NV12 (a luma plane, then Cb and Cr interleaved at half size) as `.i420`.
    private func nv12Planes(_ bytes: UnsafeRawBufferPointer, into buffer: inout [UInt8]) throws(Failure) -> FrameLayout?
    {
        let (w, h) = (format.width, format.height)
        let stride = max(format.bytesPerLine, w)
        let need = stride * h + stride * ((h + 1) / 2)
        guard w % 2 == 0, bytes.count >= need - (stride - w), let y = bytes.baseAddress else {
            throw Failure(description: "NV12 frame is \(bytes.count) bytes, \(w)×\(h) needs \(need)")
        }
        let layout = Self.planar(.i420, w, h, &buffer)
        let g = layout.planes
        buffer.withUnsafeMutableBytes { d in
            // Rows inside both buffers: the source was checked above, the destination holds the layout.
            let o = d.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let s = y.assumingMemoryBound(to: UInt8.self)
            for row in 0..<h { (o + row * layout.bytesPerRow).update(from: s + row * stride, count: w) }
            for row in 0..<((h + 1) / 2) {
                let c = s + stride * h + row * stride
                let cb = o + g.cbOffset + row * g.chromaStride
                let cr = o + g.crOffset + row * g.chromaStride
                for x in 0..<(w / 2) {
                    cb[x] = c[2 * x]
                    cr[x] = c[2 * x + 1]
                }
            }
        }
        return layout
    }

    /// Copies whole planes into a planar frame of their size.
    private static func copy(_ p: YCbCrPlanes, into buffer: inout [UInt8], _ layout: FrameLayout) {
        let g = layout.planes
        buffer.withUnsafeMutableBytes { d in
            // The planes are the layout's size (TurboJPEG's, at this scale); the buffer holds the layout.
            let o = d.baseAddress!
            for row in 0..<p.height {
                (o + row * layout.bytesPerRow).copyMemory(from: p.y + row * p.yStride, byteCount: p.width)
            }
            for row in 0..<p.chromaRows {
                (o + g.cbOffset + row * g.chromaStride).copyMemory(
                    from: p.cb + row * p.chromaStride, byteCount: p.width / 2)
                (o + g.crOffset + row * g.chromaStride).copyMemory(
                    from: p.cr + row * p.chromaStride, byteCount: p.width / 2)
            }
        }
    }
}
