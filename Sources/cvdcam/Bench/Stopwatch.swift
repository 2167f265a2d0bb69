import Foundation

/// Wall-clock and CPU time of repeated runs.
enum Stopwatch {
    struct Result {
        /// Median wall time per run.
        var msPerRun: Double
        /// CPU time per run (this thread for one thread; the whole process otherwise).
        var cpuMsPerRun: Double
        var runs: Int
    }

    /// Runs `body` once to warm up, then repeatedly until `seconds` have passed
    /// (at least `minRuns` times); returns the median.
    /// With `exactRuns`, runs exactly that many times instead (for allocation counting:
    /// nothing here allocates per run once `times` has its capacity).
    static func measure(seconds: Double, minRuns: Int = 3, exactRuns: Int? = nil, threadCPU: Bool, _ body: () -> Void) -> Result {
        body()
        var times: [Double] = []
        times.reserveCapacity(exactRuns ?? 4096)
        let clock = threadCPU ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID
        let cpu0 = now(clock)
        let start = now(CLOCK_MONOTONIC)
        repeat {
            let t0 = now(CLOCK_MONOTONIC)
            body()
            times.append(now(CLOCK_MONOTONIC) - t0)
        } while exactRuns.map { times.count < $0 } ?? (times.count < minRuns || now(CLOCK_MONOTONIC) - start < seconds)
        let cpu = now(clock) - cpu0
        times.sort()
        return Result(msPerRun: times[times.count / 2] * 1000, cpuMsPerRun: cpu / Double(times.count) * 1000, runs: times.count)
    }

    static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
