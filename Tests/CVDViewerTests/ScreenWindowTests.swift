import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// The window while the screen is the source (`ScreenWindow`): hidden once when the source
/// asks, shown again where it was; Shift+R frozen on the whole monitor's first picture only.
@Suite struct ScreenWindowTests {
    @Test func hiddenOnceAndShownWhereItWas() {
        var w = ScreenWindow()
        let place = PixelRect(x: 40, y: 60, width: 1240, height: 700)
        #expect(w.follow(wantsHidden: false, place: place) == (false, nil))
        #expect(w.follow(wantsHidden: true, place: place) == (true, nil))
        #expect(w.hiddenAt == place)
        // Hidden, the window manager may report it elsewhere: the place kept is where it was.
        #expect(w.follow(wantsHidden: true, place: PixelRect(x: 0, y: 0, width: 10, height: 10)) == (false, nil))
        #expect(w.follow(wantsHidden: false, place: .init(x: 0, y: 0, width: 10, height: 10)) == (false, place))
        #expect(w.hiddenAt == nil)
        #expect(w.follow(wantsHidden: false, place: place) == (false, nil))
    }

    @Test func frozenOnTheWholeMonitorsFirstPicture() {
        var w = ScreenWindow()
        let whole = FrameSize(1920, 1080)
        let notAwaited = w.frameTaken(whole, whole: whole)
        #expect(!notAwaited, "nothing awaited: a whole picture freezes nothing")
        w.awaitWhole()
        let part = w.frameTaken(FrameSize(960, 540), whole: whole)
        let first = w.frameTaken(whole, whole: whole)
        let second = w.frameTaken(whole, whole: whole)
        #expect(!part && first && !second)
        w.awaitWhole()
        w.stopAwaiting()
        let cancelled = w.frameTaken(whole, whole: whole)
        #expect(!cancelled, "Escape: nothing awaited")
    }
}
