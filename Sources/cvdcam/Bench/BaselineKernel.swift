import CVDCore
import FoundationEssentials
import Glibc

/// The plain way to do the same maths: `pow` per channel per pixel, a matrix, clip,
/// `pow` back, round — no tables. The benchmark's yardstick for the real kernel.
struct BaselineKernel {
    let transform: ColourTransform

    private func decode(_ v: Float) -> Float {
        let x = min(max(v, 0), 255) / 255
        guard transform.isLinearLight else { return x }
        return x < 0.04045 ? x / 12.92 : powf((x + 0.055) / 1.055, 2.4)
    }

    private func encode(_ l: Float) -> UInt8 {
        let c = min(max(l, 0), 1)
        let s = !transform.isLinearLight ? c : (c < 0.0031308 ? 12.92 * c : 1.055 * powf(c, 1 / 2.4) - 0.055)
        return UInt8(floorf(255 * s + 0.5))
    }

    private func pixel(_ r: Float, _ g: Float, _ b: Float) -> (UInt8, UInt8, UInt8) {
        let l = (Double(decode(r)), Double(decode(g)), Double(decode(b)))
        let o: (Double, Double, Double)
        switch transform {
        case .linear(let m), .gammaSpace(let m): o = m.apply(l)
        case .halfPlanes(let t1, let t2, let n):
            o = (l.0 * n.0 + l.1 * n.1 + l.2 * n.2 < 0 ? t2 : t1).apply(l)
        }
        return (encode(Float(o.0)), encode(Float(o.1)), encode(Float(o.2)))
    }

    /// RGBA → RGBA (alpha copied).
    func rgba(_ src: [UInt8], _ dst: inout [UInt8]) {
        for i in stride(from: 0, to: src.count, by: 4) {
            let o = pixel(Float(src[i]), Float(src[i + 1]), Float(src[i + 2]))
            dst[i] = o.0
            dst[i + 1] = o.1
            dst[i + 2] = o.2
            dst[i + 3] = src[i + 3]
        }
    }

    /// YUYV (BT.601 limited) → BGRA, decoding Y′CbCr in floating point.
    func yuyv(_ src: [UInt8], _ dst: inout [UInt8]) {
        for p in stride(from: 0, to: src.count, by: 4) {
            let cb = Float(src[p + 1]) - 128
            let cr = Float(src[p + 3]) - 128
            for k in 0..<2 {
                let y = 1.164384 * (Float(src[p + 2 * k]) - 16)
                let o = pixel(
                    (y + 1.596027 * cr).rounded(), (y - 0.391762 * cb - 0.812968 * cr).rounded(),
                    (y + 2.017232 * cb).rounded())
                let d = p * 2 + 4 * k
                dst[d] = o.2
                dst[d + 1] = o.1
                dst[d + 2] = o.0
                dst[d + 3] = 255
            }
        }
    }
}
