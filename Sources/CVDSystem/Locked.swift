/// A value that threads share, reached only with a lock held: `withLock { $0 … }`, the
/// shape of `Synchronization.Mutex`, over a pthread mutex (`Lock`).
///
/// Why not `Mutex` itself: on Linux its contended path is a `FUTEX_LOCK_PI` system call in
/// the uninstrumented Synchronization library, where the kernel hands the lock over. Thread
/// Sanitizer never sees that hand-over, so every contended `withLock` looked like a race to
/// it (`scripts/tsan` failed now and then, only under load). pthread mutexes are what TSan
/// intercepts, so its reports stay about cvdcam's code.
///
/// As with `Mutex`, the value comes in and goes out `sending`: the compiler checks that no
/// other reference to a non-Sendable value stays outside the lock.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only with `lock` held, and
    // it can only come in or go out disconnected from the caller (`sending`).
    private let lock = Lock()
    private var value: Value

    public init(_ value: sending Value) { self.value = value }

    /// Runs `body` on the value with the lock held; what it returns is returned.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
