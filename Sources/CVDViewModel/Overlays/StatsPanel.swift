import CVDCore

/// The `i` overlay: frame counts, fps and CPU in a box placed where no other label is.
///
/// It goes top right (docs/live-view.md): in the upper half of the window, against its
/// right edge, beside the picture when a band there has room — a band too narrow for its
/// lines takes them broken at their " · " —; else in a band lower down (below the picture,
/// beside the footer, between a 2×2's rows), off the picture, once the readouts have had
/// theirs — there its figures flowed into fewer, longer lines last —; only then over the
/// picture's top right, below any label already there. Where
/// nowhere has room it is set smaller, down to `BadgeLayout.minimumFont`, and when even
/// that does not fit (a tiny window) it is left out rather than clipped or laid over
/// another label.
public enum StatsPanel {
    /// Where to look, in the order `OverlayPlan` asks: the upper bands before the probes'
    /// readouts (they can say less, it cannot), the rest after them (the band below the
    /// picture is the readouts' first), then `flowed` (a plan that had to flow the figures
    /// tries the chip naming the model and the footer placed after them, for them whole).
    enum Reach {
        case upperBands, lowerBands, flowed, overPicture
    }

    /// The panel in the first of `reaches` that has room, clear of every label where there
    /// is room for that (`FreeSpace.placing`); nil where none has.
    static func place(
        _ lines: [String], fontSize: Int, reaches: [Reach], space: FreeSpace, measure: TextMeasuring
    ) -> LabelBox? {
        for reach in reaches {
            if let box = space.placing({ place(lines, fontSize: fontSize, reach: reach, space: $0, measure: measure) })
            {
                return box
            }
        }
        return nil
    }

    static func place(
        _ lines: [String], fontSize: Int, reach: Reach, space: FreeSpace, measure: TextMeasuring
    ) -> LabelBox? {
        // Off the picture down to three quarters of the size, then its lines broken at
        // their " · " (a band beside a tall picture is narrower than a line), smaller if
        // need be — in the lower bands, after the readouts, then whole and smaller still (a
        // strip between a 2×2's rows is wide and low); flowed, its figures in fewer and
        // longer lines (a strip between the picture and a caption is wider and lower
        // still), the largest size first; over the picture whole, smaller if need be.
        let floor = max(BadgeLayout.minimumFont, fontSize * 3 / 4)
        let broken = lines.flatMap { $0.split(separator: " · ").map(String.init) }
        let least = BadgeLayout.minimumFont
        let tries: [(Int) -> [[String]]]
        switch reach {
        case .upperBands:
            tries = [{ $0 >= floor ? [lines] : [] }, { _ in broken.count > lines.count ? [broken] : [] }]
        case .lowerBands:
            tries = [
                { $0 >= floor ? [lines] : [] }, { _ in broken.count > lines.count ? [broken] : [] }, { _ in [lines] },
            ]
        case .flowed:
            return flowedPlace(broken, fontSize: fontSize, space: space, measure: measure)
        case .overPicture:
            tries = [{ _ in [lines] }]
        }
        let w = space.window
        let room = reach == .lowerBands ? w : Rect(w.x, w.y, w.w, w.h / 2)
        for texts in tries {
            var size = fontSize
            while size >= least {
                for text in texts(size) {
                    let off = reach != .overPicture
                    if let box = place(text, size: size, in: room, space: space, offPicture: off, measure) {
                        return box
                    }
                }
                size -= max(1, size / 10)
            }
        }
        return nil
    }

