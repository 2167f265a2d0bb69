import CVDCheck
import CVDCore

/// The check of the material on screen (`z`): each pair's two regions outlined in every
/// pane whose mode puts the pair at risk (a normal-vision pane: every pair), with the pair's
/// number in a tag at the outline's top-left corner, and the band that lists the pairs
/// (`CheckWords`) beside the picture where there is room.
extension OverlayPlan {
    /// What the check shows this frame: the pairs, and whether the outlines are drawn (not
    /// over the recoloured still).
    public struct CheckInput: Equatable, Sendable {
        public let shown: CheckTracker.Shown
        public let recoloured: Bool
        /// Where the picture is bare paper (nil: not known; the marks then go at the boxes).
        public let paper: PaperMap?
        public init(shown: CheckTracker.Shown, recoloured: Bool, paper: PaperMap? = nil) {
            self.shown = shown
            self.recoloured = recoloured
            self.paper = paper
        }
    }

    /// The smallest share of the secondary labels' size the band is set at beside the picture.
    static let bandShare = 0.85

    /// A region's box as a closed polyline in picture coordinates, each side in eight steps
    /// (a straightened page bends it).
    static func outline(_ r: CheckTracker.Region) -> [Point] { outline(Rect(r.x, r.y, r.width, r.height)) }

