import CVDCore

/// The Y′CbCr encoder's cost (what the virtual camera adds per frame): the camera-like
/// picture as BGRA → YUYV, BT.601 limited, one thread, against a plain scalar float64
/// encoder of the same maths measured in the same run.
enum EncoderBench {
    static func measure(size: FrameSize, seconds: Double, frames: Int?) -> (
        cvdcam: Stopwatch.Result, baseline: Stopwatch.Result
    ) {
        let camera = SyntheticFrames.camera(width: size.width, height: size.height)
        // The camera picture as BGRA, the layout the relay encodes from.
        var bgra = camera.pixels
        for i in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(i, i + 2) }
        let sl = FrameLayout(format: .bgra, width: size.width, height: size.height)
        let dl = FrameLayout(format: .yuyv, width: size.width, height: size.height)
        var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
        let ours = bgra.withUnsafeBytes { s in
            out.withUnsafeMutableBytes { d in
                Stopwatch.measure(seconds: seconds, exactRuns: frames, threadCPU: true) {
                    // Same size on both sides, even width (validated by the command): cannot fail.
                    try? YCbCrEncoder.encode(source: s, sl, destination: d, dl)
                }
            }
        }
        let baseline = Stopwatch.measure(seconds: min(seconds, 0.2), minRuns: 2, threadCPU: true) {
            scalarEncode(bgra, into: &out)
        }
        return (ours, baseline)
    }

    /// BGRA → YUYV per pair in double precision with `rounded()` and clamps: the plain way.
    private static func scalarEncode(_ src: [UInt8], into dst: inout [UInt8]) {
        func q(_ x: Double) -> UInt8 { UInt8(min(max(x.rounded(), 0), 255)) }
        for p in stride(from: 0, to: src.count / 8, by: 1) {
            let i = p * 8
            var y = [Double](repeating: 0, count: 2)
            var cb = 0.0
            var cr = 0.0
            for k in 0..<2 {
                let b = Double(src[i + 4 * k]) / 255
                let g = Double(src[i + 4 * k + 1]) / 255
                let r = Double(src[i + 4 * k + 2]) / 255
                let l = 0.299 * r + 0.587 * g + 0.114 * b
                y[k] = 16 + 219 * l
                cb += 128 + 224 * (b - l) / 1.772
                cr += 128 + 224 * (r - l) / 1.402
            }
            dst[p * 4] = q(y[0])
            dst[p * 4 + 1] = q(cb / 2)
            dst[p * 4 + 2] = q(y[1])
            dst[p * 4 + 3] = q(cr / 2)
        }
    }
}
