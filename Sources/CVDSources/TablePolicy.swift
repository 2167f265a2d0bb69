/// Whether a Y′CbCr table (64 MiB, `FrameKernel.ycbcrTableBytes`) pays for itself in the
/// live view: only when computing the picture takes a real share of the frame period.
///
/// A table saves about half the kernel's time, but at 1080p30 the compute path takes
/// 2.5 ms (AVX-512) to 4–7 ms (AVX2, by mode) of a 33 ms frame period: 64 MiB of memory
/// to save a few milliseconds there is the wrong trade on a classroom laptop. At 2160p, at 60 fps, or on a slow
/// CPU the share grows and the table is worth its memory. The policy watches the kernel
/// time of the frames it is told about (while they are computed) and the time between
/// frames; once computing has averaged more than `share` of the frame period over
/// `samples` frames twice in a row (one slow stretch, a page fault storm or a busy
/// moment of the machine, is not enough), tables pay, and keep paying for the rest of
/// the run. A still picture (no second frame) never gets a table: it is simulated once
/// per change. `--always-tables` makes them pay from the start.
public struct TablePolicy: Sendable {
    /// The share of the frame period above which the compute path costs too much.
    public let share: Double
    /// How many computed frames are averaged before deciding.
    public let samples: Int

    public private(set) var pays: Bool
    private var computeSum = 0.0, periodSum = 0.0, counted = 0
    /// Windows of `samples` frames over the share, in a row.
    private var slowWindows = 0
    private var lastTimestamp: Double?

    public init(share: Double = 1.0 / 3, samples: Int = 15, always: Bool = false) {
        self.share = share
        self.samples = max(1, samples)
        pays = always
    }

    /// A frame with timestamp `timestamp` (seconds, the source's clock) took `seconds` of
    /// kernel work, all of it on the compute path (the frames drawn from a table tell
    /// nothing about computing and are not counted).
    public mutating func computed(_ seconds: Double, frameTimestamp timestamp: Double) {
        defer { lastTimestamp = timestamp }
        guard !pays, let last = lastTimestamp else { return }
        let period = timestamp - last
        // A repeated frame (a redraw of the same picture) or a jump (a source restarted,
        // a pause) says nothing about the frame rate.
        guard period > 0, period < 1 else { return }
        computeSum += seconds
        periodSum += period
        counted += 1
        guard counted >= samples else { return }
        slowWindows = computeSum > share * periodSum ? slowWindows + 1 : 0
        if slowWindows >= 2 { pays = true }
        (computeSum, periodSum, counted) = (0, 0, 0)
    }
}