    /// A box (picture fractions) as a closed polyline, each side in eight steps.
    static func outline(_ r: Rect) -> [Point] {
        let corners = [
            Point(r.x, r.y), Point(r.x + r.w, r.y), Point(r.x + r.w, r.y + r.h), Point(r.x, r.y + r.h),
        ]
        var out: [Point] = []
        for k in 0..<4 {
            let a = corners[k]
            let b = corners[(k + 1) % 4]
            for s in 0..<8 {
                let t = Double(s) / 8
                out.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        out.append(corners[0])
        return out
    }

    /// An opaque tag with the pair numbers in white.
    static func numberTag(_ text: String, fontSize: Int, measure: TextMeasuring) -> LabelBox {
        let s = measure.size(of: text, fontSize: fontSize)
        let pad = (Double(fontSize) * 0.25).rounded()
        return LabelBox(
            shim: Rect(0, 0, Double(s.width) + 2 * pad, Double(s.height) + pad),
            lines: [.init(text: text, fontSize: fontSize, rect: Rect(pad, pad / 2, Double(s.width), Double(s.height)))],
            shimAlpha: 1)
    }

    /// The band: in the first room with space for it (the band below the picture, then
    /// above, then one beside it with lines of sixteen characters or more), at the
    /// secondary labels' size or down to `bandShare` of it; then without the suggestions'
    /// lines, down to `bandFloor` and to the smallest label size, then as one line of the
    /// pairs' names (`squeezed`: the framed layout then makes more room, `framing`, rather
    /// than leave a list to be read from the back of a room that small); only then over the
    /// bottom of the window, at most a third of its height.
    static func checkBand(
        _ input: CheckInput, fontSize: Int, uiScale: Double = 1, rooms: [Rect], space: FreeSpace,
        measure: TextMeasuring
    ) -> (box: LabelBox?, squeezed: Bool) {
        let full = CheckWords.paragraphs(input.shown, recoloured: input.recoloured)
        let short = CheckWords.paragraphs(input.shown, recoloured: input.recoloured, suggestions: false)
        let comfortable = max(BadgeLayout.minimumFont, Int(Double(fontSize) * bandShare))
        // The whole list, then without the suggestions' lines (the swatches on the recoloured
        // still, and `cvdcam check`, still give them), each at a comfortable size, then smaller.
        // Then, in a crowded 2×2 or at a large `--ui-scale`: the pairs' numbers and names on
        // one line (the panes' tags say which mode each is at risk in) — still at the size the
        // `--ui-scale` asks for, rather than the whole list too small to read from the back of
        // the room. The smallest size of all only when even that line has no room.
        // (The floor: half the labels' size, and never below what the labels are at
        // `--ui-scale` 1, so that a larger scale never makes the band smaller.)
        let names = CheckWords.oneLine(input.shown, recoloured: input.recoloured)
        let floor = max(bandFloor(fontSize), Int((Double(fontSize) / max(1, uiScale)).rounded(.up)))
        let passes = [
            (comfortable, full), (comfortable, short), (floor, short), (floor, names),
            (BadgeLayout.minimumFont, short), (BadgeLayout.minimumFont, names),
        ]
        // The bands below and above the picture; then one beside it (a page turned upright
        // leaves one to its right) at a size that gives its lines sixteen characters or more.
        // Each room whole; only where none holds the list, their parts beside what stands in
        // them (`FreeSpace.parts`: between a 2×2's rows, beside its badges and chips), then
        // the free rectangles left in it (`FreeSpace.openings`: above the caption).
        let wholes = rooms.enumerated().filter { $1.w > 0 && $1.h > 0 }.map { i, room in
            (room: room, largest: i < 2 ? fontSize : min(fontSize, Int(room.w / 16)))
        }
        let parts =
            wholes.flatMap { w in
                space.parts(of: w.room, alignRight: false).dropFirst().map { (room: $0, largest: w.largest) }
            } + wholes.flatMap { w in space.openings(of: w.room).map { (room: $0, largest: w.largest) } }
        for bands in [wholes, parts] {
            for (floor, paragraphs) in passes {
                for (room, largest) in bands {
                    var size = largest
                    while size >= floor {
                        let box = bandBox(paragraphs, fontSize: size, width: room.w, measure: measure)
                        let extent = Rect(0, 0, box.shim.w, box.shim.h)
                        if box.shim.h <= room.h,
                            let r = space.lowest(size: extent, in: room, alignRight: false, offPicture: true)
                        {
                            return (box.moved(dx: r.x, dy: r.y), size < comfortable || paragraphs != full)
                        }
                        size -= max(1, size / 12)
                    }
                }
            }
        }
        // Over the picture (the labels-over-picture layout, or no room left): the whole list
        // while it takes at most a third of the window, else less of it.
        let window = space.window
        for (floor, paragraphs) in [(bandFloor(fontSize), full), (bandFloor(fontSize), short), (0, names)] {
            var size = fontSize
            while size >= max(floor, BadgeLayout.minimumFont) {
                let box = bandBox(paragraphs, fontSize: size, width: min(window.w, 40 * Double(size)), measure: measure)
                let last = floor == 0 && size - max(1, size / 12) < BadgeLayout.minimumFont
                if box.shim.h <= window.h / 3 || last {
                    let extent = Rect(0, 0, box.shim.w, box.shim.h)
                    let spot = space.lowest(size: extent, in: window, alignRight: false, offPicture: false)
                    if let spot { return (box.moved(dx: spot.x, dy: spot.y), true) }
                }
                size -= max(1, size / 12)
            }
        }
        return (nil, true)
    }

    /// The band's box at the origin, at most `width` wide: each paragraph's swatches, then
    /// its text wrapped beside them.
    static func bandBox(_ paragraphs: [CheckWords.Paragraph], fontSize: Int, width: Double, measure: TextMeasuring)
        -> LabelBox
    {
        let pad = (Double(fontSize) * 0.4).rounded()
        let lineH = Double(measure.size(of: "Ag", fontSize: fontSize).height)
        let swatch = (lineH * 0.7).rounded()
        let indent = paragraphs.map { p in Double(p.swatches.count) * (swatch + pad / 2) }.max() ?? 0
        var lines: [LabelBox.Line] = []
        var swatches: [LabelBox.Swatch] = []
        var y = pad
        var widest = 0.0
        for p in paragraphs {
            for (k, c) in p.swatches.enumerated() {
                let r = Rect(pad + Double(k) * (swatch + pad / 2), y + (lineH - swatch) / 2, swatch, swatch)
                swatches.append(.init(rect: r, colour: c))
            }
            let textWidth = max(Double(fontSize) * 4, width - 2 * pad - indent - (indent > 0 ? pad / 2 : 0))
            for text in HelpSheet.wrap(p.text, width: textWidth, font: fontSize, measure) {
                let s = measure.size(of: text, fontSize: fontSize)
                let x = pad + indent + (indent > 0 ? pad / 2 : 0)
                let w = min(Double(s.width), textWidth)
                lines.append(.init(text: text, fontSize: fontSize, rect: Rect(x, y, w, Double(s.height)).whole))
                widest = max(widest, x + w)
                y += lineH
            }
        }
        return LabelBox(shim: Rect(0, 0, min(width, widest + pad), y + pad), lines: lines, swatches: swatches)
    }
}
