import CVDCore
import Glibc

/// What the 2×2 layout adds before its four kernels: the frame reduced by 2
/// (`FrameReducer`, box filter) once per frame. The camera-like YUYV frame, one thread,
/// against copying the same frame (`memcpy`) in the same run.
enum ReducerBench {
    static func measure(size: FrameSize, seconds: Double, frames: Int?) -> (
        reduce: Stopwatch.Result, copy: Stopwatch.Result
    ) {
        let (src, sl) = SyntheticFrames.camera(width: size.width, height: size.height).ycbcr(.yuyv)
        let dl = FrameReducer.layout(of: sl, factor: 2)
        var out = [UInt8](repeating: 0, count: dl.minimumByteCount)
        var copy = [UInt8](repeating: 0, count: src.count)
        return src.withUnsafeBytes { s in
            let reduce = out.withUnsafeMutableBytes { d in
                Stopwatch.measure(seconds: seconds, exactRuns: frames, threadCPU: true) {
                    // The reducer's own layout for this frame, in a buffer that large: cannot fail.
                    try? FrameReducer.reduce(s, sl, factor: 2, into: d, dl)
                }
            }
            let copied = copy.withUnsafeMutableBytes { d in
                Stopwatch.measure(seconds: min(seconds, 0.2), minRuns: 3, threadCPU: true) {
                    // Both buffers hold `src.count` bytes.
                    _ = memcpy(d.baseAddress!, s.baseAddress!, s.count)
                }
            }
            return (reduce, copied)
        }
    }
}
