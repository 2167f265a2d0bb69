import CVDCore
import CVDSources
import CVDSystem

/// The check of the material (`z`) off the view's thread: one check at a time on a
/// background thread at the lowest priority, the view handing it a frame at most every
/// `interval` seconds and taking the answer when it is there (it never waits).
///
/// The frame is reduced by whole blocks to about `longSide` pixels first (the check works
/// at 320 anyway, `WorkingPicture`): a 1080p frame costs a few milliseconds a check. The
/// recoloured picture (`z` twice) is made at the frame's full size, once.
final class LiveCheck: Sendable {
    struct Job: Sendable {
        let frame: Frame
        let simulations: [Simulation]
        /// Also make the frame recoloured with the suggestions.
        let recolour: Bool
    }

    struct Answer: Sendable {
        let check: MaterialCheck
        let suggestions: [Replacement]
        /// The frame recoloured (an RGBA frame its size), when the job asked for it and the
        /// check had a suggestion.
        let recoloured: Frame?
        let recolourAsked: Bool
    }

    /// At most this many checks a second (a calm band; a few percent of a core at 1080p).
    static let interval = 1.0 / 3
    /// The longer side the frame is reduced to before the check.
    static let longSide = 640

    private struct State {
        var running = false
        var answer: Answer?
    }
    private let state = Locked(State())

    var isBusy: Bool { state.withLock { $0.running } }

    /// Starts `job` unless one is running; returns whether it started.
    func start(_ job: Job) -> Bool {
        let idle = state.withLock { s -> Bool in
            defer { s.running = true }
            return !s.running
        }
        guard idle else { return false }
        DetachedThread.start(name: "cvdcam check") {
            BackgroundPriority.enterForCurrentThread()
            let answer = Self.run(job)
            self.state.withLock {
                $0.answer = answer
                $0.running = false
            }
        }
        return true
    }

    /// The last answer, once.
    func take() -> Answer? {
        state.withLock { s -> Answer? in
            defer { s.answer = nil }
            return s.answer
        }
    }

    static func run(_ job: Job) -> Answer {
        let check = MaterialCheck(reduced(job.frame), simulations: job.simulations)
        let suggestions = check.isSafe ? [] : Replacement.suggest(for: check)
        var recoloured: Frame?
        if job.recolour, !suggestions.isEmpty {
            let whole = Viewer.picture(of: job.frame.packed())
            let image = Recolouring.apply(suggestions, in: check.found, to: whole)
            recoloured = Frame(bytes: image.pixels, layout: image.layout, timestamp: job.frame.timestamp)
        }
        return Answer(check: check, suggestions: suggestions, recoloured: recoloured, recolourAsked: job.recolour)
    }

    /// The frame as a picture about `longSide` pixels long (block means: `FrameReducer`).
    static func reduced(_ frame: Frame) -> RGBAImage {
        let f = frame.packed()
        let factor = min(8, max(1, max(f.layout.width, f.layout.height) / longSide))
        guard factor > 1 else { return Viewer.picture(of: f) }
        let layout = FrameReducer.layout(of: f.layout, factor: factor)
        var bytes = [UInt8](repeating: 0, count: layout.minimumByteCount)
        let done = bytes.withUnsafeMutableBytes { d in
            f.bytes.withUnsafeBytes { s in
                // `layout` is what `reduce` asks for; on any refusal the whole frame is used.
                (try? FrameReducer.reduce(s, f.layout, factor: factor, into: d, layout)) != nil
            }
        }
        guard done else { return Viewer.picture(of: f) }
        return Viewer.picture(of: Frame(bytes: bytes, layout: layout, ycbcr: f.ycbcr, timestamp: f.timestamp))
    }
}
