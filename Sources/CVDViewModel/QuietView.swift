/// The view growing quiet while nobody uses it: `settleDelay` seconds after the last key or
/// click the labels settle (the footer fades, badges drop the model's name); `pointerDelay`
/// seconds after the pointer last moved it hides. Each change is said once, when it
/// happens, for the view to redraw or to show or hide the pointer. Times are seconds on
/// one monotonic clock.
public struct QuietView: Sendable {
    /// Seconds without input after which the footer fades and badges drop the model's name.
    public static let settleDelay = 5.0
    /// Seconds of a still pointer before it hides.
    public static let pointerDelay = 2.0

    public private(set) var settled = false
    public private(set) var pointerShown = true
    private var lastInput: Double
    private var lastMotion: Double

    public init(now: Double) { (lastInput, lastMotion) = (now, now) }

    /// A key or a click at `now`; true when the labels were settled (now they show in full).
    public mutating func input(at now: Double) -> Bool {
        lastInput = now
        defer { settled = false }
        return settled
    }

    /// The pointer moved at `now`; true when it was hidden (show it again).
    public mutating func motion(at now: Double) -> Bool {
        lastMotion = now
        defer { pointerShown = true }
        return !pointerShown
    }

    /// The clock at `now`: whether the labels settled just now, and whether the pointer is
    /// to hide just now.
    public mutating func tick(at now: Double) -> (settled: Bool, hidePointer: Bool) {
        let settle = !settled && now - lastInput > Self.settleDelay
        let hide = pointerShown && now - lastMotion > Self.pointerDelay
        if settle { settled = true }
        if hide { pointerShown = false }
        return (settle, hide)
    }
}
