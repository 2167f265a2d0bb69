import CVDCore

/// The `i` overlay: frame counts, fps and CPU in a box placed where no other label is.
///
/// It goes top right (docs/live-view.md): in the upper half of the window, against its
/// right edge, beside the picture when a band there has room — a band too narrow for its
/// lines takes them broken at their " · " —; else in a band lower down (below the picture,
/// beside the footer, between a 2×2's rows), off the picture, once the readouts have had
/// theirs; only then over the picture's top right, below any label already there. Where
/// nowhere has room it is set smaller, down to `BadgeLayout.minimumFont`, and when even
/// that does not fit (a tiny window) it is left out rather than clipped or laid over
/// another label.
public enum StatsPanel {
    /// Where to look, in the order `OverlayPlan` asks: the upper bands before the probes'
    /// readouts (they can say less, it cannot), the rest after them (the band below the
    /// picture is the readouts' first).
    enum Reach {
        case upperBands, lowerBands, overPicture
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
        // strip between a 2×2's rows is wide and low); over the picture whole, smaller if
        // need be.
        let floor = max(BadgeLayout.minimumFont, fontSize * 3 / 4)
        let broken = lines.flatMap { $0.split(separator: " · ").map(String.init) }
        let offPicture = reach != .overPicture
        let least = BadgeLayout.minimumFont
        let tries =
            offPicture
            ? [(lines, floor)] + (broken.count > lines.count ? [(broken, least)] : [])
                + (reach == .lowerBands ? [(lines, least)] : [])
            : [(lines, least)]
        let w = space.window
        let room = reach == .lowerBands ? w : Rect(w.x, w.y, w.w, w.h / 2)
        for (text, least) in tries {
            var size = fontSize
            while size >= least {
                if let box = place(text, size: size, in: room, space: space, offPicture: offPicture, measure) {
                    return box
                }
                size -= max(1, size / 10)
            }
        }
        return nil
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
