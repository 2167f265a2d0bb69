import CVDCore
import CVDLocale
import CVDSystem

/// The window-wide labels (`OverlayPlan`): the caption, the state chips and the legend
/// (wrapped into their rooms), and the footer.
extension OverlayPlan {
    /// A state chip's words, led by a drawn pause sign when it says the picture is frozen.
    struct ChipText: Equatable {
        let text: String
        var pauseSign = false
    }

    /// The caption: as wide as its room, at the bottom of the band below the pictures (or
    /// at the top of the one above, or at the foot of one beside them, or between a 2×2's
    /// rows), at the label size or down to 0.6 of it, in a room whole; else, in the same
    /// order, in the largest part of a room left free that is half the window wide (between
    /// the rows: above the lower badges), down to the floor the secondary labels have in a
    /// band; else along the bottom of the window over the picture, at most three lines and
    /// a quarter of its height.
    static func caption(_ text: String, fontSize: Int, rooms: [Rect], space: FreeSpace, measure: TextMeasuring)
        -> LabelBox?
    {
        let floor = max(BadgeLayout.minimumFont, Int(Double(fontSize) * 0.6))
        // The framed layout keeps the caption's lines at the secondary labels' size.
        let partFloor = bandFloor(Int(Double(fontSize) * smallTextScale))
        // In `place` of room `k`: below the pictures, above them, then at the foot of a band
        // beside them (a portrait picture's), where it may take more lines, then between rows.
        func fit(_ place: Rect, _ k: Int, down least: Int) -> LabelBox? {
            var size = fontSize
            while size >= least {
                let box = captionBox(text, fontSize: size, room: place, atTop: k == 1, measure: measure)
                if box.shim.h <= place.h, box.lines.count <= (k == 2 || k == 3 ? 8 : 3),
                    space.isFree(box.shim, offPicture: true)
                {
                    return box
                }
                size -= max(1, size / 12)
            }
            return nil
        }
        let open = rooms.enumerated().filter { $0.element.h > 0 && $0.element.w > 0 }
        for (k, room) in open {
            if let box = fit(room, k, down: floor) { return box }
        }
        for (k, room) in open {
            let wide = space.openings(of: room).filter { $0 != room && $0.w >= space.window.w / 2 }
            if let part = wide.first, let box = fit(part, k, down: partFloor) { return box }
        }
        // Over the picture: as low as is free (above a badge or a ring at the bottom).
        var size = fontSize
        let window = space.window
        while true {
            let box = captionBox(text, fontSize: size, room: window, atTop: false, measure: measure)
            if (box.lines.count <= 3 && box.shim.h <= window.h * 0.25) || size <= BadgeLayout.minimumFont {
                let extent = Rect(0, 0, box.shim.w, box.shim.h)
                if let r = space.lowest(size: extent, in: window, alignRight: false, offPicture: false) {
                    return box.moved(dx: r.x - box.shim.x, dy: r.y - box.shim.y)
                }
                if size <= BadgeLayout.minimumFont { return nil }
            }
            size -= max(1, size / 12)
        }
    }

    static func captionBox(_ text: String, fontSize size: Int, room: Rect, atTop: Bool, measure: TextMeasuring)
        -> LabelBox
    {
        let pad = (Double(size) * 0.4).rounded()
        let lines = HelpSheet.wrap(text, width: room.w - 4 * pad, font: size, measure)
        let lineH = Double(measure.size(of: "Ag", fontSize: size).height)
        let h = lineH * Double(lines.count) + 2 * pad
        let y = atTop ? room.y : room.maxY - h
        return LabelBox(
            shim: Rect(room.x, y, room.w, h),
            lines: lines.enumerated().map { i, l in
                let s = measure.size(of: l, fontSize: size)
                return .init(
                    text: l, fontSize: size,
                    rect: Rect(
                        room.x + 2 * pad, y + pad + Double(i) * lineH, min(Double(s.width), room.w - 4 * pad),
                        Double(s.height)
                    ).whole)
            })
    }