    /// The figures flowed into as few lines as fit, at the largest size that fits, in the
    /// largest free rectangles off the picture (`FreeSpace.openings`): a handful of places
    /// looked at, not the window scanned for each way of flowing them (the plan is laid out
    /// again every frame while the figures change).
    static func flowedPlace(_ pieces: [String], fontSize: Int, space: FreeSpace, measure: TextMeasuring)
        -> LabelBox?
    {
        guard pieces.count > 1 else { return nil }
        var off = space
        for p in space.pictures { off.take(p) }
        let openings = off.openings(of: space.window)
        var size = fontSize
        while size >= BadgeLayout.minimumFont {
            for text in flowings(pieces, size: size, measure).dropLast() {
                // (Where the panel is wider than the room, `place` looks no further.)
                for room in openings {
                    if let box = place(text, size: size, in: room, space: space, offPicture: true, measure) {
                        return box
                    }
                }
            }
            size -= max(1, size / 10)
        }
        return nil
    }

    /// `pieces` joined with " · " into `count` lines, in order, broken where the widest
    /// line is narrowest; of equal ones, the first (`flowings`).
    static func flowed(_ pieces: [String], into count: Int, size: Int, _ measure: TextMeasuring) -> [String] {
        flowings(pieces, size: size, measure)[count - 1]
    }

    /// `pieces` flowed into 1, 2, … n lines ([k − 1]: k lines), each broken where its widest
    /// line is narrowest: every way of breaking them is tried once (the figures are a
    /// handful), each piece measured once. Past 16 pieces, one line of all and one a piece.
    static func flowings(_ pieces: [String], size: Int, _ measure: TextMeasuring) -> [[String]] {
        let n = pieces.count
        guard n > 1 else { return [pieces] }
        guard n <= 16 else { return [[pieces.joined(separator: " · ")]] + Array(repeating: pieces, count: n - 1) }
        let widths = pieces.map { Double(measure.size(of: $0, fontSize: size).width) }
        let gap = Double(measure.size(of: " · ", fontSize: size).width)
        // Bit i of `breaks`: a line ends after piece i. best[k]: for k + 1 lines.
        var best = [(widest: Double, breaks: Int)?](repeating: nil, count: n)
        for breaks in 0..<(1 << (n - 1)) {
            var widest = 0.0
            var line = 0.0
            for i in 0..<n {
                line += widths[i] + (line > 0 ? gap : 0)
                if i == n - 1 || breaks & (1 << i) != 0 { (widest, line) = (max(widest, line), 0) }
            }
            let k = breaks.nonzeroBitCount
            if best[k].map({ widest < $0.widest }) ?? true { best[k] = (widest, breaks) }
        }
        return best.map { chosen in
            var lines: [String] = []
            var line: [String] = []
            for (i, piece) in pieces.enumerated() {
                line.append(piece)
                if i == n - 1 || (chosen?.breaks ?? 0) & (1 << i) != 0 {
                    lines.append(line.joined(separator: " · "))
                    line = []
                }
            }
            return lines
        }
    }

    static func place(
        _ lines: [String], size: Int, in room: Rect, space: FreeSpace, offPicture: Bool, _ measure: TextMeasuring
    ) -> LabelBox? {
        let pad = (Double(size) * 0.3).rounded()
        let margin = (Double(size) * 0.2).rounded()
        let sizes = lines.map { measure.size(of: $0, fontSize: size) }
        let lineH = Double(sizes.map(\.height).max() ?? size)
        let w = Double(sizes.map(\.width).max() ?? 0) + 2 * pad
        let h = lineH * Double(lines.count) + 2 * pad
        let extent = Rect(0, 0, w + 2 * margin, h + 2 * margin)
        // A room of half the window still takes a box taller than that, from the top.
        let tall = Rect(room.x, room.y, room.w, max(extent.h, room.h))
        let spot = [true, false].lazy.compactMap {
            space.highest(size: extent, in: tall, alignRight: $0, offPicture: offPicture)
        }.first
        guard let r = spot else { return nil }
        let x = r.x + margin
        let y = r.y + margin
        return LabelBox(
            shim: Rect(x, y, w, h),
            lines: zip(lines, sizes).enumerated().map { i, l in
                .init(
                    text: l.0, fontSize: size,
                    rect: Rect(x + pad, y + pad + Double(i) * lineH, Double(l.1.width), lineH).whole)
            })
    }
}
