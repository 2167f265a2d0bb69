import Testing

@testable import CVDCore
@testable import CVDViewModel

/// What is avoided (the check's tags) is kept clear where the room allows, and covered
/// only where nothing else holds the label; what is taken is never covered. A leader line
/// is broken where it would cross a tag.
@Suite struct FreeSpaceTests {
    static let window = Rect(0, 0, 200, 100)
    static let box = Rect(0, 0, 60, 20)

    @Test func avoidedIsKeptClearWhereThereIsRoom() {
        var space = FreeSpace(window: Self.window, pictures: [])
        space.avoid(Rect(0, 0, 100, 100))
        #expect(space.choices.count == 2)
        let placed = space.placing { $0.highest(size: Self.box, in: Self.window, alignRight: false, offPicture: false) }
        #expect(
            placed.map { $0.x >= 100 && $0.y == 0 } == true, "the first place clear of the avoided half: \(placed!)")
    }

    @Test func avoidedIsCoveredOnlyWhereNothingElseHolds() {
        var space = FreeSpace(window: Self.window, pictures: [])
        space.take(Rect(100, 0, 100, 100))
        space.avoid(Rect(0, 0, 100, 100))
        #expect(space.highest(size: Self.box, in: Self.window, alignRight: false, offPicture: false) == nil)
        let placed = space.placing { $0.highest(size: Self.box, in: Self.window, alignRight: false, offPicture: false) }
        #expect(placed == Rect(0, 0, 60, 20), "over the avoided half, never the taken one")
        // Nothing avoided: one choice, as it was.
        #expect(FreeSpace(window: Self.window, pictures: []).choices.count == 1)
    }

    /// `openings` against a brute force on a pixel grid: every rectangle of whole pixels
    /// that covers nothing taken and grows in no direction without covering something,
    /// for 40 rooms with one to five things in them (some reaching over the room's edge).
    @Test func openingsAreTheLargestFreeRectangles() {
        var rng = SceneRandom(seed: 7)
        func n(_ k: Int) -> Double { Double(Int(rng.next() % UInt64(k))) }
        for _ in 0..<40 {
            let room = Rect(3, 2, 24, 16)
            var space = FreeSpace(window: Rect(0, 0, 30, 20), pictures: [])
            for _ in 0..<(1 + Int(rng.next() % 5)) { space.take(Rect(n(28), n(19), 1 + n(9), 1 + n(7))) }
            let found = space.openings(of: room)
            func free(_ r: Rect) -> Bool { !space.taken.contains { $0.intersects(r) } }
            var expected: [Rect] = []
            for x0 in 3..<27 {
                for x1 in (x0 + 1)...27 {
                    for y0 in 2..<18 {
                        for y1 in (y0 + 1)...18 {
                            let r = Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
                            guard free(r) else { continue }
                            let grown = [
                                Rect(r.x - 1, r.y, r.w + 1, r.h), Rect(r.x, r.y, r.w + 1, r.h),
                                Rect(r.x, r.y - 1, r.w, r.h + 1), Rect(r.x, r.y, r.w, r.h + 1),
                            ]
                            if grown.allSatisfy({ !room.contains($0, slack: 0) || !free($0) }) { expected.append(r) }
                        }
                    }
                }
            }
            let key = { (r: Rect) in [r.x, r.y, r.w, r.h] }
            #expect(
                found.map(key).sorted { $0.lexicographicallyPrecedes($1) }
                    == expected.map(key).sorted { $0.lexicographicallyPrecedes($1) }, "\(space.taken)")
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.w * $0.h >= $1.w * $1.h }, "largest first")
        }
        // Nothing in the room: the room itself.
        #expect(FreeSpace(window: Self.window, pictures: []).openings(of: Self.box) == [Self.box])
    }

    @Test func aSegmentKeepsItsPartsOutsideTheRectangles() {
        let parts = SegmentClip.outside((0, 0), (100, 0), of: [Rect(40, -5, 20, 10)])
        #expect(parts.count == 2)
        #expect(parts.first.map { [$0.0.x, $0.1.x] } == [0, 40])
        #expect(parts.last.map { [$0.0.x, $0.1.x] } == [60, 100])
        #expect(SegmentClip.outside((0, 0), (100, 0), of: [Rect(-1, -1, 102, 2)]).isEmpty)
        #expect(SegmentClip.outside((0, 0), (100, 0), of: [Rect(0, 10, 10, 10)]).count == 1)
        // Two overlapping rectangles: one gap.
        let two = SegmentClip.outside((0, 0), (100, 0), of: [Rect(50, -5, 30, 10), Rect(20, -5, 40, 10)])
        #expect(two.map { [$0.0.x, $0.1.x] } == [[0, 20], [80, 100]])
    }

    /// The check's tags and two probes, single and split, at 1024×768 and `--ui-scale` 1
    /// and 2, the probes on each of the check's regions in turn: no leader line crosses a tag.
    @Test func noLeaderCrossesACheckTag() {
        let m = ApproximateMeasure()
        let window = FrameSize(1024, 768)
        let regions = CheckOverlayTests.shown.pairs.flatMap { [$0.first, $0.second] }
        var leaders = 0
        for layouts in 0..<2 {
            for scale in [1.0, 2.0] {
                for a in regions {
                    for b in regions where b.x != a.x {
                        var s = ViewState(mode: .deuteranopia)
                        for _ in 0..<layouts { s.apply(.cycleLayout) }
                        s.probes = [Point(a.x + 0.05, a.y + 0.1), Point(b.x + 0.05, b.y + 0.1)]
                        let g = ViewGeometry(
                            state: s, window: window, picture: FrameSize(1280, 720), uiScale: scale, measure: m)
                        let readings = s.renderedSimulations.map { sim in
                            [a.rgb, b.rgb].map { ProbeReading(original: $0, simulation: sim) }
                        }
                        let plan = OverlayPlan(
                            .init(
                                geometry: g, state: s, window: window, footer: "Source: image chart.png",
                                compact: false, probeReadings: readings,
                                check: .init(shown: CheckOverlayTests.shown, recoloured: false)),
                            uiScale: scale, measure: m)
                        leaders += plan.leaders.count
                        for l in plan.leaders {
                            for t in plan.checkTags {
                                let crossing = SegmentClip.clip((l.x0, l.y0), (l.x1, l.y1), to: t.shim)
                                #expect(crossing == nil, "a leader over tag \(t.lines.map(\.text)) at \(scale)×")
                            }
                        }
                    }
                }
            }
        }
        #expect(leaders > 0, "the probes have leader lines to check")
    }
}
