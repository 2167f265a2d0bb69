import CVDCore
import Testing

@testable import CVDViewModel

/// The document camera's geometry, without SDL: homographies from four points, the
/// orientation's maps and their composition, straightening a page seen in perspective,
/// clicks mapped back to the camera's picture, and what is remembered per source.
@Suite struct DocumentCameraTests {
    static func close(_ a: (x: Double, y: Double)?, _ b: (Double, Double), _ tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.0) <= tolerance && abs(a.y - b.1) <= tolerance
    }

    @Test func homographyFromFourPointsMapsThemAndItsInverseMapsBack() throws {
        let from = [(x: 100.0, y: 80.0), (x: 1180.0, y: 64.0), (x: 1230.0, y: 700.0), (x: 60.0, y: 690.0)]
        let to = [(x: 0.0, y: 0.0), (x: 800.0, y: 0.0), (x: 800.0, y: 600.0), (x: 0.0, y: 600.0)]
        let h = try #require(Homography(from: from, to: to))
        for (p, q) in zip(from, to) { #expect(Self.close(h.apply(p.x, p.y), (q.x, q.y), 1e-6)) }
        let inv = try #require(h.inverse)
        for (p, q) in zip(from, to) { #expect(Self.close(inv.apply(q.x, q.y), (p.x, p.y), 1e-6)) }
        // A straight line stays straight: the midpoint of an edge maps to the edge's midpoint
        // only for affine maps, but any three collinear points stay collinear.
        let a = try #require(h.apply(100, 80))
        let b = try #require(h.apply(640, 72))
        let c = try #require(h.apply(1180, 64))
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        #expect(abs(cross) < 1e-6, "collinear points stay collinear")
        // Three corners on a line make no homography.
        #expect(Homography(from: [(0, 0), (1, 1), (2, 2), (0, 5)], to: to) == nil)
    }

    @Test func orientationsTurnTheCornersWhereTheyShouldGo() {
        let w = 640.0
        let h = 480.0
        // Clockwise: the top-left corner goes to the top right (90°), bottom right (180°),
        // bottom left (270°).
        let cases: [(Int, Bool, (Double, Double), (Double, Double))] = [
            (0, false, (0, 0), (w, h)), (90, false, (h, 0), (w, h)), (180, false, (w, h), (w, h)),
            (270, false, (0, w), (w, h)), (0, true, (w, 0), (w, h)), (90, true, (h, w), (w, h)),
        ]
        for (deg, mirrored, topLeft, _) in cases {
            let o = Orientation(degrees: deg, mirrored: mirrored)
            #expect(Self.close(o.homography(width: w, height: h).apply(0, 0), topLeft), "\(o): top left → \(topLeft)")
            let size = o.size(of: PictureSize(width: w, height: h))
            let want = deg % 180 == 0 ? (w, h) : (h, w)
            #expect(size.width == want.0 && size.height == want.1, "\(o): size")
        }
        // Four quarter turns are none; mirroring twice is none.
        var o = Orientation()
        for _ in 0..<4 { o.rotateClockwise() }
        #expect(o.isUpright)
        let m = Orientation(degrees: 0, mirrored: true).homography(width: w, height: h)
        #expect(m.then(m) == .identity)
        // Composition: 90° then 90° is 180°, as maps.
        let r90 = Orientation(degrees: 90).homography(width: w, height: h)
        let r90b = Orientation(degrees: 90).homography(width: h, height: w)
        let r180 = Orientation(degrees: 180).homography(width: w, height: h)
        for p in [(0.0, 0.0), (w, 0), (17, 300)] {
            #expect(Self.close(r90.then(r90b).apply(p.0, p.1), (r180.apply(p.0, p.1)!.x, r180.apply(p.0, p.1)!.y)))
        }
    }

    /// A page photographed in perspective: its corners (any order) become the shown
    /// picture's corners, the page's proportions are kept, and a click on the straightened
    /// page maps back to the camera picture's point under it.
    @Test func straighteningAPageSeenInPerspective() throws {
        let picture = FrameSize(1280, 720)
        let corners = [(1180.0, 64.0), (60.0, 690.0), (100.0, 80.0), (1230.0, 700.0)] // any order
        let map = PictureMap(
            picture: picture, corners: corners.map { Point($0.0 / 1280, $0.1 / 720) })
        #expect(map.straightened)
        // Reading order: top left, top right, bottom right, bottom left.
        let expected = [(100.0, 80.0), (1180.0, 64.0), (1230.0, 700.0), (60.0, 690.0)]
        let shownCorners = [
            (0.0, 0.0), (map.view.width, 0.0), (map.view.width, map.view.height), (0.0, map.view.height),
        ]
        for (c, s) in zip(expected, shownCorners) {
            #expect(Self.close(map.forward.apply(c.0, c.1), s, 1e-6), "\(c) → \(s)")
        }
        // As tall as the longer side, in the page's own proportions (`PageAspect`, which
        // PageAspectTests checks against pages of known shape).
        let ratio = PageAspect.ratio(
            tl: (100, 80), tr: (1180, 64), br: (1230, 700), bl: (60, 690), centre: (640, 360))
        #expect(abs(map.view.height - 638.0) < 1, "\(map.view)")
        #expect(abs(map.view.width - (638.0 * ratio).rounded()) < 1, "\(map.view), ratio \(ratio)")
        // A click at the shown middle maps back to a point inside the page's quadrilateral.
        let p = map.picturePoint(Point(0.5, 0.5))
        #expect(p.x > 0.4 && p.x < 0.6 && p.y > 0.4 && p.y < 0.6)
        #expect(abs(map.viewPoint(p).x - 0.5) < 1e-9 && abs(map.viewPoint(p).y - 0.5) < 1e-9)
    }

    /// Turned 90° with the page's corners clicked on the turned picture: the page is
    /// upright as the turned picture shows it.
    @Test func straighteningFollowsTheTurn() throws {
        let picture = FrameSize(640, 480)
        let corners = [Point(0.1, 0.1), Point(0.9, 0.1), Point(0.9, 0.9), Point(0.1, 0.9)]
        let map = PictureMap(picture: picture, orientation: Orientation(degrees: 90), corners: corners)
        // On the picture turned clockwise, the camera picture's bottom-left corner is top left.
        #expect(Self.close(map.forward.apply(64, 432), (0, 0), 1e-6))
        #expect(map.view.height > map.view.width, "the page is as tall as the turned picture shows it")
    }

    @Test func geometryMapsClicksThroughTheTurn() {
        var s = ViewState(mode: .normal)
        s.apply(.rotate)
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(640, 480))
        // Turned 90°: the picture is 480 wide, 640 tall, fitted in 1280×720.
        #expect(abs(g.pictureRect.h - 720) < 1 && abs(g.pictureRect.w - 540) < 1)
        // The window's top-left of the picture shows the camera picture's bottom left.
        let p = g.picturePoint(g.pictureRect.x + 1, g.pictureRect.y + 1)!
        #expect(p.x < 0.01 && p.y > 0.99)
        // And back.
        let w = g.windowPoint(Point(0, 1), texture: 0)!
        #expect(abs(w.x - g.pictureRect.x) < 1.5 && abs(w.y - g.pictureRect.y) < 1.5)
    }

    @Test func cornerPickingStraightensAfterFourClicksAndUndoes() {
        var s = ViewState()
        s.apply(.straighten)
        #expect(s.cornerPicks == [])
        s.apply(.probe(Point(0.1, 0.1)))
        s.apply(.probe(Point(0.9, 0.1)))
        s.apply(.clearProbes) // Backspace: takes the last corner back
        #expect(s.cornerPicks?.count == 1 && s.probes.isEmpty)
        for p in [Point(0.9, 0.1), Point(0.9, 0.9), Point(0.1, 0.9)] { s.apply(.probe(p)) }
        #expect(s.cornerPicks == nil && s.pageCorners?.count == 4 && s.probes.isEmpty)
        s.apply(.straighten)
        #expect(s.pageCorners == nil, "t again: the whole picture")
        s.apply(.straighten)
        s.apply(.escape)
        #expect(s.cornerPicks == nil, "Esc stops picking, and does not quit")
    }

    /// A fourth click inside the other three (concave), on their line, or making a sliver
    /// is refused: the first three corners stay, nothing is straightened, and it says so.
    @Test func cornersThatMakeNoPageAreRefused() {
        let three = [Point(0.1, 0.1), Point(0.9, 0.1), Point(0.9, 0.9)]
        for fourth in [Point(0.6, 0.4), Point(0.5, 0.1), Point(0.92, 0.95)] {
            var s = ViewState()
            s.apply(.straighten)
            for p in three + [fourth] { s.apply(.probe(p)) }
            #expect(s.pageCorners == nil && s.cornerPicks == three, "fourth corner \(fourth)")
            #expect(s.notice?.english.hasPrefix("those four corners make no page") == true)
            s.apply(.probe(Point(0.1, 0.9)))
            #expect(s.pageCorners?.count == 4, "then the right fourth corner straightens")
        }
        #expect(PageShape.isPage([Point(0.3, 0.2), Point(0.7, 0.25), Point(0.75, 0.8), Point(0.2, 0.7)]))
        #expect(
            !PageShape.isPage([Point(0.5, 0.5), Point(0.52, 0.5), Point(0.52, 0.52), Point(0.5, 0.52)]), "too small")
    }

    /// A pen stroke that leaves the picture (into the letterbox) and comes back is two
    /// strokes, not one with a straight line across the gap.
    @Test func aStrokeBreaksWhereThePenLeavesThePicture() {
        var s = ViewState()
        s.apply(.togglePen)
        // A 4:3 picture in a 16:9 window: black bands left and right of x = 160…1120.
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(640, 480))
        var gesture = PointerGesture()
        var commands: [Command] = []
        commands += [gesture.press(600, 300, g, pen: true)].compactMap { $0 }
        for x in stride(from: 640.0, through: 1260, by: 40) { commands += [gesture.move(x, 300, g)].compactMap { $0 } }
        for x in stride(from: 1260.0, through: 700, by: -40) { commands += [gesture.move(x, 400, g)].compactMap { $0 } }
        _ = gesture.release(700, 400, g)
        for c in commands { s.apply(c) }
        #expect(s.strokes.count == 2, "\(s.strokes.map(\.count))")
        let xs = s.strokes.flatMap { $0.map(\.x) }
        #expect(xs.allSatisfy { $0 >= 0 && $0 <= 1 }, "every point on the picture")
    }

    @Test func penStrokesUndoAndClear() {
        var s = ViewState()
        s.apply(.togglePen)
        s.apply(.pen(Point(0.1, 0.1), newStroke: true))
        s.apply(.pen(Point(0.2, 0.2), newStroke: false))
        s.apply(.pen(Point(0.5, 0.5), newStroke: true))
        #expect(s.strokes.count == 2 && s.strokes[0].count == 2)
        s.apply(.undoStroke)
        #expect(s.strokes.count == 1)
        s.apply(.clearStrokes)
        #expect(s.strokes.isEmpty)
    }

    /// The Shift+R rectangle is part of the plan: dashes along the dragged rectangle, on the
    /// picture, drawn as the check's outlines are (no drawing of its own in the viewer).
    @Test func theDraggedRegionIsInThePlan() {
        var s = ViewState()
        s.screenIsSource = true
        s.apply(.pickScreenRegion)
        let window = FrameSize(1280, 720)
        let g = ViewGeometry(state: s, window: window, picture: FrameSize(1920, 1080))
        let plan = { (s: ViewState) in
            OverlayPlan(
                .init(geometry: g, state: s, window: window, footer: nil, compact: false), uiScale: 1,
                measure: ApproximateMeasure())
        }
        #expect(plan(s).pickDashes.allSatisfy { $0.isEmpty }, "nothing dragged yet")
        s.apply(.regionDrag(from: Point(0.25, 0.25), to: Point(0.75, 0.5)))
        let dashes = plan(s).pickDashes
        #expect(!dashes[0].isEmpty && !dashes[1].isEmpty)
        // Every dash lies along the rectangle's edges in the window (within a pen width).
        let piece = g.pieces[0].destination
        let (l, r) = (piece.x + 0.25 * piece.w, piece.x + 0.75 * piece.w)
        let (t, b) = (piece.y + 0.25 * piece.h, piece.y + 0.5 * piece.h)
        let pen = OverlayPlan.penWidth(OverlayPlan.labelFont(s, window: window, uiScale: 1))
        for (x, y) in (dashes[0] + dashes[1]).flatMap({ $0 }) {
            let nearEdge = min(abs(x - l), abs(x - r), abs(y - t), abs(y - b)) <= pen
            #expect(nearEdge && x >= l - pen && x <= r + pen && y >= t - pen && y <= b + pen, "\(x),\(y)")
        }
        s.apply(.regionDone(from: Point(0.25, 0.25), to: Point(0.75, 0.5)))
        #expect(plan(s).pickDashes.allSatisfy { $0.isEmpty }, "picked: the rectangle goes")
    }

    /// Strokes live in picture coordinates: in the 2×2 layout the same stroke shows in all four panes.
    @Test func strokesShowInEveryPane() {
        var s = ViewState()
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        s.strokes = [[Point(0.2, 0.2), Point(0.8, 0.8)]]
        let g = ViewGeometry(state: s, window: FrameSize(1280, 720), picture: FrameSize(1280, 720))
        let plan = OverlayPlan(
            .init(geometry: g, state: s, window: FrameSize(1280, 720), footer: nil, compact: false), uiScale: 1,
            measure: ApproximateMeasure())
        #expect(plan.strokes.count == 4)
        for (stroke, piece) in zip(plan.strokes, g.pieces) {
            #expect(stroke.allSatisfy { piece.destination.contains($0.x, $0.y) })
        }
    }

    @Test func rememberedViewsRoundTrip() {
        var r = RememberedViews()
        r["HD Pro Webcam C920 @ usb-0000:00:14.0-1"] = .init(
            orientation: Orientation(degrees: 180, mirrored: true),
            corners: [Point(0.1, 0.1), Point(0.9, 0.1), Point(0.9, 0.9), Point(0.1, 0.9)])
        r["built-in test scene"] = .init(orientation: Orientation(degrees: 90))
        // A picture whose name holds a lone CR: one line, read back as it was written.
        r["image /tmp/a\rb.png"] = .init(orientation: Orientation(degrees: 270))
        #expect(RememberedViews(text: r.text)["image /tmp/a\rb.png"]?.orientation == Orientation(degrees: 270))
        r["image /tmp/a\rb.png"] = nil
        r["image /tmp/a.png"] = .init() // upright: nothing to remember
        let back = RememberedViews(text: r.text)
        #expect(back == r)
        #expect(back["image /tmp/a.png"] == nil)
        #expect(back["built-in test scene"]?.orientation == Orientation(degrees: 90))
        #expect(RememberedViews(text: "junk\nmore junk\twith=fields\n").views.isEmpty)
    }

    /// A file edited on Windows (CR LF), another version's field, a turn not understood:
    /// every line read or kept, nothing lost when the file is written back.
    @Test func rememberedViewsKeepWhatTheyDoNotKnow() {
        let text =
            "image /home/t/map.png\trotate=180 mirror=0\r\nimage /home/t/worksheet.pdf\trotate=90 mirror=0 zoom=2\r\n"
            + "built-in test scene\trotate=180 mirror=0\r\nimage /old/a.png\trotate=ninety mirror=1\r\n"
        var r = RememberedViews(text: text)
        #expect(r["image /home/t/map.png"]?.orientation == Orientation(degrees: 180))
        #expect(r["image /home/t/worksheet.pdf"]?.orientation == Orientation(degrees: 90))
        #expect(r["built-in test scene"]?.orientation == Orientation(degrees: 180))
        r["built-in test scene"] = .init(orientation: Orientation(degrees: 90))
        // A picture whose name holds a lone CR: one line, read back as it was written.
        r["image /tmp/a\rb.png"] = .init(orientation: Orientation(degrees: 270))
        #expect(RememberedViews(text: r.text)["image /tmp/a\rb.png"]?.orientation == Orientation(degrees: 270))
        r["image /tmp/a\rb.png"] = nil
        // Turned upright, the worksheet keeps its line for the field this version does not know.
        r["image /home/t/worksheet.pdf"] = .init()
        let lines = r.text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "built-in test scene\trotate=90 mirror=0", "image /home/t/map.png\trotate=180 mirror=0",
                "image /home/t/worksheet.pdf\trotate=0 mirror=0 zoom=2", "image /old/a.png\trotate=ninety mirror=1",
            ], "\(lines)")
        // Turned anew, the source whose turn was not understood has one line, the new one.
        r["image /old/a.png"] = .init(orientation: Orientation(degrees: 90))
        #expect(r.text.components(separatedBy: "image /old/a.png\t").count == 2, "\(r.text)")
        #expect(RememberedViews(text: r.text).text == r.text, "read and written again: the same bytes")
    }

    @Test func stillLiveIsInTheLayoutRoundOnceThereIsAStill() {
        var s = ViewState(mode: .deuteranopia)
        for _ in 0..<3 { s.apply(.cycleLayout) }
        #expect(s.layout == .single, "no still: single → split → 2×2 → single")
        #expect(s.apply(.grabStill) == .grabStill && s.layout == .stillLive && s.renderedSimulations.count == 2)
        for _ in 0..<4 { s.apply(.cycleLayout) }
        #expect(s.layout == .stillLive, "with a still: still | live → single → split → 2×2 → still | live")
    }
}
