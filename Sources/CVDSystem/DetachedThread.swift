#if canImport(Glibc)
    import Glibc
#endif

/// Starts a named, detached POSIX thread (what Foundation's `Thread` did; cvdcam does not
/// link Foundation). Completion is the body's business (a semaphore, a group).
public enum DetachedThread {
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        // The job is retained here and released by the new thread once, so it outlives
        // this call however the scheduler orders the two threads.
        let context = Unmanaged.passRetained(ThreadJob(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, threadEntry, context)
        // Only a process out of threads or memory gets here; nothing sensible can go on.
        guard status == 0 else { fatalError("cannot start the \(name) thread: \(String(cString: strerror(status)))") }
        pthread_detach(thread)
    }

    /// Names the calling thread (as `top -H` and debuggers show it) through
    /// /proc/thread-self/comm: Glibc's module does not import pthread_setname_np. Linux
    /// keeps 15 bytes; the name is cut there. Failing to name a thread is harmless.
    static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

private final class ThreadJob: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// The new thread's C entry point: takes back the job `start` retained and runs it.
private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let job = Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue()
    DetachedThread.nameCurrentThread(job.name)
    job.body()
    return nil
}
