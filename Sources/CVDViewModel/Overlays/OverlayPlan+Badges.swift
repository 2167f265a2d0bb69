import CVDCore
import CVDLocale
import CVDSystem

/// The badges: one per pane, naming what it shows (`OverlayPlan`).
extension OverlayPlan {
    /// A badge per pane: in the band above its picture, else below it, else beside it
    /// (above or below down to the secondary labels' size, beside down to half), else compact over the picture's top
    /// edge. Badges side by side read as one row: all take the size the tightest one needs.
    ///
    /// With `--ui-scale` above 1 (`font` larger than `unscaled`, the size at 1), a row that
    /// goes over the picture at `font`, or comes out smaller than it asked, is asked again
    /// smaller, down to `unscaled`: a larger scale never sets the mode's name smaller than
    /// `--ui-scale 1` does (its floors are fractions of the size asked: a badge too wide for
    /// a band at 70 px went over the picture's edge at 22), nor over the material where
    /// that left it beside. `ask`: the size a plan of the same scene asked the row at
    /// (`Choices.badgeAsk`), asked alone; the size asked is returned with the row.
    static func badges(
        _ g: ViewGeometry, _ simulations: [Simulation], _ state: ViewState, font: Int, unscaled: Int, compact: Bool,
        ask kept: Int? = nil, space: inout FreeSpace, _ measure: TextMeasuring
    ) -> (row: [LabelBox], ask: Int) {
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
                        measure, shared: g.badges.filter { $0.pane == a.pane }.count > 1)
                    ?? onPicture(badge, size, a, compact, space, measure)
                if let b = box { space.take(b.shim) }
                return box
            }
        }
        // The row asked at `font`; where a badge comes out smaller, the row again at that
        // size. Where that leaves a badge over the picture, or smaller than a smaller ask
        // would, smaller asks down to `unscaled`: the first row that places as many badges
        // as any, off the picture if any is, and largest.
        func row(_ ask: Int) -> (row: [LabelBox], room: FreeSpace) {
            var room = space
            let row = place(ask, &room)
            guard let shared = row.compactMap({ $0.lines.first?.fontSize }).min(), shared < ask else {
                return (row, room)
            }
            room = space
            return (place(shared, &room), room)
        }
        func score(_ row: [LabelBox]) -> (count: Int, offPicture: Bool, size: Int) {
            (
                row.count, !row.contains { space.coversPicture($0.shim) },
                row.compactMap { $0.lines.first?.fontSize }.min() ?? 0
            )
        }
        let least = min(unscaled, font)
        let smaller = Array(sequence(first: font) { $0 - max(1, $0 / 10) }.prefix { $0 > least }) + [least]
        let asks = kept.map { [$0] } ?? smaller
        var best: (row: [LabelBox], room: FreeSpace, score: (count: Int, offPicture: Bool, size: Int), ask: Int)?
        for ask in asks {
            // A smaller ask cannot set the row larger than its own size.
            if let b = best?.score, b.offPicture, b.size >= ask { break }
            let (r, room) = row(ask)
            let s = score(r)
            let better = best.map { b in
                s.count != b.score.count
                    ? s.count > b.score.count
                    : s.offPicture != b.score.offPicture ? s.offPicture : s.size > b.score.size
            }
            if better ?? true { best = (r, room, s, ask) }
        }
        space = best?.room ?? space
        return (best?.row ?? [], best?.ask ?? font)
    }

    /// A badge in one of its pane's bands, or nil when none has room for its text at
    /// `bandFontShare` of `size` or more.
    static func inBand(
        _ badge: ModeBadge, _ size: Int, _ a: ViewGeometry.BadgeAnchor, _ bands: PictureBands, _ compact: Bool,
        _ space: FreeSpace, _ measure: TextMeasuring, shared: Bool = false
    ) -> LabelBox? {
        // Above or below: never below the secondary labels' size (a badge that would be
        // smaller goes beside the picture, or over its edge: the framed layout makes these
        // bands fit it). Beside: down to `bandFontShare` — a portrait poster's side bands are
        // the free ones, and the other labels follow the badge down (`OverlayPlan.init`).
        let floor = max(BadgeLayout.minimumFont, Int(Double(size) * smallTextScale))
        let sideFloor = bandFloor(size)
        /// The largest size from `size` down to `floor` whose badge (and margins) is at most
        /// `h` high (the height grows with the size: halved until found).
        func sizeFitting(_ h: Double) -> Int? {
            func fits(_ s: Int) -> Bool { BadgeLayout.height(s, measure) + BadgeLayout.margin(s) <= h }
            guard floor <= size, fits(floor) else { return nil }
            var (lo, hi) = (floor, size)
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if fits(mid) { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        // Above or below the picture: from the edge of the part of the picture it labels, as
        // far as the band reaches on its side (the whole band; in the split, up to the other
        // side's badge), so that it is shortened only where the band is too narrow.
        let reachRect =
            shared
            ? (a.alignRight
                ? Rect(a.area.x, a.pane.y, a.pane.maxX - a.area.x, a.pane.h)
                : Rect(a.pane.x, a.pane.y, a.area.maxX - a.pane.x, a.pane.h)) : a.pane
        for (band, above) in [(bands.top, true), (bands.bottom, false)] {
            guard let s = sizeFitting(band.h),
                let (text, s2) = BadgeLayout.choose(
                    badge, fontSize: s, width: reachRect.w, compact: compact, measure: measure),
                text != nil, s2 >= floor
            else { continue }
            // Half a margin from the picture, the rest to the window's edge.
            let m = BadgeLayout.margin(s2)
            let h = BadgeLayout.height(s2, measure)
            let y = above ? band.maxY - m / 2 - h : band.y + m / 2
            var box = BadgeLayout.box(
                badge, text: text, size: s2, x: a.alignRight ? a.area.maxX - m : a.area.x + m, y: y,
                alignRight: a.alignRight, measure: measure)
            // Moved along the band where it is wider than its part of the picture.
            let dx = min(0, reachRect.maxX - m - box.shim.maxX) + max(0, reachRect.x + m - box.shim.x)
            if dx != 0 { box = box.moved(dx: dx, dy: 0) }
            if space.isFree(box.shim, offPicture: true) { return box }
        }
        // Beside it: at the top of the band on its side, else of the other (one wide band
        // to the picture's right: `FramedBands`).
        for side in a.alignRight ? [bands.right, bands.left] : [bands.left, bands.right] where side.w > 0 {
            guard
                let (text, s) = BadgeLayout.choose(
                    badge, fontSize: size, width: side.w, compact: compact, measure: measure),
                text != nil, s >= sideFloor
            else { continue }
            let m = BadgeLayout.margin(s)
            let box = BadgeLayout.box(
                badge, text: text, size: s, x: a.alignRight ? side.maxX - m : side.x + m,
                y: max(side.y, bands.picture.y) + m,
                alignRight: a.alignRight, measure: measure)
            if space.isFree(box.shim, offPicture: true) { return box }
            // Below what holds the top of the band (the split's other badge, in one band).
            let room = Rect(side.x + m, box.shim.y, side.w - 2 * m, side.maxY - box.shim.y)
            if let r = space.highest(
                size: Rect(0, 0, box.shim.w, box.shim.h), in: room, alignRight: a.alignRight, offPicture: true)
            {
                return box.moved(dx: r.x - box.shim.x, dy: r.y - box.shim.y)
            }
        }
        return nil
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

    /// The chip that names `dropped` (the models no badge names), in a band beside the
    /// picture, never over it: from `fontSize` down to the smallest label's size rather
    /// than not at all — the class always sees which model is on. Empty where no band has
    /// room even then.
    static func modelChip(_ dropped: String, fontSize: Int, rooms: [Rect], space: FreeSpace, measure: TextMeasuring)
        -> [LabelBox]
    {
        var size = fontSize
        var chip: [LabelBox] = []
        while chip.isEmpty, size >= BadgeLayout.minimumFont {
            chip = chips([ChipText(text: dropped)], fontSize: size, rooms: rooms, space: space, measure: measure)
            size -= max(1, size / 10)
        }
        return chip
    }

    /// "Machado 2009" when some badge shows a simulation without naming its model.
    static func modelsNotShown(_ g: ViewGeometry, _ simulations: [Simulation], _ badges: [LabelBox]) -> String? {
        var names: [String] = []
        for sim in simulations where sim.mode != .normal && sim.mode != .achromatopsia {
            let badge = ModeBadge(sim)
            let name = tr(sim.model.displayName)
            let short = tr(sim.model.shortName)
            // A badge of this mode (whatever it says first: "Still · …", "Assist …") naming its model.
            let shown = badges.contains { b in
                b.icon.map { $0.badge.shape == badge.shape && $0.badge.colour == badge.colour } == true
                    && b.lines.contains { $0.text.contains(name) || $0.text.contains(short) }
            }
            if !shown, !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
