#if canImport(Glibc)
    import Glibc
#endif

/// A plain mutex with `lock()`/`unlock()` (Foundation's NSLock, which cvdcam no longer
/// links). `Locked` holds the state it guards; this guards calls around state kept
/// elsewhere. A pthread mutex, which Thread Sanitizer understands (see `Locked`).
public final class Lock: @unchecked Sendable {
    // A pthread mutex must not move after init, so it lives in its own allocation, never in
    // a Swift stored property (those may move). @unchecked Sendable: the mutex is the
    // synchronisation; nothing else is stored.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
