import Testing

@testable import CVDCheck
@testable import CVDCore
@testable import CVDViewModel

/// The live marks stay off the material when the paper is known: in single, split and 2×2,
/// at a projector's 1024×768 and at `--ui-scale` 2, every tag lies on bare paper, inside its
/// pane and on no other tag, and no outline or leader point lies on anything drawn.
@Suite struct CheckMarksOverlayTests {
    /// The map of a 1280×720 picture whose only material is the three regions' boxes.
    static let paper: PaperMap = {
        let (columns, rows) = (160, 90)
        var m = [Bool](repeating: false, count: columns * rows)
        for r in [CheckOverlayTests.red, CheckOverlayTests.green, CheckOverlayTests.orange] {
            for row in Int(r.y * 90)..<Int(((r.y + r.height) * 90).rounded(.up)) {
                for c in Int(r.x * 160)..<Int(((r.x + r.width) * 160).rounded(.up)) { m[row * columns + c] = true }
            }
        }
        return PaperMap(columns: columns, rows: rows, material: m)
    }()

    @Test(arguments: [0, 1, 2], [1.0, 2.0]) func marksLieOnPaper(_ layouts: Int, _ scale: Double) {
        var s = ViewState(mode: .normal)
        for _ in 0..<layouts { s.apply(.cycleLayout) }
        let window = FrameSize(1024, 768)
        let m = ApproximateMeasure()
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: scale, measure: m)
        let input = OverlayPlan.CheckInput(shown: CheckOverlayTests.shown, recoloured: false, paper: Self.paper)
        let sims = s.renderedSimulations
        let (outlines, tags) = OverlayPlan.checkMarks(
            input, g, sims, fontSize: Int(14 * scale), lineWidth: 3 * scale, measure: m)
        #expect(!tags.isEmpty && !outlines.isEmpty, "layout \(layouts), scale \(scale): marks drawn")
        for (i, t) in tags.enumerated() {
            #expect(g.pieces.contains { $0.destination.contains(t.shim) }, "tag \(i) inside a pane")
            for u in tags[(i + 1)...] {
                #expect(!OverlayPlan.overlaps(t.shim, u.shim, margin: 0), "tags on each other")
            }
            // The tag's corners back in picture fractions, in the piece that holds it.
            guard let piece = g.pieces.first(where: { $0.destination.contains(t.shim) }),
                let o = g.unclippedPoint(Point(0, 0), in: piece), let k = OverlayPlan.PieceScale(g, piece)
            else { continue }
            let x = (t.shim.x - o.x) / k.x
            let y = (t.shim.y - o.y) / k.y
            #expect(
                !Self.paper.hasMaterial(x: x, y: y, width: t.shim.w / k.x, height: t.shim.h / k.y),
                "layout \(layouts), scale \(scale): tag \(t.lines.map(\.text)) on the material")
        }
        for line in outlines {
            for p in line {
                guard let piece = g.pieces.first(where: { $0.destination.contains(p.x, p.y) }),
                    let o = g.unclippedPoint(Point(0, 0), in: piece), let k = OverlayPlan.PieceScale(g, piece)
                else { continue }
                #expect(!Self.paper.isMaterial((p.x - o.x) / k.x, (p.y - o.y) / k.y), "an outline on the material")
            }
        }
    }

    /// A bar's frame has all four sides, each one straight segment, wherever its edges fall
    /// in the map's cells. The frame lay half a line width off the bar, inside the cell that
    /// holds the bar's edge, which is material: a bar whose sides were not on a cell's
    /// boundary (the green bar at x 500 of a 1280-wide chart, 160 cells) was framed top and
    /// bottom only; and each side was a step per half cell, whose seams the software
    /// renderer drew as gaps between the dashes. A map of 320×180 cells, as `PaperMap` makes
    /// for a 1280×720 picture, with the bar's edges 0.3, 0.5 and 0.7 of a cell in.
    @Test(arguments: [1.0, 2.0]) func aFrameHasFourStraightSides(_ scale: Double) {
        let (columns, rows) = (320, 180)
        let bar = CheckOverlayTests.region(RGB8(60, 160, 60), "green", (125 + 0.3) / 320, (62 + 0.5) / 180)
        let other = CheckOverlayTests.region(RGB8(213, 40, 40), "red", (40 + 0.7) / 320, (50 + 0.3) / 180)
        var m = [Bool](repeating: false, count: columns * rows)
        for r in [bar, other] {
            for row in Int(r.y * 180)..<Int(((r.y + r.height) * 180).rounded(.up)) {
                for c in Int(r.x * 320)..<Int(((r.x + r.width) * 320).rounded(.up)) { m[row * columns + c] = true }
            }
        }
        let shown = CheckTracker.Shown(
            pairs: [
                CheckTracker.Pair(
                    number: 1, first: other, second: bar, risks: [.init(mode: .deuteranopia, verdict: .lookTheSame)],
                    suggestion: nil)
            ], modes: [.deuteranopia])
        let s = ViewState(mode: .deuteranopia)
        let m2 = ApproximateMeasure()
        let g = ViewGeometry(
            state: s, window: FrameSize(1024, 768), picture: FrameSize(1280, 720), uiScale: scale, measure: m2)
        let input = OverlayPlan.CheckInput(
            shown: shown, recoloured: false, paper: PaperMap(columns: columns, rows: rows, material: m))
        let (outlines, _) = OverlayPlan.checkMarks(
            input, g, s.renderedSimulations, fontSize: Int(14 * scale), lineWidth: 3 * scale, measure: m2)
        let piece = g.pieces[0]
        let o = g.unclippedPoint(Point(0, 0), in: piece)!
        let k = OverlayPlan.PieceScale(g, piece)!
        // Each outline's segments in picture fractions; those along each side of the bar.
        var sides = [0, 0, 0, 0] // left, right, top, bottom: segments along them
        var points = 0
        for line in outlines {
            let f = line.map { ((($0.x - o.x) / k.x), (($0.y - o.y) / k.y)) }
            for (a, b) in zip(f, f.dropFirst()) {
                let vertical = abs(a.0 - b.0) < 1e-9
                let alongX = min(a.0, b.0) < bar.x + bar.width && max(a.0, b.0) > bar.x
                let alongY = min(a.1, b.1) < bar.y + bar.height && max(a.1, b.1) > bar.y
                if vertical, alongY, a.0 < bar.x, a.0 > bar.x - 0.02 { sides[0] += 1 }
                if vertical, alongY, a.0 > bar.x + bar.width, a.0 < bar.x + bar.width + 0.02 { sides[1] += 1 }
                if !vertical, alongX, a.1 < bar.y, a.1 > bar.y - 0.03 { sides[2] += 1 }
                if !vertical, alongX, a.1 > bar.y + bar.height, a.1 < bar.y + bar.height + 0.03 { sides[3] += 1 }
            }
            points += line.count
        }
        #expect(sides == [1, 1, 1, 1], "scale \(scale): segments along the left, right, top, bottom: \(sides)")
        #expect(points <= 24, "scale \(scale): \(points) points in the outlines, not a few per side")
    }

    /// Every group of a region's marks is outlined, not its largest only: red's legend swatch,
    /// far from its bar, gets an outline of its own around it, in the single view and in the
    /// split — where the swatch lies on the deuteranopia side and the bar on the other.
    @Test(arguments: [0, 1]) func otherGroupsAreOutlinedToo(_ layouts: Int) {
        var s = ViewState(mode: .deuteranopia)
        for _ in 0..<layouts { s.apply(.cycleLayout) }
        let swatch = SIMD4(0.8, 0.1, 0.04, 0.03)
        var red = CheckOverlayTests.red
        red.others = [swatch]
        var pairs = CheckOverlayTests.shown.pairs
        pairs[0].first = red
        let shown = CheckTracker.Shown(pairs: pairs, modes: CheckOverlayTests.shown.modes)
        let window = FrameSize(1024, 768)
        let m = ApproximateMeasure()
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1280, 720), uiScale: 1, measure: m)
        let input = OverlayPlan.CheckInput(shown: shown, recoloured: false, paper: Self.paper)
        let (outlines, _) = OverlayPlan.checkMarks(input, g, s.renderedSimulations, fontSize: 14, measure: m)
        var around = 0
        for line in outlines {
            for p in line {
                guard let piece = g.pieces.first(where: { $0.destination.contains(p.x, p.y) }),
                    let o = g.unclippedPoint(Point(0, 0), in: piece), let k = OverlayPlan.PieceScale(g, piece)
                else { continue }
                let (x, y) = ((p.x - o.x) / k.x, (p.y - o.y) / k.y)
                let inRing =
                    x > swatch.x - 0.03 && x < swatch.x + swatch.z + 0.03 && y > swatch.y - 0.03
                    && y < swatch.y + swatch.w + 0.03
                let inside = x > swatch.x && x < swatch.x + swatch.z && y > swatch.y && y < swatch.y + swatch.w
                if inRing && !inside { around += 1 }
            }
        }
        // Its corners at least (a side is one segment: `aFrameHasFourStraightSides`).
        #expect(around >= 4, "layout \(layouts): \(around) outline points around the swatch")
    }

    /// Where the picture holds no bare paper near a group (a crowded colour chart: here every
    /// cell of the map is drawn), its tag goes in the band beside the picture when there is
    /// one, with a leader from the tag's side to the group's outline, rather than over the
    /// material (the test scene's colour chart, split at 1024×768, had three tags over its
    /// patches at `--ui-scale` 1 and seven at 2; failed before: 56 issues). A 4:3 picture in
    /// a 1920×1080 window leaves bands beside it; single, split and 2×2.
    @Test(arguments: [0, 1, 2], [1.0, 2.0]) func withoutPaperTagsGoBesideThePicture(_ layouts: Int, _ scale: Double) {
        var s = ViewState(mode: .normal)
        for _ in 0..<layouts { s.apply(.cycleLayout) }
        let m = ApproximateMeasure()
        let g = ViewGeometry(
            state: s, window: FrameSize(1920, 1080), picture: FrameSize(1024, 768), uiScale: scale, measure: m)
        let crowded = PaperMap(columns: 160, rows: 120, material: [Bool](repeating: true, count: 160 * 120))
        let input = OverlayPlan.CheckInput(shown: CheckOverlayTests.shown, recoloured: false, paper: crowded)
        let (outlines, tags) = OverlayPlan.checkMarks(
            input, g, s.renderedSimulations, fontSize: Int(14 * scale), lineWidth: 3 * scale, measure: m)
        #expect(!tags.isEmpty, "layout \(layouts), scale \(scale): tags")
        for (i, t) in tags.enumerated() {
            let box = t.shim
            #expect(
                !g.pieces.contains { $0.destination.intersects(box) },
                "layout \(layouts), scale \(scale): tag \(t.lines.map(\.text)) at \(box) over a picture")
            #expect(g.panes.contains { $0.contains(box) }, "tag \(i) inside a pane")
            for u in tags[(i + 1)...] { #expect(!OverlayPlan.overlaps(box, u.shim, margin: 0), "tags on each other") }
            // Its leader starts at the middle of the tag's side that faces the picture.
            let leader = outlines.first { line in
                line.count == 2 && abs(line[0].y - (box.y + box.h / 2)) < 1e-9
                    && (abs(line[0].x - box.x) < 1e-9 || abs(line[0].x - box.maxX) < 1e-9)
            }
            #expect(leader != nil, "layout \(layouts), scale \(scale): tag \(t.lines.map(\.text)) has a leader")
        }
    }
}
