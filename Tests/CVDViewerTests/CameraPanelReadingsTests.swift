import CVDSources
import Testing

@testable import CVDViewer

/// The camera panel asks the capture thread for the controls at once when it opens and
/// after a change, then once a second — not every turn of the loop (each read is a round
/// of ioctls on the camera's thread) — and redraws only when they changed.
@Suite struct CameraPanelReadingsTests {
    static func control(_ value: Int) -> PanelControl {
        PanelControl(
            id: 1, name: "Brightness", key: "brightness", kind: .integer, range: 0...255, step: 1, defaultValue: 128,
            value: value, automatic: false)
    }

    @Test func askedOnOpeningThenOnceASecond() {
        var panel = CameraPanelReadings()
        panel.open()
        let asks = [10.0, 10.02, 10.5, 10.99, 11.0, 11.5, 12.1].filter { panel.shouldAsk(now: $0) }
        #expect(asks == [10.0, 11.0, 12.1])
        panel.readBackSoon()
        let atOnce = panel.shouldAsk(now: 12.2)
        let thenNot = panel.shouldAsk(now: 12.3)
        #expect(atOnce && !thenNot, "a change is read back at the next turn")
    }

    @Test func redrawnWhenTheControlsChange() {
        var panel = CameraPanelReadings()
        panel.open()
        let none = panel.take([])
        #expect(!none.changed, "no answer yet")
        let first = panel.take([Self.control(128)])
        #expect(first.changed && first.first, "the first reading (printed once, for scripts)")
        let same = panel.take([Self.control(128)])
        #expect(!same.changed)
        let moved = panel.take([Self.control(140)])
        #expect(moved.changed && !moved.first)
        #expect(panel.shown == [Self.control(140)])
        panel.open()
        #expect(panel.shown.isEmpty)
        let again = panel.take([Self.control(140)])
        #expect(again.first, "opened again: printed again")
    }
}
