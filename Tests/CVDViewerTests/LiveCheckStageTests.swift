import CVDCore
import CVDSources
import CVDViewModel
import Foundation
import Testing

@testable import CVDViewer

/// The live check as a stage of the view (`LiveCheckStage`), without a window: what each
/// turn tells the view to do as the check is turned on, shows marks, recolours and goes off.
/// The worker is the real one (`LiveCheck`, on its own thread), checking a bar chart in
/// matplotlib's tab10 red, green and blue, whose red and green deuteranopes confuse
/// (`CheckTrackerTests`' material).
@Suite struct LiveCheckStageTests {
    /// A red, a green and a blue bar on white paper, packed RGB.
    static func chart() -> Frame {
        let w = 640
        let h = 400
        let layout = FrameLayout(format: .rgb24, width: w, height: h, bytesPerRow: w * 3)
        var bytes = [UInt8](repeating: 255, count: layout.minimumByteCount)
        for (x0, c) in [(60, RGB8(0xD6, 0x27, 0x28)), (260, RGB8(0x2C, 0xA0, 0x2C)), (460, RGB8(0x1F, 0x77, 0xB4))] {
            for y in 120..<340 {
                for x in x0..<(x0 + 120) {
                    bytes.replaceSubrange((y * w + x) * 3..<(y * w + x) * 3 + 3, with: [c.r, c.g, c.b])
                }
            }
        }
        return Frame(bytes: bytes, layout: layout, timestamp: 1)
    }

    static let deuteranopia = [try! Simulation(mode: .deuteranopia)]

    /// Turns of the stage (a second of the view's clock each, 10 ms apart) until `done`
    /// holds for one's outcome: that outcome; nil after 30 s (the worker answers in well
    /// under one).
    static func turn(
        _ stage: inout LiveCheckStage, _ check: ViewState.CheckStage, frame: Frame, clock: inout Double,
        until done: (LiveCheckStage.Outcome) -> Bool
    ) -> LiveCheckStage.Outcome? {
        for _ in 0..<3000 {
            clock += 1
            let out = stage.update(
                check: check, simulations: deuteranopia, frame: frame, blendedBorders: false, now: clock)
            if done(out) { return out }
            usleep(10_000)
        }
        return nil
    }

    @Test func marksComeWithTheCheckAndGoWithIt() throws {
        var stage = LiveCheckStage()
        var clock = 0.0
        let frame = Self.chart()
        let first = try #require(Self.turn(&stage, .marks, frame: frame, clock: &clock) { $0.line != nil })
        #expect(first.overlaysChanged)
        #expect(first.picture == nil && !first.backToMarks)
        let line = try #require(first.line)
        #expect(line.hasPrefix("check: 1 ") && line.contains("↔") && line.contains("deuteranopia"), "\(line)")
        #expect(first.hasFix == true, "red and green have a replacement")
        let shown = try #require(stage.input(check: .marks))
        #expect(!shown.shown.isSafe && !shown.recoloured)
        #expect(stage.input(check: .off) == nil, "nothing drawn while the check is off")

        // The same frame again: no new line, nothing to draw again.
        let again = stage.update(
            check: .marks, simulations: Self.deuteranopia, frame: frame, blendedBorders: false, now: clock + 0.1)
        #expect(again.line == nil && !again.overlaysChanged)

        let off = stage.update(
            check: .off, simulations: Self.deuteranopia, frame: frame, blendedBorders: false, now: clock + 1)
        #expect(off.overlaysChanged && off.hasFix == false && off.line == nil)
        #expect(stage.input(check: .marks) == nil, "the marks are forgotten once the check is off")
        let still = stage.update(
            check: .off, simulations: Self.deuteranopia, frame: frame, blendedBorders: false, now: clock + 2)
        #expect(!still.overlaysChanged && still.hasFix == nil)
    }

    @Test func theRecolouredStillTakesThePicturesPlaceAndGivesItBack() throws {
        var stage = LiveCheckStage()
        var clock = 0.0
        let frame = Self.chart()
        // `z` goes off → marks → recoloured: the marks come first.
        _ = try #require(Self.turn(&stage, .marks, frame: frame, clock: &clock) { $0.line != nil })
        let swapped = try #require(Self.turn(&stage, .recoloured, frame: frame, clock: &clock) { $0.picture != nil })
        let still = try #require(swapped.picture)
        #expect(still.bytes != frame.bytes, "the still shows the colours replaced")
        #expect(!swapped.backToMarks)
        #expect(stage.frameBeforeRecolour?.bytes == frame.bytes)
        // The view now shows the still; while it does, no check runs on it.
        let showing = stage.update(
            check: .recoloured, simulations: Self.deuteranopia, frame: still, blendedBorders: false, now: clock + 1)
        #expect(showing.picture == nil)
        #expect(stage.input(check: .recoloured)?.recoloured == true)

        let back = stage.update(
            check: .marks, simulations: Self.deuteranopia, frame: still, blendedBorders: false, now: clock + 2)
        #expect(back.picture?.bytes == frame.bytes, "back to marks: the picture the still replaced")
        #expect(stage.frameBeforeRecolour == nil)
    }
}
