import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// The view's first stage (`TakeStage`), without a window: which of the source's frames
/// the view takes while it holds its picture, the still fitted to each live size, and when
/// a picture that stays counts as shown again.
@Suite struct TakeStageTests {
    /// A source that sends nothing by itself: the test publishes into the stage's slot.
    final class QuietSource: FrameSource {
        let name = "test source"
        let size = FrameSize(4, 2)
        let sendsOnlyChanges: Bool
        init(sendsOnlyChanges: Bool = false) { self.sendsOnlyChanges = sendsOnlyChanges }
        func start(into sink: LatestFrame) {}
        func stop() {}
    }

    static func frame(_ w: Int, _ h: Int, at t: Double) -> Frame {
        let layout = FrameLayout(format: .rgba, width: w, height: h, bytesPerRow: 4 * w)
        return Frame(bytes: [UInt8](repeating: 90, count: 4 * w * h), layout: layout, timestamp: t)
    }

    @Test func whileHoldingOnlyTheFirstFrameIsTakenAndTheOthersAreNotKept() {
        var take = TakeStage(source: QuietSource(), still: StillPicture(), balance: nil, now: 0)
        take.sink.publish(Self.frame(4, 2, at: 1))
        let r1 = take.takeNew(holding: true, now: 1)
        #expect(r1?.timestamp == 1, "nothing shown yet: the first is taken")
        take.sink.publish(Self.frame(4, 2, at: 2))
        let r2 = take.takeNew(holding: true, now: 2)
        #expect(r2 == nil)
        #expect(take.frame?.timestamp == 1, "the held picture stays")
        #expect(take.sink.takeNew() == nil, "the frame not taken is gone from the slot, not left for later")
        take.sink.publish(Self.frame(4, 2, at: 3))
        let r3 = take.takeNew(holding: false, now: 3)
        #expect(r3?.timestamp == 3)
        let r4 = take.takeNew(holding: false, now: 4)
        #expect(r4 == nil, "no new frame, nothing taken")
        #expect(take.frame?.timestamp == 3)
    }

    @Test func theStillIsMadeAtEachLiveSize() {
        let still = StillPicture(picture: RGBAImage(width: 8, height: 8, fill: RGB8(0, 90, 0)))
        var take = TakeStage(source: QuietSource(), still: still, balance: nil, now: 0)
        #expect(take.still.frame == nil)
        take.sink.publish(Self.frame(16, 8, at: 1))
        _ = take.takeNew(holding: false, now: 1)
        #expect(take.still.frame?.size == FrameSize(16, 8))
        take.sink.publish(Self.frame(6, 4, at: 2))
        _ = take.takeNew(holding: false, now: 2)
        #expect(take.still.frame?.size == FrameSize(6, 4), "a new live size (a zoom, another camera)")
    }

    @Test func aPictureThatStaysCountsAsShownOncePerCameraPeriod() {
        let period = StillShowings.period
        var still = TakeStage(
            source: ImageSource(path: "p.png", image: RGBAImage(width: 4, height: 2, fill: RGB8(1, 2, 3))),
            still: StillPicture(), balance: nil, now: 0)
        let r5 = still.stillShown(now: -1, holding: false)
        #expect(!r5, "nothing shown yet")
        still.sink.publish(Self.frame(4, 2, at: 0))
        _ = still.takeNew(holding: false, now: 0)
        let r6 = still.stillShown(now: 0, holding: false)
        #expect(r6)
        let r7 = still.stillShown(now: period / 2, holding: false)
        #expect(!r7)
        let r8 = still.stillShown(now: period, holding: false)
        #expect(r8)

        // The screen: only once it has sent nothing for a period; a camera: never.
        var screen = TakeStage(source: QuietSource(sendsOnlyChanges: true), still: StillPicture(), balance: nil, now: 0)
        screen.sink.publish(Self.frame(4, 2, at: 20))
        _ = screen.takeNew(holding: false, now: 20)
        let r9 = screen.stillShown(now: 20 + period / 2, holding: false)
        #expect(!r9)
        let r10 = screen.stillShown(now: 20 + period, holding: false)
        #expect(r10)
        var camera = TakeStage(source: QuietSource(), still: StillPicture(), balance: nil, now: 0)
        camera.sink.publish(Self.frame(4, 2, at: 30))
        _ = camera.takeNew(holding: false, now: 30)
        let r11 = camera.stillShown(now: 31, holding: false)
        #expect(!r11)
    }

    /// A camera's picture the view holds (frozen, the check's comparison) counts as shown
    /// once a period, though the camera's frames go on coming (and are not taken): a
    /// script's `--press` and `--screenshot-after` come due while it is held.
    @Test func aHeldPictureCountsAsShownOncePerCameraPeriod() {
        // A 25 fps camera's frames, each a little more than a period after the last.
        let step = 0.04
        var camera = TakeStage(source: QuietSource(), still: StillPicture(), balance: nil, now: 0)
        camera.sink.publish(Self.frame(4, 2, at: 1))
        _ = camera.takeNew(holding: true, now: 1)
        var counted = 0
        for i in 1...30 {
            let now = 1 + Double(i) * step
            camera.sink.publish(Self.frame(4, 2, at: now))
            let taken = camera.takeNew(holding: true, now: now)
            #expect(taken == nil, "held: not taken")
            if camera.stillShown(now: now, holding: true) { counted += 1 }
        }
        #expect(counted == 30, "\(counted) of 30 periods counted")
        let after = camera.stillShown(now: 3, holding: false)
        #expect(!after, "let go: the camera's frames count themselves again")
    }
}
