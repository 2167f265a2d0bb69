import CVDCore

/// The line the footer says for a while (a key's answer, a snapshot saved, a camera's
/// news): shown until its time is up or, when it answered the last key, until a key
/// without an answer comes. Times are seconds on one monotonic clock.
public struct FooterMessage: Sendable {
    public private(set) var text: Message?
    private var until = 0.0
    /// The last key's answer (a later key without one takes it away).
    private var answer: Message?

    public init() {}

    /// Says `line` until `until`.
    public mutating func show(_ line: Message, until: Double) {
        (text, self.until) = (line, until)
    }

    /// A key's answer: said until `until`, and taken away by a later key without one.
    public mutating func answer(_ line: Message, until: Double) {
        show(line, until: until)
        answer = line
    }

    /// A key without an answer: the last key's answer goes; true when it went.
    public mutating func keyWithoutAnswer() -> Bool {
        guard let shown = text, shown == answer else { return false }
        text = nil
        return true
    }

    /// The clock at `now`: true when the line's time was up just now (it went).
    public mutating func tick(at now: Double) -> Bool {
        guard text != nil, now > until else { return false }
        text = nil
        return true
    }
}
