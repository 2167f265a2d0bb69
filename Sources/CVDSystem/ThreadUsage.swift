#if canImport(Glibc)
    import Glibc
#endif

/// What the calling thread has used so far (wraps `getrusage(RUSAGE_THREAD)` and reads
/// /proc/thread-self/schedstat): its CPU time, how often the scheduler took the CPU away
/// from it while it could still run (involuntary context switches), and how long it
/// waited, ready to run, for a CPU (the scheduler's run delay). Compared across an
/// interval, they tell a slow piece of work from a thread that was kept waiting (by other
/// processes, or a busy host).
public struct ThreadUsage: Sendable {
    /// User + system CPU seconds.
    public let cpuSeconds: Double
    /// Involuntary context switches (`ru_nivcsw`).
    public let preemptions: Int
    /// Seconds spent ready to run but waiting for a CPU (schedstat's second field; 0
    /// where the kernel does not keep it).
    public let waitedSeconds: Double
    /// Of `cpuSeconds`, the time spent in the kernel on the thread's behalf (page faults, system calls).
    public let systemSeconds: Double
    /// Page faults served without I/O (`ru_minflt`): first touches of fresh memory, pages
    /// being moved or merged by the kernel.
    public let minorFaults: Int

    /// The calling thread's usage now; zeros where `getrusage` is unavailable.
    public static var current: ThreadUsage {
        #if canImport(Glibc)
            var u = rusage()
            // RUSAGE_THREAD (1 on Linux; glibc declares it only under _GNU_SOURCE, which Swift's
            // Glibc module does not set): the calling thread only. Fails only for a bad `who`.
            if getrusage(__rusage_who_t(1), &u) == 0 {
                let s =
                    Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec)
                    / 1e6
                let sys = Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
                return ThreadUsage(
                    cpuSeconds: s, preemptions: Int(u.ru_nivcsw), waitedSeconds: runDelay(),
                    systemSeconds: sys, minorFaults: Int(u.ru_minflt))
            }
        #endif
        return ThreadUsage(cpuSeconds: 0, preemptions: 0, waitedSeconds: 0)
    }

    /// The usage between `earlier` and this one.
    public func since(_ earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(
            cpuSeconds: cpuSeconds - earlier.cpuSeconds, preemptions: preemptions - earlier.preemptions,
            waitedSeconds: waitedSeconds - earlier.waitedSeconds, systemSeconds: systemSeconds - earlier.systemSeconds,
            minorFaults: minorFaults - earlier.minorFaults)
    }

    public init(
        cpuSeconds: Double, preemptions: Int, waitedSeconds: Double, systemSeconds: Double = 0, minorFaults: Int = 0
    ) {
        self.cpuSeconds = cpuSeconds
        self.preemptions = preemptions
        self.waitedSeconds = waitedSeconds
        self.systemSeconds = systemSeconds
        self.minorFaults = minorFaults
    }

    /// /proc/thread-self/schedstat holds "run-time run-delay timeslices" in nanoseconds.
    private static func runDelay() -> Double {
        #if canImport(Glibc)
            let fd = open("/proc/thread-self/schedstat", O_RDONLY)
            guard fd >= 0 else { return 0 }
            defer { close(fd) }
            var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            return withUnsafeMutableBytes(of: &buffer) { raw -> Double in
                let n = read(fd, raw.baseAddress, raw.count)
                guard n > 0 else { return 0 }
                let fields = raw.prefix(n).split(separator: UInt8(ascii: " "))
                guard fields.count >= 2 else { return 0 }
                var ns: UInt64 = 0
                for d in fields[1] where d >= 48 && d <= 57 { ns = ns &* 10 &+ UInt64(d - 48) }
                return Double(ns) / 1e9
            }
        #else
            return 0
        #endif
    }
}
