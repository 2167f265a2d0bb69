import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// SIGINT (Ctrl+C) and SIGTERM as a flag a loop polls, so it can stop cleanly (close the
/// device, print its figures) instead of the process dying mid-write. Keep it alive for
/// as long as the loop runs.
final class StopSignal {
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    private let flag = Flag()
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        let flag = flag
        sources = signals.map { sig in
            // The default action would end the process at once; ignored, the signal still
            // reaches the dispatch source, which sets the flag outside any signal handler.
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { flag.raised.store(true, ordering: .releasing) }
            s.resume()
            return s
        }
    }

    var isRaised: Bool { flag.raised.load(ordering: .acquiring) }
}
