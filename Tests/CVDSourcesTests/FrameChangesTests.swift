import CVDCore
import Testing

@testable import CVDSources

/// A source that publishes only what changed (the screen: DAMAGE's rectangles): the
/// rectangles merged with a floor, the ring bringing each buffer up to date, the hand-off
/// chaining the changes of frames the view never took — and a consumer that redoes only
/// the changed parts ends with exactly the picture a full read gives, byte for byte.
@Suite struct FrameChangesTests {
    static let bounds = PixelRect(width: 640, height: 480)

    @Test func smallChangesAreFlooredAndAligned() {
        // A text cursor blinking: 2 × 18 pixels becomes one 32 × 32 (grown about its middle,
        // its edges on the 8-pixel grid: 40 wide once aligned).
        let cursor = PixelRect.merged([PixelRect(x: 101, y: 200, width: 2, height: 18)], within: Self.bounds)
        #expect(cursor == [PixelRect(x: 80, y: 192, width: 40, height: 40)])
        // At the frame's corner it stays inside.
        let corner = PixelRect.merged([PixelRect(x: 638, y: 478, width: 2, height: 2)], within: Self.bounds)
        #expect(corner == [PixelRect(x: 608, y: 448, width: 32, height: 32)])
        #expect(PixelRect.merged([PixelRect(x: 700, y: 0, width: 20, height: 20)], within: Self.bounds).isEmpty)
    }

