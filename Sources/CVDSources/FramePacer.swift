import CVDSystem
import Glibc

/// Keeps a source's loop to its frame period: `wait()` sleeps until the next period begins.
/// A loop that fell behind (a slow read, a stall) starts afresh from now rather than running
/// a burst of frames to catch up.
public struct FramePacer: Sendable {
    private let period: Double
    private var next: Double

    /// `period` in seconds (`FrameRate.period`); the first period begins now.
    public init(period: Double) {
        self.period = period
        next = SystemClock.monotonic
    }

    /// Sleeps until the next period begins (not at all when it already has).
    public mutating func wait() {
        next += period
        let left = next - SystemClock.monotonic
        if left > 0 { usleep(useconds_t(left * 1_000_000)) } else { next = SystemClock.monotonic }
    }
}
