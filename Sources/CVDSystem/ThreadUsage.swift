#if canImport(Glibc)
import Glibc
#endif

/// What the calling thread has used so far (wraps `getrusage(RUSAGE_THREAD)`): its CPU
/// time and how often the scheduler took the CPU away from it while it could still run
/// (involuntary context switches). Compared across an interval, they tell a slow piece
/// of work from a thread that was kept waiting (by other processes, or a busy host).
public struct ThreadUsage: Sendable {
    /// User + system CPU seconds.
    public let cpuSeconds: Double
    /// Involuntary context switches (`ru_nivcsw`).
    public let preemptions: Int

    /// The calling thread's usage now; zeros where `getrusage` is unavailable.
    public static var current: ThreadUsage {
        #if canImport(Glibc)
        var u = rusage()
        // RUSAGE_THREAD (1 on Linux; glibc declares it only under _GNU_SOURCE, which Swift's
        // Glibc module does not set): the calling thread only. Fails only for a bad `who`.
        if getrusage(__rusage_who_t(1), &u) == 0 {
            let s = Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
            return ThreadUsage(cpuSeconds: s, preemptions: Int(u.ru_nivcsw))
        }
        #endif
        return ThreadUsage(cpuSeconds: 0, preemptions: 0)
    }

    /// The usage between `earlier` and this one.
    public func since(_ earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(cpuSeconds: cpuSeconds - earlier.cpuSeconds, preemptions: preemptions - earlier.preemptions)
    }

    public init(cpuSeconds: Double, preemptions: Int) {
        self.cpuSeconds = cpuSeconds
        self.preemptions = preemptions
    }
}
