import Glibc

/// How many files the process may have open at once (`ulimit -n`, RLIMIT_NOFILE). cvdcam
/// needs a few at the same time — a picture being read, its output's temporary file, a pipe
/// that catches a C library's error text, the X connection, the GL driver's, the camera —
/// about 16 at the most in a live view with OpenGL and a camera. Below that, calls fail
/// deep inside (pipes, threads, the Swift runtime) with "Too many open files" on every
/// write, or a crash with no word at all. So the limit is checked first thing: a soft
/// limit below `minimum` is raised as far as the hard limit allows; a hard limit below it
/// is one line, before anything starts.
public enum DescriptorLimit {
    /// What cvdcam asks for: twice what a live view was measured to use.
    public static let minimum = 32

    /// nil when at least `minimum` files may be open (the soft limit raised if needed);
    /// else the line that says so and what to do.
    public static func ensure(minimum: Int = minimum) -> String? {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(minimum) else { return nil }
        if limit.rlim_max >= rlim_t(minimum) {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 256)
            if setrlimit(resource, &raised) == 0 { return nil }
        }
        let allowed = Int(limit.rlim_max >= rlim_t(minimum) ? limit.rlim_cur : limit.rlim_max)
        return "only \(allowed) files may be open at once (ulimit -n \(allowed)); cvdcam needs at least \(minimum): "
            + "raise the limit (ulimit -n 1024) and start again"
    }
}
