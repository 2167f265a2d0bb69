import CVDCore

/// The four source frames of one size, and a destination, reused for every measurement.
final class BenchFrames {
    enum Input: String, CaseIterable { case yuyv, rgba }
    enum Content: String, CaseIterable { case camera, noise }

    let size: FrameSize
    private var sources: [String: ([UInt8], FrameLayout)] = [:]
    private var destination: [UInt8]

    init(size: FrameSize) {
        self.size = size
        let camera = SyntheticFrames.camera(width: size.width, height: size.height)
        let yuyv = camera.ycbcr(.yuyv)
        let rgbaLayout = FrameLayout(format: .rgba, width: size.width, height: size.height)
        sources["yuyv-camera"] = yuyv
        sources["rgba-camera"] = (camera.pixels, rgbaLayout)
        sources["yuyv-noise"] = (SyntheticFrames.noise(byteCount: yuyv.layout.minimumByteCount), yuyv.layout)
        sources["rgba-noise"] = (SyntheticFrames.noise(byteCount: rgbaLayout.minimumByteCount), rgbaLayout)
        destination = [UInt8](repeating: 0, count: size.width * size.height * 4)
    }

    func source(_ input: Input, _ content: Content) -> ([UInt8], FrameLayout) {
        sources["\(input.rawValue)-\(content.rawValue)"]!
    }

    /// YUYV goes to BGRA (display), RGBA to RGBA.
    private func destinationLayout(_ input: Input) -> FrameLayout {
        FrameLayout(format: input == .yuyv ? .bgra : .rgba, width: size.width, height: size.height)
    }

    func measure(
        _ kernel: FrameKernel, _ input: Input, _ content: Content, threads: Int,
        strategy: FrameKernel.Strategy, seconds: Double, frames: Int? = nil
    ) -> Stopwatch.Result {
        let (src, sl) = source(input, content)
        let dl = destinationLayout(input)
        return src.withUnsafeBytes { s in
            destination.withUnsafeMutableBytes { d in
                Stopwatch.measure(seconds: seconds, exactRuns: frames, threadCPU: threads == 1) {
                    // Layouts are built here from the same size: apply cannot fail.
                    try? kernel.apply(
                        source: s, sourceLayout: sl, destination: d, destinationLayout: dl, strategy: strategy,
                        threads: threads)
                }
            }
        }
    }

    /// The confusion map's marking on the camera-like frame, into the destination (which
    /// stands for the simulated picture: its contents do not change the work).
    func measureConfusion(_ map: ConfusionMap, _ input: Input, seconds: Double, frames: Int? = nil) -> Stopwatch.Result
    {
        let (src, sl) = source(input, .camera)
        let dl = FrameLayout(format: .bgra, width: size.width, height: size.height)
        var phase = 0
        return src.withUnsafeBytes { s in
            destination.withUnsafeMutableBytes { d in
                Stopwatch.measure(seconds: seconds, exactRuns: frames, threadCPU: true) {
                    phase += 1
                    // Layouts are built here from the same size: mark cannot fail.
                    _ = try? map.mark(source: s, sl, destination: d, dl, phase: phase)
                }
            }
        }
    }

    func measureBaseline(_ baseline: BaselineKernel, _ input: Input, seconds: Double) -> Stopwatch.Result {
        let (src, _) = source(input, .camera)
        var dst = destination
        return Stopwatch.measure(seconds: seconds, minRuns: 2, threadCPU: true) {
            if input == .yuyv { baseline.yuyv(src, &dst) } else { baseline.rgba(src, &dst) }
        }
    }
}