    /// The chips in a row, right-aligned at the bottom of the first room with space for
    /// them (stacked above what is there already), else at the picture's bottom right.
    static func chips(_ texts: [ChipText], fontSize: Int, rooms: [Rect], space: FreeSpace, measure: TextMeasuring)
        -> [LabelBox]
    {
        let row = chipRow(texts, fontSize: fontSize, right: 0, bottom: 0, measure: measure)
        guard let first = row.first, let last = row.last else { return [] }
        let bounds = Rect(first.shim.x, first.shim.y, last.shim.maxX - first.shim.x, first.shim.h)
        let m = (Double(fontSize) * 0.3).rounded()
        let extent = Rect(0, 0, bounds.w + 2 * m, bounds.h + 2 * m)
        func at(_ r: Rect) -> [LabelBox] { row.map { $0.moved(dx: r.x + m - bounds.x, dy: r.y + m - bounds.y) } }
        for room in rooms where room.w > 0 && room.h > 0 {
            if let r = space.lowest(size: extent, in: room, alignRight: true, offPicture: true) { return at(r) }
        }
        if rooms.isEmpty, let r = space.lowest(size: extent, in: space.window, alignRight: true, offPicture: false) {
            return at(r)
        }
        return []
    }

    /// A footer-like label (the footer, the legend): wrapped to its room's width, at the
    /// bottom of the first room with space for it (left or right), else on the picture. A
    /// room narrower than the text and than half a dozen characters is passed over: a band
    /// that narrow would stack a short message a word (in Japanese, a character) a line.
    static func wrapped(
        _ text: String, swatch: RGB8?, fontSize: Int, rooms: [Rect], alignRight: Bool, space: FreeSpace,
        measure: TextMeasuring
    ) -> LabelBox? {
        let least = min(Double(measure.size(of: text, fontSize: fontSize).width), Double(fontSize) * 6)
        // Each room whole, then the part of it beside what is there already (the chips on
        // its side; on the other side a badge: wrapped to what is left beside it); then the
        // free rectangles left in the rooms (`FreeSpace.openings`), set smaller to fit. In a
        // room the box goes to its lowest free place, so one pad of air is all it keeps: a
        // strip between the picture and the caption then holds a line at half size or more
        // (a Japanese line too, whose characters fill their height).
        let bands = rooms.filter { $0.w > 0 && $0.h > 0 }
        let parts = bands.flatMap { space.parts(of: $0, alignRight: alignRight) } + bands.flatMap(space.openings)
        for room in parts where room.w >= least {
            guard
                let box = footer(
                    text, swatch: swatch, fontSize: fontSize, room: room, maxHeight: room.h, margin: 1,
                    measure: measure),
                room.contains(box.shim), (box.lines.first?.fontSize ?? 0) >= bandFloor(fontSize)
            else { continue }
            let extent = Rect(0, 0, box.shim.w, box.shim.h)
            if let r = space.lowest(size: extent, in: room, alignRight: alignRight, offPicture: true) {
                return box.moved(dx: r.x - box.shim.x, dy: r.y - box.shim.y)
            }
        }
        let window = space.window
        guard
            let box = footer(
                text, swatch: swatch, fontSize: fontSize, room: window, maxHeight: window.h * 0.22, measure: measure)
        else { return nil }
        let extent = Rect(0, 0, box.shim.w, box.shim.h)
        // Over what is to be kept clear (the check's tags) rather than not at all.
        return space.placing { $0.lowest(size: extent, in: window, alignRight: alignRight, offPicture: false) }.map {
            box.moved(dx: $0.x - box.shim.x, dy: $0.y - box.shim.y)
        }
    }

