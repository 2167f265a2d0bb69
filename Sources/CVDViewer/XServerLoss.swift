import CSDL2X11
import CVDSystem
import Glibc

/// The X server gone while the view runs (killed, crashed, the session ended): Xlib would
/// print "X connection to :77 broken (explicit kill or server shutdown)." and end the
/// process. Its IO error handler — process-wide, for SDL's connection and the screen
/// source's alike — hands the loss to the view instead: on the main thread the view says so
/// in one line of its own, prints its quit line and ends with status 1; on another thread
/// (the screen source's connection) the thread stops there and the main thread says it on
/// its next turn (`Viewer.tick`), or as soon as its own connection finds the server gone.
@MainActor
enum XServerLoss {
    /// What the running view says before it ends: its line and the quit line.
    static var say: ((String) -> Void)?
    /// The display lost on another thread, for the main thread to say.
    nonisolated static let pending = Locked<String?>(nil)
    /// The main thread (the one that installs the handler).
    nonisolated(unsafe) static var mainThread = pthread_self()

    /// Installs the handler (wraps `XSetIOErrorHandler`); `say` prints the view's lines.
    static func install(_ say: @escaping (String) -> Void) {
        Self.say = say
        mainThread = pthread_self()
        setHandler()
    }

    private nonisolated static func setHandler() {
        XSetIOErrorHandler { display in
            let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
            XServerLoss.lost(name)
        }
    }

    /// The connection to `name` is gone: never returns (Xlib would end the process if it did).
    nonisolated static func lost(_ name: String) -> Never {
        pending.withLock { if $0 == nil { $0 = name } }
        guard pthread_equal(pthread_self(), mainThread) != 0 else {
            // Not the main thread: it stops here; the main thread ends the process.
            while true { pause() }
        }
        MainActor.assumeIsolated { end() }
    }

    /// On the main thread: says the loss noted (if any) and ends the process with status 1.
    static func endIfLost() {
        guard pending.withLock({ $0 }) != nil else { return }
        end()
    }

    private static func end() -> Never {
        let name = pending.withLock { $0 } ?? "?"
        say?(name)
        fflush(nil)
        exit(1)
    }
}

extension Viewer {
    /// The X server gone: one line, the quit line, status 1 (`XServerLoss`).
    func watchXServer() {
        XServerLoss.install { [unowned self] name in
            reporter.status("the X server \(name) went away (closed or killed): the view ends")
            _ = take.stats.update(from: take.sink, now: SystemClock.monotonic)
            reporter.status(take.stats.totals.line)
        }
    }
}
