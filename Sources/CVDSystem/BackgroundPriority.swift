#if canImport(Glibc)
    import Glibc
#endif

/// Scheduling priority for work that must never slow the live picture down.
public enum BackgroundPriority {
    /// Puts the calling thread in Linux's SCHED_IDLE class (wraps
    /// `sched_setscheduler(0, SCHED_IDLE, …)`, which on Linux applies to the calling thread
    /// only): it then runs only when no ordinary thread wants the CPU, so a table built in
    /// the background takes only the time the view (and the X server drawing it) leave
    /// idle. Where that is refused, the lowest nice value (19) instead. Failure is harmless
    /// (the work just runs at normal priority) and is ignored.
    public static func enterForCurrentThread() {
        #if canImport(Glibc)
            var param = sched_param(sched_priority: 0)
            // SCHED_IDLE is 5 on Linux; Glibc's module declares it only under _GNU_SOURCE.
            if sched_setscheduler(0, 5, &param) != 0 {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            }
        #endif
    }
}
