import Testing

@testable import CVDViewModel

/// The view growing quiet: the labels settle `settleDelay` seconds after the last key or
/// click and show in full at the next; the pointer hides `pointerDelay` seconds after it
/// last moved and shows at the next move — each change said once.
@Suite struct QuietViewTests {
    @Test func labelsSettleAfterTheDelayAndWakeAtTheNextKey() {
        var q = QuietView(now: 100)
        #expect(q.tick(at: 100 + QuietView.settleDelay).settled == false, "not before the delay has passed")
        #expect(q.tick(at: 100 + QuietView.settleDelay + 0.1).settled == true)
        #expect(q.settled)
        #expect(q.tick(at: 200).settled == false, "said once")
        #expect(q.input(at: 201) == true, "a key after settling: redraw in full")
        #expect(!q.settled)
        #expect(q.input(at: 202) == false, "already in full")
        #expect(q.tick(at: 202 + QuietView.settleDelay - 0.1).settled == false, "the delay counts from the last key")
        #expect(q.tick(at: 202 + QuietView.settleDelay + 0.1).settled == true)
    }

    @Test func thePointerHidesWhenStillAndShowsWhenMoved() {
        var q = QuietView(now: 0)
        #expect(q.motion(at: 1) == false, "shown already")
        #expect(q.tick(at: 1 + QuietView.pointerDelay).hidePointer == false)
        #expect(q.tick(at: 1 + QuietView.pointerDelay + 0.1).hidePointer == true)
        #expect(!q.pointerShown)
        #expect(q.tick(at: 60).hidePointer == false, "said once")
        #expect(q.motion(at: 61) == true, "hidden: show it")
        #expect(q.pointerShown)
    }
}
