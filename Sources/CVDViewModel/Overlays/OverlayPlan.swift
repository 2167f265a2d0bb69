import CVDCore
import CVDLocale
import CVDSystem

/// Every label on screen for one frame, laid out so that the picture stays the class's:
/// none clips, none covers another or a probe ring, and each goes beside the picture — in
/// the letterbox bands (`PictureBands`) — before it goes on it.
///
/// In order: probe rings (`ProbeLayout`), a badge per pane (`BadgeLayout`: in the band
/// above or below its picture, or beside it, at a smaller size if it must, else compact
/// over the picture's top edge), the caption, the state chips (frozen, zoom, balanced) and
/// the confusion map's legend, the footer, the `i` overlay, and last the probe readouts.
/// Each text keeps its size; where no band has room it goes to the picture's edge.
public struct OverlayPlan: Sendable {
    public private(set) var badges: [LabelBox] = []
    public private(set) var chips: [LabelBox] = []
    public private(set) var footer: LabelBox?
    /// The caption strip (what the mode is, how common it is).
    public private(set) var caption: LabelBox?
    /// What the confusion map's stripes mean: the picked colour, the mode, the share.
    public private(set) var legend: LabelBox?
    /// Probe rings, their readouts and the lines from one to the other.
    public private(set) var markers: [ProbeLayout.Marker] = []
    public private(set) var callouts: [LabelBox] = []
    public private(set) var leaders: [ProbeLayout.Leader] = []
    /// The pen's strokes as window polylines, in every piece that shows them.
    public private(set) var strokes: [[(x: Double, y: Double)]] = []
    /// The `i` overlay (frame counts, fps, CPU), where no other label is.
    public private(set) var stats: LabelBox?
    /// The room left: the window, the pictures, and what is taken.
    private var space: FreeSpace

    public var boxes: [LabelBox] {
        callouts + badges + chips + [legend, footer, caption, stats].compactMap { $0 }
    }

    /// The labels that lie over a picture (none while the bands have room).
    public var onPicture: [LabelBox] { boxes.filter { space.coversPicture($0.shim) } }

    /// Footer and chip text is this fraction of the label size.
    public static let smallTextScale = 0.75
    /// In a band, a label may be set down to this fraction of its size before it goes
    /// over the picture instead.
    public static let bandFontShare = 0.5

    static func bandFloor(_ size: Int) -> Int { max(BadgeLayout.minimumFont, Int(Double(size) * bandFontShare)) }

    /// The label font size: 1/22 of the window height (of 0.7× that in the 2×2 and assist
    /// layouts, whose panes are smaller), times `--ui-scale`.
    public static func labelFont(_ state: ViewState, window: FrameSize, uiScale: Double) -> Int {
        let h = state.layout == .quad || state.layout == .assist ? Int(Double(window.height) * 0.7) : window.height
        return LabelStyle.fontSize(windowHeight: h, uiScale: uiScale)
    }

