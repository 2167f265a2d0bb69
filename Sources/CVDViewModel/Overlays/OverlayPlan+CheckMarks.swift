import CVDCheck
import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// The check's marks in the panes, off the material when the picture's paper is known
/// (`PaperMap`): an outline a little outside the box of each group of a region's marks,
/// broken wherever it would cross anything drawn; its pairs' numbers in a tag on bare paper
/// near the outline of its largest mark's group — the nearest such place inside the pane
/// and clear of every other tag and label — joined to it by a leader (broken likewise) when
/// not beside it. Without a map, or with no bare paper that holds it (a crowded chart, large
/// labels), the tag goes in the band beside the picture with a leader (`tagBeside`); where
/// that has no room, to the nearest place clear of the others over the picture; only where
/// there is none, at that outline's top-left corner.
extension OverlayPlan {
    /// The outlines (and leaders) as window polylines and the number tags, for every piece;
    /// the tags clear of `labels` (window rectangles: labels and rings placed before them).
    static func checkMarks(
        _ input: CheckInput, _ g: ViewGeometry, _ simulations: [Simulation], fontSize: Int, lineWidth: Double = 3,
        avoiding labels: [Rect] = [], measure: TextMeasuring
    ) -> (outlines: [[(x: Double, y: Double)]], tags: [LabelBox]) {
        guard !input.recoloured else { return ([], []) }
        var outlines: [[(x: Double, y: Double)]] = []
        var tags: [LabelBox] = []
        var taken = labels
        for piece in g.pieces where simulations.indices.contains(piece.texture) {
            let mode = simulations[piece.texture].mode
            // Region (by its box) → the numbers of the pairs it is in, in this piece's mode.
            var numbered: [(region: CheckTracker.Region, numbers: [Int])] = []
            for pair in input.shown.pairs where mode == .normal || pair.isAtRisk(in: mode) {
                for r in [pair.first, pair.second] {
                    if let k = numbered.firstIndex(where: { $0.region == r }) {
                        numbered[k].numbers.append(pair.number)
                    } else {
                        numbered.append((r, [pair.number]))
                    }
                }
            }
            guard let scale = PieceScale(g, piece) else { continue }
            // The outline's distance from the mark and its half width, in picture fractions;
            // with a map, at least a cell of it past its half width, so that the outline's
            // cells never hold the mark's own edge (which would break the outline there).
            let half = scale.fractions(lineWidth / 2 + 1)
            let cell = input.paper.map { (x: $0.cell.width, y: $0.cell.height) } ?? (x: 0, y: 0)
            let least = scale.fractions(lineWidth * 1.5)
            let off = (x: max(least.x, half.x + cell.x), y: max(least.y, half.y + cell.y))
            for (r, numbers) in numbered {
                // The region's groups of marks, the largest mark's first; the tag goes at the
                // first this piece shows (none shown — the split's other side, zoomed away —
                // no tag).
                let groups = [Rect(r.x, r.y, r.width, r.height)] + r.others.map { Rect($0.x, $0.y, $0.z, $0.w) }
                guard let anchor = groups.first(where: { !strokes([outline($0)], g, pieces: [piece]).isEmpty })
                else { continue }
                let tag = numberTag(
                    numbers.map(String.init).joined(separator: " "), fontSize: fontSize, measure: measure)
                var box = anchor
                if let paper = input.paper {
                    for group in groups {
                        let around = Rect(group.x - off.x, group.y - off.y, group.w + 2 * off.x, group.h + 2 * off.y)
                        outlines += strokes(Self.onPaper(outline(around), paper, half: half), g, pieces: [piece])
                        if group == anchor { box = around }
                    }
                } else {
                    outlines += strokes(groups.map { outline($0) }, g, pieces: [piece])
                }
                // On bare paper; else (a crowded chart, a photograph, no map, a tag larger
                // than the paper between) beside the picture, with a leader; else over the
                // picture, clear of the others; else at the corner.
                let paperPlace = input.paper.flatMap {
                    Self.placeTag(tag, near: box, $0, scale, g, piece, gap: off, avoiding: taken)
                }
                if paperPlace == nil, let beside = Self.tagBeside(tag, outline: box, g, piece, avoiding: taken) {
                    tags.append(beside.tag)
                    taken.append(beside.tag.shim)
                    outlines.append(beside.leader)
                    continue
                }
                let placed =
                    paperPlace ?? Self.placeTag(tag, near: box, nil, scale, g, piece, gap: off, avoiding: taken)
                guard let placed else {
                    if let t = Self.atCorner(tag, anchor, g, piece) {
                        tags.append(t)
                        taken.append(t.shim)
                    }
                    continue
                }
                tags.append(placed.tag)
                taken.append(placed.tag.shim)
                if let from = placed.at {
                    // A leader from the tag's centre to the nearest point of the outline.
                    let to = Point(min(max(from.x, box.x), box.maxX), min(max(from.y, box.y), box.maxY))
                    let steps = 24
                    let line = (0...steps).map { k in
                        let t = Double(k) / Double(steps)
                        return Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t)
                    }
                    outlines += strokes(
                        input.paper.map { Self.onPaper(line, $0, half: half) } ?? [line], g, pieces: [piece])
                }
            }
        }
        return (outlines, tags)
    }

    /// The tag at the top-left corner of `r` (picture fractions), kept inside the piece (a
    /// region at the picture's edge); nil when the piece is smaller than the tag.
    static func atCorner(_ tag: LabelBox, _ r: Rect, _ g: ViewGeometry, _ piece: ViewGeometry.Piece)
        -> LabelBox?
    {
        guard let corner = g.unclippedPoint(Point(r.x, r.y), in: piece) else { return nil }
        let d = piece.destination
        let x = min(max(corner.x, d.x), d.maxX - tag.shim.w)
        let y = min(max(corner.y, d.y), d.maxY - tag.shim.h)
        guard x >= d.x, y >= d.y else { return nil }
        return tag.moved(dx: x - tag.shim.x, dy: y - tag.shim.y)
    }

    /// Window pixels per picture fraction in a piece, along the picture's x and y (a turned
    /// view swaps the window's axes).
    struct PieceScale {
        let x: Double, y: Double
        let turned: Bool
        init?(_ g: ViewGeometry, _ piece: ViewGeometry.Piece) {
            guard let o = g.unclippedPoint(Point(0, 0), in: piece), let ex = g.unclippedPoint(Point(1, 0), in: piece),
                let ey = g.unclippedPoint(Point(0, 1), in: piece)
            else { return nil }
            x = max(1e-6, hypot(ex.x - o.x, ex.y - o.y))
            y = max(1e-6, hypot(ey.x - o.x, ey.y - o.y))
            turned = abs(ex.y - o.y) > abs(ex.x - o.x)
        }
        /// `pixels` window pixels as fractions of the picture along each axis.
        func fractions(_ pixels: Double) -> (x: Double, y: Double) { (pixels / x, pixels / y) }
    }

    /// The runs of `line` (picture fractions) that lie on bare paper, a line `half` wide
    /// each side; a line off the picture is on paper.
    static func onPaper(_ line: [Point], _ paper: PaperMap, half: (x: Double, y: Double)) -> [[Point]] {
        // Each segment cut into steps of half a cell of the map (its shorter side).
        let step = 0.5 * min(paper.cell.width, paper.cell.height)
        var runs: [[Point]] = []
        var run: [Point] = []
        func visit(_ p: Point) {
            if paper.hasMaterial(x: p.x - half.x, y: p.y - half.y, width: 2 * half.x, height: 2 * half.y) {
                if run.count > 1 { runs.append(run) }
                run = []
            } else if run.count > 1, collinear(run[run.count - 2], run[run.count - 1], p) {
                // One segment, not a step per half cell: a dashed line of many short pieces
                // shows the renderer's seams between them as gaps.
                run[run.count - 1] = p
            } else {
                run.append(p)
            }
        }
        func collinear(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) <= 1e-12
        }
        for (a, b) in zip(line, line.dropFirst()) {
            let n = max(1, Int((max(abs(b.x - a.x), abs(b.y - a.y)) / step).rounded(.up)))
            for k in 0..<n {
                visit(Point(a.x + (b.x - a.x) * Double(k) / Double(n), a.y + (b.y - a.y) * Double(k) / Double(n)))
            }
        }
        if let last = line.last { visit(last) }
        if run.count > 1 { runs.append(run) }
        return runs
    }

    /// A tag for `box` inside the piece, on bare paper (`paper`; nil: anywhere) and clear of
    /// `taken` (window rectangles): above its top-left and top-right corners, below, left,
    /// right, then in rings of growing distance — the first that fits; `at`, the tag's centre
    /// in picture fractions, when it is not beside the box (it then wants a leader). Nil when
    /// the piece has no such place.
    static func placeTag(
        _ tag: LabelBox, near box: Rect, _ paper: PaperMap?, _ scale: PieceScale, _ g: ViewGeometry,
        _ piece: ViewGeometry.Piece, gap: (x: Double, y: Double), avoiding taken: [Rect]
    ) -> (tag: LabelBox, at: Point?)? {
        // The tag's size in picture fractions (a turned view: the window's width runs along y).
        let w = scale.turned ? tag.shim.h / scale.x : tag.shim.w / scale.x
        let h = scale.turned ? tag.shim.w / scale.y : tag.shim.h / scale.y
        let d = piece.destination
        func fits(_ x: Double, _ y: Double) -> LabelBox? {
            guard x >= 0, y >= 0, x + w <= 1, y + h <= 1,
                paper?.hasMaterial(x: x - gap.x, y: y - gap.y, width: w + 2 * gap.x, height: h + 2 * gap.y) != true,
                let a = g.unclippedPoint(Point(x, y), in: piece),
                let b = g.unclippedPoint(Point(x + w, y + h), in: piece)
            else { return nil }
            let window = Rect(min(a.x, b.x), min(a.y, b.y), tag.shim.w, tag.shim.h)
            guard window.x >= d.x, window.y >= d.y, window.maxX <= d.maxX, window.maxY <= d.maxY,
                !taken.contains(where: { overlaps($0, window, margin: 2) })
            else { return nil }
            return tag.moved(dx: window.x - tag.shim.x, dy: window.y - tag.shim.y)
        }
        let above = box.y - h - gap.y
        let first = [
            (box.x, above), (box.maxX - w, above), (box.x, box.maxY + gap.y), (box.x - w - gap.x, box.y),
            (box.maxX + gap.x, box.y),
        ]
        for (x, y) in first { if let t = fits(x, y) { return (t, nil) } }
        let step = max(0.004, min(w, h) / 2)
        var r = step
        while r < 1 {
            let (x0, y0) = (box.x - w - gap.x - r, box.y - h - gap.y - r)
            let (x1, y1) = (box.maxX + gap.x + r, box.maxY + gap.y + r)
            var ring: [(Double, Double)] = []
            var x = x0
            while x <= x1 {
                ring += [(x, y0), (x, y1)]
                x += step
            }
            var y = y0
            while y <= y1 {
                ring += [(x0, y), (x1, y)]
                y += step
            }
            for (x, y) in ring { if let t = fits(x, y) { return (t, Point(x + w / 2, y + h / 2)) } }
            r += step
        }
        return nil
    }

    static func overlaps(_ a: Rect, _ b: Rect, margin m: Double) -> Bool {
        a.x - m < b.maxX && b.x - m < a.maxX && a.y - m < b.maxY && b.y - m < a.maxY
    }
}
