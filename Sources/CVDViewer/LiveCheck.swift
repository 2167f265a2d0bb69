import CVDCheck
import CVDCore
import CVDSources
import CVDSystem

/// The check of the material (`z`) off the view's thread: one check at a time on a
/// background thread at the lowest priority, the view handing it a frame at most every
/// `interval` seconds and taking the answer when it is there (it never waits).
///
/// The frame is reduced by whole blocks (box means) to about `longSide` pixels along its
/// longer side first — a 1920×1080 frame by 3, to 640×360 — and the check works on that at
/// its own size (`WorkingPicture` would take the whole 1080p frame unreduced): a check of a
/// 1080p frame costs tens of milliseconds of this thread's CPU, not hundreds (`cvdcam
/// bench --check` measures it). The recoloured picture (`z` twice) is made at the frame's
/// full size, once, and shown beside the frame as it is (`BeforeAfter`).
public final class LiveCheck: Sendable {
    struct Job: Sendable {
        let frame: Frame
        let simulations: [Simulation]
        /// Also make the frame recoloured with the suggestions.
        let recolour: Bool
        /// The frame's borders are lines of blends (`FrameSource.blendedBorders`).
        let blendedBorders: Bool
    }

    struct Answer: Sendable {
        let check: MaterialCheck
        let suggestions: [Replacement]
        /// Where its picture is bare paper, for the marks.
        let paper: PaperMap
        /// The frame as it is and recoloured, side by side (`BeforeAfter`, an RGBA frame), when
        /// the job asked for it and the check had a suggestion.
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
        /// The material last checked, as block means (`Thumbnail`), the modes it was checked
        /// for, and how many checks have seen it since it last changed.
        var last: (thumbnail: Thumbnail, modes: [VisionMode], checks: Int)?
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
            let picture = Self.reduced(job.frame)
            let thumbnail = Thumbnail(picture)
            let modes = job.simulations.map(\.mode)
            // The material has not moved since two checks saw it (the two `CheckTracker`
            // needs to show a change) and the modes are the same: the last answer stands — a
            // still sheet under the camera costs a reduction a check, not a check.
            let skip = self.state.withLock { s -> Bool in
                guard !job.recolour, let l = s.last, l.modes == modes, !l.thumbnail.differs(from: thumbnail) else {
                    s.last = (thumbnail, modes, 1)
                    return false
                }
                s.last?.checks += 1
                return l.checks >= 2
            }
            let answer = skip ? nil : Self.run(job, picture)
            self.state.withLock {
                if let answer { $0.answer = answer }
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

    /// Forgets the last frame checked (the check turned off: the next one checks afresh).
    func forget() { state.withLock { $0.last = nil } }

    static func run(_ job: Job, _ picture: RGBAImage) -> Answer {
        let check = MaterialCheck(picture, simulations: job.simulations, blendedBorders: job.blendedBorders)
        let suggestions = check.isSafe ? [] : Replacement.suggest(for: check)
        var recoloured: Frame?
        if job.recolour, !suggestions.isEmpty {
            let whole = reduced(job.frame, by: BeforeAfter.factor(forWidth: job.frame.layout.width))
            let pair = BeforeAfter.compose(whole, Recolouring.apply(suggestions, in: check.found, to: whole))
            recoloured = Frame(bytes: pair.pixels, layout: pair.layout, timestamp: job.frame.timestamp)
        }
        return Answer(
            check: check, suggestions: suggestions, paper: PaperMap(picture, check), recoloured: recoloured,
            recolourAsked: job.recolour)
    }

    /// One check of `frame` as the check's thread makes it when the material has moved —
    /// the frame reduced, its thumbnail (what tells a still sheet), the check and the
    /// replacements — for `cvdcam bench --check`. `lap` is called after the reduction and
    /// the thumbnail (`reduce`) and after the check and its replacements (`check`).
    public static func checkOnce(_ frame: Frame, simulations: [Simulation], lap: (String) -> Void = { _ in })
        -> MaterialCheck
    {
        let picture = reduced(frame)
        _ = Thumbnail(picture)
        lap("reduce")
        let answer = run(Job(frame: frame, simulations: simulations, recolour: false, blendedBorders: false), picture)
        lap("check")
        return answer.check
    }

    /// The frame as a picture about `longSide` pixels long (block means: `FrameReducer`).
    static func reduced(_ frame: Frame) -> RGBAImage {
        reduced(frame, by: min(8, max(1, max(frame.layout.width, frame.layout.height) / longSide)))
    }

    /// The frame as a picture, each `factor`×`factor` block one pixel (its mean): reduced in
    /// its own format (`FrameReducer`), then made RGBA at the reduced size. Packed and 4:2:2
    /// planar frames (the GL renderer's) are read once and never converted at full size;
    /// 4:2:0 is packed first, so that each reduced row keeps chroma of its own (reduced in
    /// its planes, two rows would share it).
    static func reduced(_ frame: Frame, by factor: Int) -> RGBAImage {
        guard factor > 1 else { return frame.rgba }
        let f = frame.layout.format == .i420 ? frame.packed() : frame
        let layout = FrameReducer.layout(of: f.layout, factor: factor)
        var bytes = [UInt8](repeating: 0, count: layout.minimumByteCount)
        let done = bytes.withUnsafeMutableBytes { d in
            f.bytes.withUnsafeBytes { s in
                // `layout` is what `reduce` asks for; on any refusal the whole frame is used.
                (try? FrameReducer.reduce(s, f.layout, factor: factor, into: d, layout)) != nil
            }
        }
        guard done else { return f.rgba }
        return Frame(bytes: bytes, layout: layout, ycbcr: f.ycbcr, timestamp: f.timestamp).rgba
    }
}

/// A picture as the means of 16×16 blocks: two frames of a sheet that stayed put differ by
/// camera noise, which a block's mean all but removes (σ 4 levels a pixel → 0.1 a block in a
/// 640-pixel picture); a hand, a moved sheet or new light moves some block by far more.
struct Thumbnail: Sendable {
    let width: Int, height: Int
    let means: [Float]
    static let block = 16
    /// A block whose mean moved by more than this many levels (of 255, averaged over R, G, B) is a change.
    static let threshold: Float = 6

    init(_ image: RGBAImage) {
        width = max(1, image.width / Self.block)
        height = max(1, image.height / Self.block)
        var means = [Float](repeating: 0, count: width * height)
        for by in 0..<height {
            for bx in 0..<width {
                var sum = 0
                for y in (by * Self.block)..<min(image.height, (by + 1) * Self.block) {
                    var i = (y * image.width + bx * Self.block) * 4
                    for _ in 0..<min(Self.block, image.width - bx * Self.block) {
                        sum += Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2])
                        i += 4
                    }
                }
                means[by * width + bx] = Float(sum) / Float(3 * Self.block * Self.block)
            }
        }
        self.means = means
    }

    func differs(from o: Thumbnail) -> Bool {
        guard o.width == width, o.height == height else { return true }
        return zip(means, o.means).contains { abs($0 - $1) > Self.threshold }
    }
}
