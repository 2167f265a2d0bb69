import CSDL2
import CVDSystem

/// Wakes the view's loop from a source's thread when a frame or a status comes
/// (`LatestFrame.onNews`): an SDL event of cvdcam's own type, pushed at most once until the
/// loop has seen it, so the loop can sleep between frames instead of looking every few
/// milliseconds. Without the event type (SDL has none left), nothing is pushed and the loop
/// finds frames at its next timeout.
final class LoopWake: Sendable {
    /// The event type, or nil.
    let type: UInt32?
    private let pending = Locked(false)

    init() {
        let t = SDL_RegisterEvents(1)
        type = t == UInt32.max ? nil : t
    }

    /// Called on any thread: one event on the loop's queue, unless one is there already.
    func post() {
        guard let type,
            pending.withLock({ p in
                defer { p = true }
                return !p
            })
        else { return }
        var e = SDL_Event()
        e.type = type
        // SDL_PushEvent is thread-safe and wakes SDL_WaitEventTimeout. Refused (a full
        // queue), the next post tries again.
        if SDL_PushEvent(&e) != 1 { pending.withLock { $0 = false } }
    }

    /// Whether `event` is the wake; if so the next news pushes another.
    func taken(_ event: SDL_Event) -> Bool {
        guard let type, event.type == type else { return false }
        pending.withLock { $0 = false }
        return true
    }
}