    /// Chips right to left ending at (right, bottom).
    static func chipRow(_ texts: [ChipText], fontSize: Int, right: Double, bottom: Double, measure: TextMeasuring)
        -> [LabelBox]
    {
        var chips: [LabelBox] = []
        var right = right
        for chip in texts.reversed() {
            let t = measure.size(of: chip.text, fontSize: fontSize)
            let pad = (Double(fontSize) * 0.3).rounded()
            // The pause sign: two bars as tall as a capital, drawn as shapes (a glyph such
            // as ❚❚ is missing from some fonts and shows as empty boxes).
            let bar = max(2, (Double(fontSize) * 0.22).rounded())
            let sign = chip.pauseSign ? 3 * bar + pad : 0
            let w = Double(t.width) + 2 * pad + sign
            let h = Double(t.height) + 2 * pad
            let x = right - pad - w
            let y = bottom - 2 * pad - h
            let barH = (Double(t.height) * 0.62).rounded()
            let barY = (y + (h - barH) / 2).rounded()
            let bars: [LabelBox.Swatch] =
                chip.pauseSign
                ? [0, 2].map { k in
                    .init(rect: Rect(x + pad + Double(k) * bar, barY, bar, barH), colour: RGB8(255, 255, 255))
                } : []
            chips.insert(
                LabelBox(
                    shim: Rect(x, y, w, h),
                    lines: [
                        .init(
                            text: chip.text, fontSize: fontSize,
                            rect: Rect(x + pad + sign, y + pad, Double(t.width), Double(t.height)).whole)
                    ], swatches: bars),
                at: 0)
            right = x
        }
        return chips
    }

    /// The footer, bottom left of `room`, `margin` pads above its bottom: wrapped at clause
    /// and word breaks to the room's width, set smaller while it and its margin are taller
    /// than `maxHeight` or a word is too wide, and at the smallest size cut to the lines
    /// that fit, ending in "…". With a `swatch`, a colour square leads its first line (the
    /// legend's picked colour).
    static func footer(
        _ text: String, swatch: RGB8? = nil, fontSize: Int, room: Rect, maxHeight: Double, margin: Double = 2,
        measure: TextMeasuring
    ) -> LabelBox? {
        var size = fontSize
        while true {
            let pad = (Double(size) * 0.3).rounded()
            let lead = swatch == nil ? 0 : Double(size) * 1.2 + pad
            let width = room.w - 4 * pad - lead
            guard width > 0 else { return nil }
            let whole = measure.size(of: text, fontSize: size)
            // Per column, as `SourceLine.wrap` counts (a Chinese or Japanese character two).
            let charWidth = Double(whole.width) / Double(max(1, LineBreaks.columns(text)))
            var lines = SourceLine.wrap(text, maxChars: max(1, Int(width / max(1, charWidth))))
            var sizes = lines.map { measure.size(of: $0, fontSize: size) }
            let lineH = Double(sizes.first?.height ?? size)
            let fitsWide = Double(sizes.map(\.width).max() ?? 0) <= width
            // The shim (a pad above and below the text) and its margin to the room's edge.
            let fitsHigh = lineH * Double(lines.count) + (2 + margin) * pad <= maxHeight
            guard (fitsWide && fitsHigh) || size <= BadgeLayout.minimumFont else {
                size -= 1
                continue
            }
            let keep = max(1, min(lines.count, Int((maxHeight - (2 + margin) * pad) / lineH)))
            if keep < lines.count {
                lines = Array(lines.prefix(keep))
                lines[keep - 1] += " …"
                sizes = lines.map { measure.size(of: $0, fontSize: size) }
            }
            let widest = Double(sizes.map(\.width).max() ?? 0)
            let h = lineH * Double(lines.count)
            let x = room.x + pad
            let y = room.maxY - h - (1 + margin) * pad
            let w = min(widest, width) + lead
            let swatches =
                swatch.map {
                    [
                        LabelBox.Swatch(
                            rect: Rect(
                                x + pad, y + (lineH - Double(size) * 1.2) / 2, Double(size) * 1.2, Double(size) * 1.2),
                            colour: $0)
                    ]
                } ?? []
            return LabelBox(
                shim: Rect(x, y - pad, w + 2 * pad, h + 2 * pad),
                lines: zip(lines, sizes).enumerated().map { i, l in
                    .init(
                        text: l.0, fontSize: size,
                        rect: Rect(x + pad + lead, y + Double(i) * lineH, min(Double(l.1.width), width), lineH).whole)
                }, swatches: swatches)
        }
    }
}

extension Rect {
    static let zero = Rect(0, 0, 0, 0)
}
