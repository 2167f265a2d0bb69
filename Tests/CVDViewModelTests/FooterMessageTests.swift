import CVDCore
import Testing

@testable import CVDViewModel

/// The footer's line: it goes when its time is up, and a key's answer also goes at the next
/// key without one — a line that is no key's answer stays for its time.
@Suite struct FooterMessageTests {
    @Test func aLineGoesWhenItsTimeIsUpOnce() {
        var f = FooterMessage()
        f.show("saved snapshot", until: 10)
        #expect(f.tick(at: 10) == false && f.text == "saved snapshot", "still its time")
        #expect(f.tick(at: 10.1) == true && f.text == nil)
        #expect(f.tick(at: 11) == false, "said once")
    }

    @Test func aKeysAnswerGoesAtTheNextKeyWithoutOne() {
        var f = FooterMessage()
        f.answer("the stripes are off", until: 100)
        #expect(f.keyWithoutAnswer() == true && f.text == nil)
        #expect(f.keyWithoutAnswer() == false)
        // A line that is no key's answer (a camera's news) stays through keys.
        f.show("camera plugged in", until: 100)
        #expect(f.keyWithoutAnswer() == false && f.text == "camera plugged in")
        // An answer replaced by another line before the next key: that line stays.
        f.answer("frozen", until: 100)
        f.show("saved snapshot", until: 100)
        #expect(f.keyWithoutAnswer() == false && f.text == "saved snapshot")
    }
}
