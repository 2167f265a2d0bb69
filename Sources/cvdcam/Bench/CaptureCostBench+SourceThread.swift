import CVDCapture
import CVDCore
import CVDSystem

extension CaptureCostBench {
    /// What the live view's source thread does with each MJPEG frame, decoded straight into
    /// the buffer it publishes (`FrameDecoder.decode(_:reduction:planar:into:)`): packed
    /// YUYV for the software renderer's CPU kernels, Y′CbCr planes for the GL renderer (the
    /// CPU's whole share of a frame's colour work there, besides the upload).
    func sourceThreadRows(_ jpeg: [UInt8]) -> [Row] {
        let decoder = FrameDecoder(
            format: CaptureFormat(
                fourCC: .mjpeg, width: size.width, height: size.height, bytesPerLine: 0, sizeImage: jpeg.count))
        var buffer: [UInt8] = []
        return reductions.flatMap { r in
            let shownAt = r == 1 ? "" : "shown at 1920×1080 (1/\(r) DCT scale): "
            return [(false, "YUYV (software renderer)"), (true, "planes (GL renderer)")].map { planar, what in
                let result = jpeg.withUnsafeBytes { src in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        _ = try? decoder.decode(src, reduction: r, planar: planar, into: &buffer)
                    }
                }
                return Row(name: "MJPEG \(shownAt)→ \(what), into the frame", result: result)
            }
        }
    }
}
