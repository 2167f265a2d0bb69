#if canImport(Glibc)
    import Glibc
#endif

/// The C runtime's clocks in seconds, as `Double` (wraps `clock_gettime`). Named for what
/// they count, so they do not hide Swift's own `Clock` protocol.
public enum SystemClock {
    /// Monotonic seconds (`CLOCK_MONOTONIC`): for intervals, deadlines and frame timestamps.
    public static var monotonic: Double { read(CLOCK_MONOTONIC) }
    /// CPU seconds the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
    public static var threadCPU: Double { read(CLOCK_THREAD_CPUTIME_ID) }
    /// CPU seconds the whole process has used, all threads (`CLOCK_PROCESS_CPUTIME_ID`).
    public static var processCPU: Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
