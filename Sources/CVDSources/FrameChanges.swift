import CVDCore

/// What changed in a frame since the one before it, for a source that knows (the screen:
/// the X server's DAMAGE reports): the frame equals the frame published at `base` but in
/// `rects`. Whoever holds the frame at `base` — simulated into a pane, uploaded to the GPU,
/// reduced — brings it up to this one by redoing `rects` alone; anyone else takes it whole.
public struct FrameChanges: Equatable, Sendable {
    /// The timestamp of the frame this one differs from only in `rects`.
    public let base: Double
    /// The parts that changed, in frame pixels (`PixelRect.merged`: none overlapping).
    public let rects: [PixelRect]

    public init(base: Double, rects: [PixelRect]) { (self.base, self.rects) = (base, rects) }

    /// The changes from `base` of `earlier` to `later`, when `later` follows `earlier`
    /// (its base is `earlier`'s timestamp): the two sets of rectangles merged. Nil — all
    /// changed — when either does not know, or the chain is broken.
    public static func chained(
        _ earlier: FrameChanges?, at earlierTimestamp: Double, _ later: FrameChanges?, within bounds: PixelRect
    ) -> FrameChanges? {
        guard let earlier, let later, later.base == earlierTimestamp else { return nil }
        return FrameChanges(base: earlier.base, rects: PixelRect.merged(earlier.rects + later.rects, within: bounds))
    }
}
