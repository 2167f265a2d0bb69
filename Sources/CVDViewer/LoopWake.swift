import CSDL2
import CVDSystem
import Glibc

/// Wakes the view's loop from a source's thread when a frame or a status comes
/// (`LatestFrame.onNews`), so the loop can sleep between frames instead of looking every
/// few milliseconds.
///
/// On X11 the loop sleeps in poll(2) on the X connection and a pipe of its own, and a post
/// is one byte into the pipe: a wake costs no trip through the X server and no second
/// pump of SDL's events (SDL_WaitEventTimeout wakes through an X event sent to the window,
/// then pumps again). Elsewhere (Wayland, KMS/DRM) a post is an SDL event of cvdcam's own
/// type, pushed at most once until the loop has seen it, which wakes SDL_WaitEventTimeout;
/// without the event type (SDL has none left) nothing is pushed and the loop finds frames
/// at its next timeout.
final class LoopWake: Sendable {
    /// How a post reaches the loop.
    private enum Channel {
        /// The pipe's ends (non-blocking) and the X connection polled beside it.
        case pipe(read: Int32, write: Int32, display: Int32)
        /// An SDL event of this type.
        case event(UInt32)
        case none
    }

    /// What ended a wait.
    enum Waited {
        /// An event of SDL's queue, in the event passed in (the queue was pumped).
        case event
        /// A post: SDL's queue is as the last pump left it.
        case woken
        /// The time ran out, or a signal came: the next look pumps first.
        case other
    }

    private let channel: Channel
    private let pending = Locked(false)

    /// `display`: the X connection's descriptor (`cvd_x11_window_connection`), or -1 when
    /// the window is not on X11.
    init(display: Int32) {
        var ends: [Int32] = [-1, -1]
        if display >= 0, pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            channel = .pipe(read: ends[0], write: ends[1], display: display)
            return
        }
        let t = SDL_RegisterEvents(1)
        channel = t == UInt32.max ? .none : .event(t)
    }

    deinit {
        if case .pipe(let r, let w, _) = channel { _ = (close(r), close(w)) }
    }

    /// Called on any thread: wakes the loop, unless a wake is on its way already.
    func post() {
        guard
            pending.withLock({ p in
                defer { p = true }
                return !p
            })
        else { return }
        switch channel {
        case .pipe(_, let w, _):
            // A full pipe (it cannot be: one byte until the loop reads it) would wake the loop too.
            var byte: UInt8 = 1
            _ = write(w, &byte, 1)
        case .event(let type):
            var e = SDL_Event()
            e.type = type
            // SDL_PushEvent is thread-safe and wakes SDL_WaitEventTimeout. Refused (a full
            // queue), the next post tries again.
            if SDL_PushEvent(&e) != 1 { pending.withLock { $0 = false } }
        case .none:
            pending.withLock { $0 = false }
        }
    }

    /// Whether `event` is the wake (SDL's event); if so the next news wakes again.
    func taken(_ event: SDL_Event) -> Bool {
        guard case .event(let type) = channel, event.type == type else { return false }
        pending.withLock { $0 = false }
        return true
    }

    /// Pumps SDL's events and sleeps until one comes, a post, or `milliseconds` pass.
    @MainActor
    func wait(_ event: inout SDL_Event, milliseconds: Int32) -> Waited {
        guard case .pipe(let r, _, let display) = channel else {
            guard SDL_WaitEventTimeout(&event, milliseconds) != 0 else { return .other }
            return taken(event) ? .woken : .event
        }
        let deadline = SystemClock.monotonic + Double(milliseconds) / 1000
        while true {
            SDL_PumpEvents()
            if SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1 {
                return .event
            }
            // Nothing was asked of the X server since the pump, so whatever it sends from
            // now on makes the connection readable (no event waits unread in Xlib's queue).
            let left = Int32(max(0, (deadline - SystemClock.monotonic) * 1000).rounded(.up))
            var fds = (
                pollfd(fd: r, events: Int16(POLLIN), revents: 0), pollfd(fd: display, events: Int16(POLLIN), revents: 0)
            )
            // Safe: a tuple of two pollfd is laid out as an array of two, the count passed.
            let ready = withUnsafeMutableBytes(of: &fds) {
                poll($0.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, left)
            }
            if fds.0.revents & Int16(POLLIN) != 0 {
                // Emptied before the flag is cleared: a post in between finds the flag set
                // and writes nothing, and the frame it announces is taken on this turn anyway.
                var bytes = (UInt64(0), UInt64(0))
                _ = withUnsafeMutableBytes(of: &bytes) { read(r, $0.baseAddress, $0.count) }
                pending.withLock { $0 = false }
                return .woken
            }
            // The X server sent something that is no event of SDL's (a GL swap's news, a
            // reply's leftovers): pumped again here, as SDL_WaitEventTimeout does, not a turn
            // of the loop. A signal (poll interrupted) or the time up ends the wait.
            guard ready > 0, fds.1.revents != 0, SystemClock.monotonic < deadline else { return .other }
        }
    }
}
