#if canImport(Glibc)
import Glibc
#endif

/// Scheduling priority for work that must never slow the live picture down.
public enum BackgroundPriority {
    /// Lowers the calling thread's priority to the lowest (nice 19). Wraps
    /// `setpriority(PRIO_PROCESS, 0, 19)`: on Linux the nice value belongs to each thread,
    /// so only the caller is affected. On a one-core machine (or a VM) a table being built
    /// in the background then takes only the time the view leaves idle.
    /// Failure is harmless (the work just runs at normal priority) and is ignored.
    public static func enterForCurrentThread() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