    @Test func neighboursAreOneAndFarOnesStayApart() {
        // A typed word: letters side by side, each its own damage rectangle.
        let word = (0..<6).map { PixelRect(x: 100 + 9 * $0, y: 300, width: 8, height: 14) }
        #expect(PixelRect.merged(word, within: Self.bounds).count == 1)
        // Two corners of the frame: two rectangles, sorted top to bottom.
        let apart = PixelRect.merged(
            [PixelRect(x: 600, y: 400, width: 20, height: 20), PixelRect(x: 0, y: 0, width: 40, height: 40)],
            within: Self.bounds)
        #expect(
            apart == [PixelRect(x: 0, y: 0, width: 40, height: 40), PixelRect(x: 592, y: 392, width: 40, height: 40)])
        // Many scattered changes: their bounding box; most of the frame: the frame.
        let scattered = (0..<40).map { PixelRect(x: ($0 * 97) % 600, y: ($0 * 53) % 440, width: 4, height: 4) }
        #expect(PixelRect.merged(scattered, within: Self.bounds).count <= PixelRect.most)
        let most = PixelRect.merged([PixelRect(x: 0, y: 0, width: 600, height: 400)], within: Self.bounds)
        #expect(most == [Self.bounds])
    }

    @Test func mergedRectanglesCoverEveryChangeAndNeverOverlap() {
        var g = SceneRandom(seed: 7)
        for _ in 0..<200 {
            let rects = (0..<Int.random(in: 1...30, using: &g)).map { _ in
                PixelRect(
                    x: Int.random(in: -20...630, using: &g), y: Int.random(in: -20...470, using: &g),
                    width: Int.random(in: 1...120, using: &g), height: Int.random(in: 1...90, using: &g))
            }
            let merged = PixelRect.merged(rects, within: Self.bounds)
            for r in rects {
                let inside = r.intersection(Self.bounds)
                guard !inside.isEmpty else { continue }
                // Every changed pixel lies in some merged rectangle.
                for y in stride(from: inside.y, to: inside.y + inside.height, by: 3) {
                    for x in stride(from: inside.x, to: inside.x + inside.width, by: 3) {
                        #expect(
                            merged.contains { $0.intersection(PixelRect(x: x, y: y, width: 1, height: 1)).area == 1 })
                    }
                }
            }
            for (i, a) in merged.enumerated() {
                #expect(Self.bounds.intersection(a) == a)
                for b in merged[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
            }
        }
    }

    /// What the ring copies before a part is read (all that changed since, but what is read
    /// now): every pixel of the rectangle that no cut covers, in exactly one piece, and none
    /// that a cut covers.
    @Test func subtractingLeavesExactlyWhatNoCutCovers() {
        var g = SceneRandom(seed: 11)
        let one = { (r: PixelRect, x: Int, y: Int) in
            r.intersection(PixelRect(x: x, y: y, width: 1, height: 1)).area == 1
        }
        for _ in 0..<300 {
            let rect = PixelRect(
                x: Int.random(in: 0...40, using: &g), y: Int.random(in: 0...40, using: &g),
                width: Int.random(in: 1...40, using: &g), height: Int.random(in: 1...40, using: &g))
            let cuts = (0..<Int.random(in: 0...4, using: &g)).map { _ in
                PixelRect(
                    x: Int.random(in: -5...70, using: &g), y: Int.random(in: -5...70, using: &g),
                    width: Int.random(in: 0...35, using: &g), height: Int.random(in: 0...35, using: &g))
            }
            let pieces = rect.subtracting(cuts)
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let covered = cuts.contains { one($0, x, y) }
                    #expect(
                        pieces.filter { one($0, x, y) }.count == (covered ? 0 : 1), "\(rect) − \(cuts) at \(x),\(y)")
                }
            }
            #expect(pieces.allSatisfy { rect.intersection($0) == $0 && !$0.isEmpty })
        }
        // The same part changing every frame: nothing left to copy.
        let part = PixelRect(x: 400, y: 296, width: 616, height: 352)
        #expect(part.subtracting([part]).isEmpty)
    }

    @Test func theHandOffChainsTheChangesOfFramesNeverTaken() {
        let layout = FrameLayout(format: .bgra, width: 640, height: 480)
        let sink = LatestFrame()
        let a = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let b = PixelRect(x: 320, y: 320, width: 32, height: 32)
        sink.publish(Frame(bytes: [], layout: layout, timestamp: 1))
        #expect(sink.takeNew()?.changes == nil)
        sink.publish(Frame(bytes: [], layout: layout, timestamp: 2, changes: FrameChanges(base: 1, rects: [a])))
        sink.publish(Frame(bytes: [], layout: layout, timestamp: 3, changes: FrameChanges(base: 2, rects: [b])))
        let taken = sink.takeNew()
        #expect(taken?.timestamp == 3 && taken?.changes == FrameChanges(base: 1, rects: [a, b]))
        #expect(taken?.changed(since: 1) == [a, b] && taken?.changed(since: 2) == nil)
        // A whole frame in between: the next one's changes cannot be counted from the view's.
        sink.publish(Frame(bytes: [], layout: layout, timestamp: 4))
        sink.publish(Frame(bytes: [], layout: layout, timestamp: 5, changes: FrameChanges(base: 4, rects: [a])))
        #expect(sink.takeNew()?.changes == nil)
    }

    /// A picture changed at random, published through the ring part by part (whole when the
    /// ring cannot), taken by a consumer now and then (frames in between chained by the
    /// hand-off), the consumer redoing only the parts the frame says changed since its own:
    /// its picture is the source's, byte for byte, every time — and so is every frame.
    @Test func partsRedoneGiveTheWholePictureByteForByte() {
        let layout = FrameLayout(format: .bgra, width: 96, height: 64)
        let bounds = PixelRect(width: layout.width, height: layout.height)
        var g = SceneRandom(seed: 42)
        var truth = [UInt8](repeating: 0, count: layout.minimumByteCount)
        var ring = FrameRing()
        let sink = LatestFrame()
        var consumer: (bytes: [UInt8], timestamp: Double)?
        var held: [Frame] = [] // frames the "view" still draws from: the ring must not write into them
        var partial = 0
        for step in 0..<400 {
            // Change one to three rectangles of the truth.
            let changed = (0..<Int.random(in: 1...3, using: &g)).map { _ in
                PixelRect(
                    x: Int.random(in: 0..<90, using: &g), y: Int.random(in: 0..<60, using: &g),
                    width: Int.random(in: 1...12, using: &g), height: Int.random(in: 1...12, using: &g)
                ).intersection(bounds)
            }
            for r in changed {
                for y in r.y..<(r.y + r.height) {
                    for x in r.x..<(r.x + r.width) {
                        for c in 0..<4 { truth[(y * layout.width + x) * 4 + c] = UInt8.random(in: 0...255, using: &g) }
                    }
                }
            }
            let merged = PixelRect.merged(changed, within: bounds)
            let sent = ring.publishChanges(to: sink, layout: layout, encoding: .bt601Limited, changed: merged) {
                FrameRing.copy(merged, from: truth, into: &$0, layout)
            }
            if sent {
                partial += 1
            } else {
                ring.publish(to: sink) { buffer in
                    buffer = truth
                    return (layout, .bt601Limited)
                }
            }
            guard step % 3 != 1, let f = sink.takeNew() else { continue }
            #expect(f.bytes == truth, "step \(step): the frame published is not the picture")
            if let rects = f.changed(since: consumer?.timestamp), var bytes = consumer?.bytes {
                FrameRing.copy(rects, from: f.bytes, into: &bytes, layout)
                consumer = (bytes, f.timestamp)
            } else {
                consumer = (f.bytes, f.timestamp)
            }
            #expect(consumer?.bytes == truth, "step \(step): the parts redone do not make the picture")
            held.append(f)
            if held.count > 2 { held.removeFirst() }
        }
        #expect(partial > 300, "nearly every frame went out in parts: \(partial) of 400")
    }
}
