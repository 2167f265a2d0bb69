import CVDKernelInterface

/// Rearranges camera formats the colour kernel does not read directly into ones it does,
/// byte for byte (no colour maths, so nothing is lost). CVDCapture's decoders call these.
///
/// Each function reads and writes through raw pointers; callers pass buffers at least as
/// large as the layouts stated (checked in CVDCapture's `FrameDecoder` and `JPEGDecoder`),
/// so every access is in bounds.
enum Repack {
    /// Planes → packed YUYV. Each chroma row serves the `chromaRows` luma rows it covers,
    /// as in the source.
    static func planesToYUYV(_ f: PlanarFrame, to out: UnsafeMutablePointer<UInt8>, outStride: Int) {
        let pairs = f.width / 2
        for row in 0..<f.height {
            let ys = f.y + row * f.yStride
            let c = (row / f.chromaRows) * f.chromaStride
            let us = f.cb + c
            let vs = f.cr + c
            // One 32-bit store per pair (Y0 Cb Y1 Cr, little-endian); the output rows are
            // at least `width × 2` bytes, and unaligned stores are fine on x86-64 and ARM64.
            let o = UnsafeMutableRawPointer(out + row * outStride)
            // A constant chroma step lets the compiler vectorise the loop (2× faster than a variable one).
            if f.chromaStep == 1 {
                pack(ys, us, vs, step: 1, pairs: pairs, o)
            } else {
                pack(ys, us, vs, step: 2, pairs: pairs, o)
            }
        }
    }

    @inline(__always)
    private static func pack(
        _ ys: UnsafePointer<UInt8>, _ us: UnsafePointer<UInt8>, _ vs: UnsafePointer<UInt8>,
        step: Int, pairs: Int, _ o: UnsafeMutableRawPointer
    ) {
        for i in 0..<pairs {
            let word =
                UInt32(ys[2 * i]) | UInt32(us[i * step]) << 8 | UInt32(ys[2 * i + 1]) << 16 | UInt32(vs[i * step]) << 24
            o.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self)
        }
    }

    /// 8-bit grey → RGB24 (R = G = B).
    static func greyToRGB(
        _ src: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
        to out: UnsafeMutablePointer<UInt8>, outStride: Int
    ) {
        for row in 0..<height {
            let s = src + row * stride
            let o = out + row * outStride
            for x in 0..<width {
                let v = s[x]
                o[3 * x] = v
                o[3 * x + 1] = v
                o[3 * x + 2] = v
            }
        }
    }
}
