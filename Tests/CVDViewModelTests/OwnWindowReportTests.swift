import CVDCore
import CVDSources
import Testing

@testable import CVDViewModel

/// What a screen source is told of the view's own window: each change once, the window's
/// place the first time even when it is hidden, nothing when nothing changed.
@Suite struct OwnWindowReportTests {
    @Test func eachChangeIsToldOnceAndNothingElse() {
        var r = OwnWindowReport()
        let monitor = PixelRect(x: 0, y: 0, width: 1280, height: 800)
        let window = PixelRect(x: 20, y: 10, width: 1240, height: 775)
        // The first tick: the display, then the window — hidden at the start.
        #expect(r.news(display: monitor, window: nil) == [.display(monitor), .hidden])
        #expect(r.news(display: monitor, window: nil) == [])
        #expect(r.news(display: monitor, window: window) == [.moved(window)])
        #expect(r.news(display: monitor, window: window) == [])
        // Moved to the second monitor: both, display first.
        let second = PixelRect(x: 1280, y: 0, width: 1920, height: 1080)
        let there = PixelRect(x: 1300, y: 10, width: 1240, height: 775)
        #expect(r.news(display: second, window: there) == [.display(second), .moved(there)])
        // The display unknown for a tick: nothing said of it; minimised: hidden, once.
        #expect(r.news(display: nil, window: nil) == [.hidden])
        #expect(r.news(display: nil, window: nil) == [])
        #expect(r.news(display: second, window: there) == [.moved(there)])
    }

    @Test func theWindowIsToldTheFirstTimeEvenWithoutADisplay() {
        var r = OwnWindowReport()
        let window = PixelRect(x: 0, y: 0, width: 640, height: 480)
        #expect(r.news(display: nil, window: window) == [.moved(window)])
    }
}
