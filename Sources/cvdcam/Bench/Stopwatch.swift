import CVDSystem

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
    static func measure(seconds: Double, minRuns: Int = 3, exactRuns: Int? = nil, threadCPU: Bool, _ body: () -> Void)
        -> Result
    {
        body()
        var times: [Double] = []
        times.reserveCapacity(exactRuns ?? 4096)
        func cpuNow() -> Double { threadCPU ? SystemClock.threadCPU : SystemClock.processCPU }
        let cpu0 = cpuNow()
        let start = SystemClock.monotonic
        repeat {
            let t0 = SystemClock.monotonic
            body()
            times.append(SystemClock.monotonic - t0)
        } while exactRuns.map { times.count < $0 } ?? (times.count < minRuns || SystemClock.monotonic - start < seconds)
        let cpu = cpuNow() - cpu0
        times.sort()
        return Result(
            msPerRun: times[times.count / 2] * 1000, cpuMsPerRun: cpu / Double(times.count) * 1000, runs: times.count)
    }
}
