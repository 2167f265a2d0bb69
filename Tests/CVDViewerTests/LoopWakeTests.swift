import CSDL2
import Dispatch
import Glibc
import Testing

@testable import CVDViewer

/// The loop's wake on X11 (`LoopWake` with a connection to poll), without a window: a pipe
/// stands in for the X connection, so what the wait does with the window system's news is
/// seen apart from SDL's events (none here: SDL's video is not started).
@MainActor
@Suite struct LoopWakeTests {
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
        var event = SDL_Event()
        // Ten seconds at most: a wait that ends by its time says `.other`.
        #expect(wake.wait(&event, milliseconds: 10_000) == .woken)
        // Taken: the next wait, with no post, runs out its time.
        #expect(wake.wait(&event, milliseconds: 20) == .other)
    }

    @Test func postsBeforeTheWaitWakeItOnceAndThenAgainAfterIt() throws {
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        // Several frames' news while the loop draws: one wake for all of them.
        for _ in 0..<5 { wake.post() }
        var event = SDL_Event()
        #expect(wake.wait(&event, milliseconds: 10_000) == .woken)
        #expect(wake.wait(&event, milliseconds: 20) == .other)
        // After the wake was taken, the next news wakes again.
        wake.post()
        #expect(wake.wait(&event, milliseconds: 10_000) == .woken)
    }

    @Test func newsOnTheConnectionThatIsNoEventDoesNotEndTheWait() throws {
        let (display, other) = try Self.pipeEnds()
        defer { _ = (close(display), close(other)) }
        let wake = LoopWake(display: display)
        // The "connection" readable and never emptied (no SDL pump reads it): the wait
        // pumps and waits on until its time is up or a post comes, never a turn of the loop.
        var byte: UInt8 = 1
        try #require(write(other, &byte, 1) == 1)
        var event = SDL_Event()
        #expect(wake.wait(&event, milliseconds: 30) == .other)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { wake.post() }
        #expect(wake.wait(&event, milliseconds: 10_000) == .woken)
    }
}
