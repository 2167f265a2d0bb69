import CVDCore
import CVDSources

/// What a screen source is told of the live view's own window (`OwnWindowWatcher`), so that
/// it leaves the window out of what it reads: the bounds of the display the window is on and
/// the window's outer rectangle (its frame included), each once per change — the window's
/// the first time in any case, hidden or not.
public struct OwnWindowReport: Sendable {
    public enum News: Equatable, Sendable {
        case display(PixelRect)
        case moved(PixelRect)
        case hidden
    }

    private var display: PixelRect?
    private var window: PixelRect?
    private var sent = false

    public init() {}

    /// What changed since the last call, in the order to tell it: `display` (nil: unknown,
    /// nothing to say) and `window` (nil: hidden or minimised).
    public mutating func news(display d: PixelRect?, window w: PixelRect?) -> [News] {
        var news: [News] = []
        if let d, d != display {
            display = d
            news.append(.display(d))
        }
        if w != window || !sent {
            (window, sent) = (w, true)
            news.append(w.map { .moved($0) } ?? .hidden)
        }
        return news
    }
}