    /// The room the framed layout keeps above and below the picture in each pane: a badge
    /// above; below, the footer's line, the caption's two lines when it is on, and a short
    /// probe readout's four lines when there are probes (`ViewGeometry.inset` caps both bands
    /// together at `ViewGeometry.maximumFrameShare`, half the pane: a very large `--ui-scale`
    /// may still put a caption or a readout over the picture).
    public static func frame(
        _ state: ViewState, window: FrameSize, uiScale: Double, caption: Bool, measure: TextMeasuring
    ) -> ViewGeometry.Frame {
        let font = labelFont(state, window: window, uiScale: uiScale)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * smallTextScale))
        let smallLine = Double(measure.size(of: "Ag", fontSize: small).height)
        let pad = (Double(small) * 0.3).rounded()
        let top = BadgeLayout.height(font, measure) + 2 * BadgeLayout.margin(font)
        let row = smallLine + 4 * pad
        let captionH =
            caption ? 2 * Double(measure.size(of: "Ag", fontSize: font).height) + (Double(font) * 0.8).rounded() : 0
        let readout = state.probes.isEmpty ? 0 : 4 * smallLine + 2 * pad + 2 * (Double(small) * 0.4).rounded()
        let stats = state.statsVisible ? 3 * smallLine + 2 * pad + 2 * (Double(small) * 0.4).rounded() : 0
        return ViewGeometry.Frame(top: top.rounded(.up), bottom: (row + captionH + readout + stats).rounded(.up))
    }

    /// The framed layout's bands for what `plan` lays out: from `frame`'s estimate, the band
    /// below grows in steps of a twentieth of the window's height until no label lies over
    /// the picture, or the picture is down to `ViewGeometry.maximumFrameShare` of its pane.
    public static func framing(
        _ state: ViewState, window: FrameSize, uiScale: Double, caption: Bool, measure: TextMeasuring,
        plan: (ViewGeometry.Frame) -> OverlayPlan
    ) -> ViewGeometry.Frame {
        var f = frame(state, window: window, uiScale: uiScale, caption: caption, measure: measure)
        let step = (Double(window.height) / 20).rounded(.up)
        let panes = state.layout == .quad ? 2.0 : 1.0
        while !plan(f).onPicture.isEmpty,
            f.top + f.bottom + step <= Double(window.height) / panes * ViewGeometry.maximumFrameShare
        {
            f.bottom += step
        }
        return f
    }

    /// - Parameters:
    ///   - footer: the source line or a transient message; nil once it has faded.
    ///   - compact: badges show the mode (and severity) only, not the model.
    ///   - probeReadings: per texture, one reading per probe in `state.probes`.
    ///   - legend: with the confusion map on, what its stripes mean and the picked colour.
    public init(
        geometry: ViewGeometry?, simulations: [Simulation], state: ViewState, window: FrameSize,
        uiScale: Double, footer: String?, compact: Bool, probeReadings: [[ProbeReading]] = [],
        caption captionText: String? = nil, legend legendText: (text: String, colour: RGB8)? = nil,
        stats statsLines: [String]? = nil, measure: TextMeasuring
    ) {
        let font = Self.labelFont(state, window: window, uiScale: uiScale)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * Self.smallTextScale))
        let screen = Rect(0, 0, Double(window.width), Double(window.height))
        let pictures = geometry?.pieces.map(\.destination).filter { $0.w > 0 && $0.h > 0 } ?? []
        if let g = geometry, !state.probes.isEmpty {
            markers = ProbeLayout.markers(state.probes, geometry: g, fontSize: small)
        }
        if let g = geometry, !state.strokes.isEmpty { strokes = Self.strokes(state.strokes, g) }
        // The page's corners clicked so far (`t`), marked where the picture shows them.
        if let g = geometry, let picks = state.cornerPicks {
            let r = ProbeLayout.radius(small)
            for p in picks {
                if let w = g.pieces.lazy.compactMap({ g.windowPoint(p, texture: $0.texture) }).first {
                    markers.append(ProbeLayout.Marker(x: w.x, y: w.y, radius: r))
                }
            }
        }
        space = FreeSpace(window: screen, pictures: pictures, rings: markers.map(ProbeLayout.keepClear))
        if let g = geometry {
            badges = Self.badges(g, simulations, state, font: font, compact: compact, space: &space, measure)
        }
        // The bands the window-wide labels use, best first, and the picture's own edges last.
        let rooms: [Rect]
        if let g = geometry {
            let bands = PictureBands.of(g)
            rooms = [
                PictureBands.bottomStrip(g, window: screen), PictureBands.topStrip(g, window: screen),
                bands.first.map(\.right) ?? .zero, bands.first.map(\.left) ?? .zero,
            ]
        } else {
            rooms = [screen]
        }
        if let text = captionText {
            caption = Self.caption(text, fontSize: font, rooms: rooms, space: space, measure: measure)
            if let c = caption { space.take(c.shim) }
        }
        // The footer first: it is the longest; the chips then fit beside it or beside a badge.
        if let text = footer {
            self.footer = Self.wrapped(
                text, swatch: nil, fontSize: small, rooms: rooms, alignRight: false, space: space, measure: measure)
            if let b = self.footer { space.take(b.shim) }
        }
        var texts: [String] = []
        if state.frozen { texts.append(tr("❚❚ Frozen")) }
        if state.zoom > 1.0001 { texts.append(tr("Zoom %s×", Localization.decimal(state.zoom, places: 1))) }
        if state.whiteBalance != nil { texts.append(tr("Balanced on card")) }

        // The chips keep their size while anywhere has room for them; else they get smaller.
        for offPicture in [true, false] where !texts.isEmpty && chips.isEmpty {
            var chipFont = small
            let floor = offPicture ? Self.bandFloor(small) : BadgeLayout.minimumFont
            while chips.isEmpty, chipFont >= floor {
                chips = Self.chips(
                    texts, fontSize: chipFont, rooms: offPicture ? rooms : [], space: space, measure: measure)
                chipFont -= max(1, chipFont / 10)
            }
        }
        for c in chips { space.take(c.shim) }
        // A badge too narrow for its model's name: the model goes in a chip of its own beside
        // the picture, where there is room for one (never over it).
        if let g = geometry, let dropped = Self.modelsNotShown(g, simulations, badges) {
            var size = small
            var chip: [LabelBox] = []
            while chip.isEmpty, size >= Self.bandFloor(small) {
                chip = Self.chips([dropped], fontSize: size, rooms: rooms, space: space, measure: measure)
                size -= max(1, size / 10)
            }
            for c in chip { space.take(c.shim) }
            chips += chip
        }
        if let l = legendText {
            legend = Self.wrapped(
                l.text, swatch: l.colour, fontSize: small, rooms: rooms, alignRight: true, space: space,
                measure: measure)
            if let b = legend { space.take(b.shim) }
        }
        // The `i` overlay before the readouts: they can say less, it cannot.
        if let lines = statsLines {
            stats = StatsPanel.place(lines, fontSize: small, space: space, measure: measure)
            if let s = stats { space.take(s.shim) }
        }
        if let g = geometry, !state.probes.isEmpty {
            (callouts, leaders) = ProbeLayout.place(
                state.probes, readings: probeReadings, simulations: simulations, geometry: g, fontSize: small,
                space: &space, measure: measure, assisted: state.assistedTexture)
        }
    }

    /// Each stroke in each piece, cut where it leaves what the piece shows.
    static func strokes(_ strokes: [[Point]], _ g: ViewGeometry) -> [[(x: Double, y: Double)]] {
        var out: [[(x: Double, y: Double)]] = []
        for piece in g.pieces {
            for stroke in strokes {
                var run: [(x: Double, y: Double)] = []
                for p in stroke {
                    if let w = g.windowPoint(p, texture: piece.texture), piece.destination.contains(w.x, w.y) {
                        run.append(w)
                    } else if !run.isEmpty {
                        out.append(run)
                        run = []
                    }
                }
                if !run.isEmpty { out.append(run) }
            }
        }
        return out
    }

    /// "Machado 2009" when some badge shows a simulation without naming its model.
    static func modelsNotShown(_ g: ViewGeometry, _ simulations: [Simulation], _ badges: [LabelBox]) -> String? {
        var names: [String] = []
        for sim in simulations where sim.mode != .normal && sim.mode != .achromatopsia {
            let badge = ModeBadge(sim)
            let name = tr(sim.model.displayName)
            let short = tr(ModeBadge.shortName(sim.model))
            // A badge of this mode (whatever it says first: "Still · …", "Assist …") naming its model.
            let shown = badges.contains { b in
                b.icon.map { $0.badge.shape == badge.shape && $0.badge.colour == badge.colour } == true
                    && b.lines.contains { $0.text.contains(name) || $0.text.contains(short) }
            }
            if !shown, !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    // MARK: Badges

    /// A badge per pane: in the band above its picture, else below it, else beside it
    /// (down to `bandFontShare` of the label size), else compact over the picture's top
    /// edge. Badges side by side read as one row: all take the size the tightest one needs.
    static func badges(
        _ g: ViewGeometry, _ simulations: [Simulation], _ state: ViewState, font: Int, compact: Bool,
        space: inout FreeSpace, _ measure: TextMeasuring
    ) -> [LabelBox] {
        func place(_ size: Int, _ space: inout FreeSpace) -> [LabelBox] {
            g.badges.compactMap { a -> LabelBox? in
                guard simulations.indices.contains(a.texture) else { return nil }
                let badge =
                    a.texture == state.assistedTexture
                    ? ModeBadge(assisted: simulations[a.texture], strength: state.assistStrength)
                    : state.layout == .stillLive
                        ? ModeBadge(simulations[a.texture], prefix: a.texture == 0 ? N_("Still") : N_("Live"))
                        : ModeBadge(simulations[a.texture])
                let box =
                    inBand(
                        badge, size, a, PictureBands(pane: a.pane, picture: g.pictureRect(in: a.pane)), compact, space,
                        measure)
                    ?? onPicture(badge, size, a, compact, space, measure)
                if let b = box { space.take(b.shim) }
                return box
            }
        }
        var trial = space
        var placed = place(font, &trial)
        let shared = placed.compactMap { $0.lines.first?.fontSize }.min() ?? font
        if shared < font {
            trial = space
            placed = place(shared, &trial)
        }
        space = trial
        return placed
    }

    /// A badge in one of its pane's bands, or nil when none has room for its text at
    /// `bandFontShare` of `size` or more.
    static func inBand(
        _ badge: ModeBadge, _ size: Int, _ a: ViewGeometry.BadgeAnchor, _ bands: PictureBands, _ compact: Bool,
        _ space: FreeSpace, _ measure: TextMeasuring
    ) -> LabelBox? {
        let floor = max(BadgeLayout.minimumFont, Int(Double(size) * bandFontShare))
        /// The largest size from `size` down whose badge (and margins) is at most `h` high.
        func sizeFitting(_ h: Double) -> Int? {
            var s = size
            while s >= floor {
                if BadgeLayout.height(s, measure) + BadgeLayout.margin(s) <= h { return s }
                s -= max(1, s / 12)
            }
            return nil
        }
        // Above or below the picture: across the part of the picture it labels.
        for (band, above) in [(bands.top, true), (bands.bottom, false)] {
            guard let s = sizeFitting(band.h),
                let (text, s2) = BadgeLayout.choose(
                    badge, fontSize: s, width: a.area.w, compact: compact, measure: measure),
                text != nil, s2 >= floor
            else { continue }
            // Half a margin from the picture, the rest to the window's edge.
            let m = BadgeLayout.margin(s2)
            let h = BadgeLayout.height(s2, measure)
            let y = above ? band.maxY - m / 2 - h : band.y + m / 2
            let box = BadgeLayout.box(
                badge, text: text, size: s2, x: a.alignRight ? a.area.maxX - m : a.area.x + m, y: y,
                alignRight: a.alignRight, measure: measure)
            if space.isFree(box.shim, offPicture: true) { return box }
        }
        // Beside it: at the top of the band on its side.
        let side = a.alignRight ? bands.right : bands.left
        guard side.w > 0,
            let (text, s) = BadgeLayout.choose(
                badge, fontSize: size, width: side.w, compact: compact, measure: measure),
            text != nil, s >= floor
        else { return nil }
        let m = BadgeLayout.margin(s)
        let box = BadgeLayout.box(
            badge, text: text, size: s, x: a.alignRight ? side.maxX - m : side.x + m,
            y: max(side.y, bands.picture.y) + m,
            alignRight: a.alignRight, measure: measure)
        return space.isFree(box.shim, offPicture: true) ? box : nil
    }

    /// A badge over its part of the picture: at its top corner (the right one for the split's
    /// right side), else another corner, else wherever its part has room; never over a ring.
    static func onPicture(
        _ badge: ModeBadge, _ size: Int, _ a: ViewGeometry.BadgeAnchor, _ compact: Bool, _ space: FreeSpace,
        _ measure: TextMeasuring
    ) -> LabelBox? {
        guard
            let first = BadgeLayout.place(
                badge, fontSize: size, area: a.area, pane: a.pane, alignRight: a.alignRight, compact: compact,
                measure: measure)
        else { return nil }
        if space.isFree(first.shim, offPicture: false) { return first }
        let m = BadgeLayout.margin(first.lines.first?.fontSize ?? size)
        let s = first.shim
        let inner = a.area.inset(m)
        let corners = [
            Rect(inner.x, inner.y, s.w, s.h), Rect(inner.maxX - s.w, inner.y, s.w, s.h),
            Rect(inner.x, inner.maxY - s.h, s.w, s.h), Rect(inner.maxX - s.w, inner.maxY - s.h, s.w, s.h),
        ]
        let spot =
            space.first(a.alignRight ? [corners[1], corners[0], corners[3], corners[2]] : corners, allowPicture: true)
            ?? space.highest(size: Rect(0, 0, s.w, s.h), in: inner, alignRight: a.alignRight, offPicture: false)
        return spot.map { first.moved(dx: $0.x - s.x, dy: $0.y - s.y) }
    }

    // MARK: Window-wide labels

    /// The caption: as wide as its room, at the bottom of the band below the pictures (or
    /// at the top of the one above), at the label size or down to 0.6 of it; else along the
    /// bottom of the window over the picture, at most three lines and a quarter of its height.
    static func caption(_ text: String, fontSize: Int, rooms: [Rect], space: FreeSpace, measure: TextMeasuring)
        -> LabelBox?
    {
        let floor = max(BadgeLayout.minimumFont, Int(Double(fontSize) * 0.6))
        for (k, room) in rooms.prefix(2).enumerated() where room.h > 0 {
            var size = fontSize
            while size >= floor {
                let box = captionBox(text, fontSize: size, room: room, atTop: k == 1, measure: measure)
                if box.shim.h <= room.h, box.lines.count <= 3, space.isFree(box.shim, offPicture: true) { return box }
                size -= max(1, size / 12)
            }
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
    static func chips(_ texts: [String], fontSize: Int, rooms: [Rect], space: FreeSpace, measure: TextMeasuring)
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
    /// bottom of the first room with space for it (left or right), else on the picture.
    static func wrapped(
        _ text: String, swatch: RGB8?, fontSize: Int, rooms: [Rect], alignRight: Bool, space: FreeSpace,
        measure: TextMeasuring
    ) -> LabelBox? {
        // Each room whole, then the part of it beside what is there already (the chips on
        // its side; on the other side a badge: wrapped to what is left beside it).
        let parts = rooms.filter { $0.w > 0 && $0.h > 0 }.flatMap { room -> [Rect] in
            let inRoom = space.taken.filter { $0.intersects(room) }
            let left = inRoom.map(\.x).filter { $0 > room.x + room.w / 3 }.min()
            let right = inRoom.map(\.maxX).filter { $0 < room.maxX - room.w / 3 }.max()
            let leftPart = left.map { [Rect(room.x, room.y, $0 - room.x, room.h)] } ?? []
            let rightPart = right.map { [Rect($0, room.y, room.maxX - $0, room.h)] } ?? []
            return [room] + (alignRight ? rightPart + leftPart : leftPart + rightPart)
        }
        for room in parts {
            guard
                let box = footer(
                    text, swatch: swatch, fontSize: fontSize, room: room, maxHeight: room.h, measure: measure),
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
        return space.lowest(size: extent, in: window, alignRight: alignRight, offPicture: false).map {
            box.moved(dx: $0.x - box.shim.x, dy: $0.y - box.shim.y)
        }
    }

    /// Chips right to left ending at (right, bottom).
    static func chipRow(_ texts: [String], fontSize: Int, right: Double, bottom: Double, measure: TextMeasuring)
        -> [LabelBox]
    {
        var chips: [LabelBox] = []
        var right = right
        for text in texts.reversed() {
            let t = measure.size(of: text, fontSize: fontSize)
            let pad = (Double(fontSize) * 0.3).rounded()
            let w = Double(t.width) + 2 * pad
            let h = Double(t.height) + 2 * pad
            let x = right - pad - w
            let y = bottom - 2 * pad - h
            chips.insert(
                LabelBox(
                    shim: Rect(x, y, w, h),
                    lines: [
                        .init(
                            text: text, fontSize: fontSize,
                            rect: Rect(x + pad, y + pad, Double(t.width), Double(t.height)).whole)
                    ]),
                at: 0)
            right = x
        }
        return chips
    }

    /// The footer, bottom left of `room`: wrapped at clause and word breaks to the room's
    /// width, set smaller while it is taller than `maxHeight` or a word is too wide, and
    /// at the smallest size cut to the lines that fit, ending in "…". With a `swatch`, a
    /// colour square leads its first line (the legend's picked colour).
    static func footer(
        _ text: String, swatch: RGB8? = nil, fontSize: Int, room: Rect, maxHeight: Double, measure: TextMeasuring
    ) -> LabelBox? {
        var size = fontSize
        while true {
            let pad = (Double(size) * 0.3).rounded()
            let lead = swatch == nil ? 0 : Double(size) * 1.2 + pad
            let width = room.w - 4 * pad - lead
            guard width > 0 else { return nil }
            let whole = measure.size(of: text, fontSize: size)
            let charWidth = Double(whole.width) / Double(max(1, text.count))
            var lines = SourceLine.wrap(text, maxChars: max(1, Int(width / max(1, charWidth))))
            var sizes = lines.map { measure.size(of: $0, fontSize: size) }
            let lineH = Double(sizes.first?.height ?? size)
            let fitsWide = Double(sizes.map(\.width).max() ?? 0) <= width
            // The shim (a pad above and below the text) and its margin to the room's edge.
            let fitsHigh = lineH * Double(lines.count) + 4 * pad <= maxHeight
            guard (fitsWide && fitsHigh) || size <= BadgeLayout.minimumFont else {
                size -= 1
                continue
            }
            let keep = max(1, min(lines.count, Int((maxHeight - 4 * pad) / lineH)))
            if keep < lines.count {
                lines = Array(lines.prefix(keep))
                lines[keep - 1] += " …"
                sizes = lines.map { measure.size(of: $0, fontSize: size) }
            }
            let widest = Double(sizes.map(\.width).max() ?? 0)
            let h = lineH * Double(lines.count)
            let x = room.x + pad
            let y = room.maxY - h - 3 * pad
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
