import CSDL2
import Dispatch
import Glibc
import Testing

@testable import CVDViewer

/// The loop's wake on X11 (`LoopWake` with a connection to poll), without a window: a pipe
/// stands in for the X connection, so what the wait does with the window system's news is
/// seen apart from SDL's events.
@MainActor
@Suite struct LoopWakeTests {
    /// What ended the wait, SDL's events passed over: other tests in this process start SDL
    /// and leave events in its queue, which the wait hands over first (as the view's loop
    /// would take them); each such event begins the wait again.
    static func wait(_ wake: LoopWake, _ milliseconds: Int32) -> LoopWake.Waited {
        var event = SDL_Event()
        while true {
            let w = wake.wait(&event, milliseconds: milliseconds)
            if w != .event { return w }
        }
    }

    /// A pipe: (read, write).
    static func pipeEnds() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func aPostFromAnotherThreadEndsTheWaitAsWoken() throws {
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { wake.post() }
        // Ten seconds at most: a wait that ends by its time says `.other`.
        #expect(Self.wait(wake, 10_000) == .woken)
        // Taken: the next wait, with no post, runs out its time.
        #expect(Self.wait(wake, 20) == .other)
    }

    @Test func postsBeforeTheWaitWakeItOnceAndThenAgainAfterIt() throws {
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        // Several frames' news while the loop draws: one wake for all of them.
        for _ in 0..<5 { wake.post() }
        #expect(Self.wait(wake, 10_000) == .woken)
        #expect(Self.wait(wake, 20) == .other)
        // After the wake was taken, the next news wakes again.
        wake.post()
        #expect(Self.wait(wake, 10_000) == .woken)
    }

    @Test func newsOnTheConnectionThatIsNoEventDoesNotEndTheWait() throws {
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        // The "connection" readable and never emptied (no SDL pump reads it): the wait
        // pumps and waits on until its time is up or a post comes, never a turn of the loop.
        var byte: UInt8 = 1
        try #require(write(other, &byte, 1) == 1)
        #expect(Self.wait(wake, 30) == .other)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { wake.post() }
        #expect(Self.wait(wake, 10_000) == .woken)
    }

    @Test func anEventInSDLsQueueIsHandedOverBeforeAPost() throws {
        try #require(SDL_InitSubSystem(UInt32(SDL_INIT_EVENTS)) == 0)
        defer { SDL_QuitSubSystem(UInt32(SDL_INIT_EVENTS)) }
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        var pushed = SDL_Event()
        pushed.type = SDL_RegisterEvents(1)
        try #require(SDL_PushEvent(&pushed) == 1)
        wake.post()
        // The event first (after any another test left), then the post.
        var event = SDL_Event()
        var seen = false
        for _ in 0..<1_000 where !seen {
            guard wake.wait(&event, milliseconds: 10_000) == .event else { break }
            seen = event.type == pushed.type
        }
        #expect(seen, "the pushed event was not handed over")
        #expect(Self.wait(wake, 10_000) == .woken)
    }
}
