import CVDSystem

/// Two kernels one after the other through an 8-bit BGRA frame of its own, e.g. the
/// assist and then the simulation ("assisted-then-simulated": what a dichromat sees of
/// the assisted picture on the screen, which clips and quantises it in between, so the
/// two matrices cannot be multiplied into one).
///
/// The scratch frame is allocated on the first frame and again only when a larger frame
/// comes: nothing is allocated per frame. Thread-safe (concurrent calls take turns).
public final class ChainedKernel: Sendable {
    public let first: FrameKernel
    public let second: FrameKernel
    private let scratch = Locked<[UInt8]>([])

    public init(first: FrameKernel, then second: FrameKernel) {
        self.first = first
        self.second = second
    }

    /// The assist at `strength` for a simulation, then that simulation.
    public convenience init(assisting simulation: Simulation, strength: Double = Assist.defaultStrength) {
        self.init(
            first: FrameKernel(Assist.transform(for: simulation, strength: strength)), then: FrameKernel(simulation))
    }

    /// Bytes held in the scratch frame right now.
    public var scratchBytes: Int { scratch.withLock { $0.count } }

    /// `second(first(source))` into `destination`; arguments as `FrameKernel.apply` (the
    /// strategy and Y′CbCr encoding apply to the first pass, which reads the source).
    public func apply(
        source: UnsafeRawBufferPointer, sourceLayout: FrameLayout,
        destination: UnsafeMutableRawBufferPointer, destinationLayout: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited,
        strategy: FrameKernel.Strategy = .automatic,
        threads: Int = 1
    ) throws(FrameError) {
        try sourceLayout.validate()
        let ml = FrameLayout(format: .bgra, width: sourceLayout.width, height: sourceLayout.height)
        let result = scratch.withLock { (buffer: inout [UInt8]) -> Result<Void, FrameError> in
            if buffer.count < ml.minimumByteCount { buffer = [UInt8](repeating: 0, count: ml.minimumByteCount) }
            return buffer.withUnsafeMutableBytes { middle in
                do throws(FrameError) {
                    try first.apply(
                        source: source, sourceLayout: sourceLayout, destination: middle, destinationLayout: ml,
                        ycbcr: ycbcr, strategy: strategy, threads: threads)
                    try second.apply(
                        source: UnsafeRawBufferPointer(middle), sourceLayout: ml, destination: destination,
                        destinationLayout: destinationLayout, threads: threads)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }
        try result.get()
    }
}
