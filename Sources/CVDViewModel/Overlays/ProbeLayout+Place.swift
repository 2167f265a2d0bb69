import CVDCore

extension ProbeLayout {
    /// Where a readout goes: in a band of its pane (near its probes), else on its part of
    /// the picture in the corner farthest from them, else anywhere free; nil when nothing
    /// has room.
    static func placeReadout(
        _ rows: [Row], near probed: [(probe: Int, at: (x: Double, y: Double))], piece: Rect, pane: Rect,
        bands: PictureBands, inBand: Bool, fontSize: Int, space: FreeSpace, measure: TextMeasuring
    ) -> (box: LabelBox, anchors: [Anchor])? {
        let rings = probed.map(\.at)
        let cx = rings.map(\.x).reduce(0, +) / Double(rings.count)
        let cy = rings.map(\.y).reduce(0, +) / Double(rings.count)
        let m = (Double(fontSize) * 0.4).rounded()
        func moved(_ b: (box: LabelBox, anchors: [Anchor]), _ r: Rect) -> (box: LabelBox, anchors: [Anchor]) {
            (b.box.moved(dx: r.x, dy: r.y), b.anchors.map { ($0.x + r.x, $0.y + r.y, $0.probe) })
        }
        // A place whose leader lines would cross a label already placed (a readout above a
        // 2×2 pane's badge: its lines through the mode's name) is passed over. The labels are
        // what is taken, less what holds a probe's ring (the rings themselves).
        let labels = space.taken.filter { t in !rings.contains { t.contains($0.x, $0.y) } }
        func leadersClear(_ b: (box: LabelBox, anchors: [Anchor]), _ r: Rect) -> Bool {
            let placed = moved(b, r)
            return probed.allSatisfy { ring in
                guard let a = placed.anchors.first(where: { $0.probe == ring.probe }) ?? placed.anchors.first,
                    let l = leader(from: (a.x, a.y), box: r, to: ring.at, radius: 0)
                else { return true }
                return !labels.contains { SegmentClip.span((l.x0, l.y0), (l.x1, l.y1), in: $0) != nil }
            }
        }
        // In a band: as wide as the band allows.
        let candidateBands = [(bands.bottom, false), (bands.top, true), (bands.right, false), (bands.left, false)]
        for (band, isTop) in inBand ? candidateBands : []
        where band.w > 2 * m && band.h > 2 * m {
            let b = box(rows, fontSize: fontSize, maxWidth: min(band.w, pane.w) - 2 * m, measure: measure)
            let size = b.box.shim
            guard size.w + 2 * m <= band.w, size.h + 2 * m <= band.h else { continue }
            // Under its own part of the picture where that is wide enough (the split's other
            // side keeps room for its own readout), else near the probes.
            let own = size.w <= piece.w
            let lo = own ? max(band.x + m, piece.x) : band.x + m
            let hi = own ? min(band.maxX - m, piece.maxX) : band.maxX - m
            let x = min(max(cx - size.w / 2, lo), hi - size.w)
            let y = min(max(cy - size.h / 2, band.y + m), band.maxY - m - size.h)
            // Against the picture in a band above or below it; level with the probes beside it.
            let candidates = [
                Rect(x, band.w >= band.h ? (isTop ? band.maxY - m - size.h : band.y + m) : y, size.w, size.h)
            ]
            if let r = space.first(candidates, allowPicture: false), leadersClear(b, r) { return moved(b, r) }
            if let r = space.scan(
                size: size, in: band.inset(m), near: (cx, cy), offPicture: true, accept: { leadersClear(b, $0) })
            {
                return moved(b, r)
            }
        }
        guard !inBand else { return nil }
        // On the picture: the corners of its part, farthest from the probes first.
        let b = box(rows, fontSize: fontSize, maxWidth: piece.w - 2 * m, measure: measure)
        let size = b.box.shim
        let area = piece.inset(m)
        let corners = [
            Rect(area.x, area.y, size.w, size.h), Rect(area.maxX - size.w, area.y, size.w, size.h),
            Rect(area.x, area.maxY - size.h, size.w, size.h),
            Rect(area.maxX - size.w, area.maxY - size.h, size.w, size.h),
        ].sorted { a, c in
            let da = rings.map { distance($0.x - (a.x + a.w / 2), $0.y - (a.y + a.h / 2)) }.min() ?? 0
            let dc = rings.map { distance($0.x - (c.x + c.w / 2), $0.y - (c.y + c.h / 2)) }.min() ?? 0
            return da > dc
        }
        // Where its leaders cross no label, else anywhere free (a readout beats a clean line).
        for clear in [true, false] {
            let accept = { (r: Rect) in !clear || leadersClear(b, r) }
            if let r = space.first(corners.filter(accept), allowPicture: true) { return moved(b, r) }
            for room in [area, pane] {
                if let r = space.scan(size: size, in: room, near: (cx, cy), offPicture: false, accept: accept) {
                    return moved(b, r)
                }
            }
        }
        return nil
    }
}
