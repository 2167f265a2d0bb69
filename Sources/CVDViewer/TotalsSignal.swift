import CVDSystem
import Dispatch
import Glibc

/// SIGUSR1 as a request for the figures so far (as `dd` does): the live view prints its
/// totals line, prefixed `so far:`, and goes on — for scripts that measure a stretch of a
/// run (`scripts/measure-view`). The signal reaches a dispatch source, outside any signal
/// handler; the view's loop polls the flag.
final class TotalsSignal {
    private let raised = Locked(false)
    private let source: any DispatchSourceSignal

    init() {
        // Ignored, the signal no longer ends the process (its default) and still reaches the source.
        signal(SIGUSR1, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        let raised = raised
        source.setEventHandler { raised.withLock { $0 = true } }
        source.resume()
    }

    /// Whether the signal came since the last time this was asked.
    func take() -> Bool {
        raised.withLock { r in
            defer { r = false }
            return r
        }
    }
}
