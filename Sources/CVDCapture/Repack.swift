/// Rearranges camera formats the colour kernel does not read directly into ones it does,
/// byte for byte (no colour maths, so nothing is lost).
///
/// Each function reads and writes through raw pointers; callers pass buffers at least as
/// large as the layouts stated (checked in `FrameDecoder`), so every access is in bounds.
enum Repack {
    /// 4:2:0 planes (Y, then Cb and Cr at half width and half height, as NV12's
    /// interleaved CbCr plane or JPEG's separate planes) → packed YUYV. Each chroma row
    /// serves the two luma rows it covers, as in the source.
    ///
    /// - Parameters:
    ///   - cb, cr: first Cb and Cr sample; `chromaStep` bytes between neighbours (2 for
    ///     NV12's interleaved plane, 1 for separate planes); `chromaRows`: 1 for 4:2:2
    ///     (a chroma row per luma row), 2 for 4:2:0.
    static func planesToYUYV(y: UnsafePointer<UInt8>, yStride: Int,
                             cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, chromaStride: Int, chromaStep: Int,
                             chromaRows: Int,
                             width: Int, height: Int, to out: UnsafeMutablePointer<UInt8>, outStride: Int) {
        let pairs = width / 2
        for row in 0..<height {
            let ys = y + row * yStride
            let c = (row / chromaRows) * chromaStride
            let us = cb + c, vs = cr + c
            // One 32-bit store per pair (Y0 Cb Y1 Cr, little-endian); the output rows are
            // at least `width × 2` bytes, and unaligned stores are fine on x86-64 and ARM64.
            let o = UnsafeMutableRawPointer(out + row * outStride)
            // A constant chroma step lets the compiler vectorise the loop (2× faster than a variable one).
            if chromaStep == 1 {
                pack(ys, us, vs, step: 1, pairs: pairs, o)
            } else {
                pack(ys, us, vs, step: 2, pairs: pairs, o)
            }
        }
    }

    @inline(__always)
    private static func pack(_ ys: UnsafePointer<UInt8>, _ us: UnsafePointer<UInt8>, _ vs: UnsafePointer<UInt8>,
                             step: Int, pairs: Int, _ o: UnsafeMutableRawPointer) {
        for i in 0..<pairs {
            let word = UInt32(ys[2 * i]) | UInt32(us[i * step]) << 8 | UInt32(ys[2 * i + 1]) << 16 | UInt32(vs[i * step]) << 24
            o.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self)
        }
    }

    /// 8-bit grey → RGB24 (R = G = B).
    static func greyToRGB(_ src: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
                          to out: UnsafeMutablePointer<UInt8>, outStride: Int) {
        for row in 0..<height {
            let s = src + row * stride, o = out + row * outStride
            for x in 0..<width {
                let v = s[x]
                o[3 * x] = v
                o[3 * x + 1] = v
                o[3 * x + 2] = v
            }
        }
    }
}
