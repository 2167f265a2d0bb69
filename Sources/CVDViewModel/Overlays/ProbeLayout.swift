import CVDCore
import CVDLocale

/// Probes on screen: a ring on each probed place in every pane that shows it (it marks
/// the picture, so it follows pan and zoom), and per pane one readout with what each probe
/// reads there — the colour, and what the pane's mode makes of it, as swatches and words —
/// and the pair's contrast, ΔE00 and verdict.
///
/// A readout goes in a band beside the picture when one has room, with a leader line to
/// each of its rings; else on the picture, in the corner of its pane farthest from the
/// probes. It never covers a ring (nor the probed spot around it) or another label, and its
/// text keeps the one size the window and `--ui-scale` give labels: when the full readout
/// does not fit, a shorter one (names only) is tried, then its lines wrap; only where none
/// fits anywhere is it set smaller (`OverlayPlan`).
public enum ProbeLayout {
    public struct Marker: Equatable, Sendable {
        public let x: Double, y: Double, radius: Double
    }

    /// A line from a readout to the ring of the probe it describes.
    public struct Leader: Equatable, Sendable {
        public let x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// How much a readout says.
    enum Detail: CaseIterable {
        /// `#RRGGBB (name)` of both colours, each on its line; the pair's numbers and verdict.
        case full
        /// One line per probe (names only), the verdict and ΔE00.
        case short
        /// The verdict alone (the swatches and names are in the other panes, or on stdout).
        case verdict
    }

    /// A ring's radius for the callout text size.
    static func radius(_ fontSize: Int) -> Double { max(8, Double(fontSize) * 0.5) }

    /// The square a ring covers, with the probed spot around it that no label may hide.
    public static func keepClear(_ m: Marker) -> Rect {
        let r = m.radius * 2 + 2
        return Rect(m.x - r, m.y - r, 2 * r, 2 * r)
    }

    /// The rings: every probe in every piece that shows it.
    public static func markers(_ probes: [Point], geometry: ViewGeometry, fontSize: Int) -> [Marker] {
        let r = radius(fontSize)
        return geometry.pieces.flatMap { piece in
            probes.compactMap { p -> Marker? in
                guard let w = geometry.windowPoint(p, texture: piece.texture), piece.destination.contains(w.x, w.y)
                else { return nil }
                return Marker(x: w.x, y: w.y, radius: r)
            }
        }
    }

    /// Places one readout per pane picture that shows a probe (one for both sides of the
    /// split), taking its room from `space`; `shortened`: how many say less than they
    /// could, or lie over the picture, for want of room
    /// (whose `taken` already holds the rings, `keepClear`).
    ///
    /// - Parameters:
    ///   - readings: per texture, one reading per probe.
    /// - `assisted`: the assist view's assisted texture; its readout says when the assist
    ///   makes the probed pair harder to tell apart than the simulated pane shows it.
    static func place(
        _ probes: [Point], readings: [[ProbeReading]], simulations: [Simulation], geometry: ViewGeometry,
        fontSize: Int, ringSize: Int? = nil, space: inout FreeSpace, measure: TextMeasuring, assisted: Int? = nil
    ) -> (callouts: [LabelBox], leaders: [Leader], wanted: Int, shortened: Int) {
        var callouts: [LabelBox] = []
        var leaders: [Leader] = []
        var wanted = 0
        var shortened = 0
        // The split's two sides read out the same (the simulated eye's verdict): one readout
        // for both, under the whole picture, with a line to each ring.
        let split = geometry.panes.count == 1 && geometry.pieces.count > 1
        let groups = split ? [geometry.pieces] : geometry.pieces.map { [$0] }
        for group in groups {
            guard let first = group.first else { continue }
            let t = first.texture
            guard simulations.indices.contains(t), readings.indices.contains(t) else { continue }
            let area = split ? geometry.pictureRect : first.destination
            let rings = group.flatMap { part in
                probes.indices.compactMap { i -> (Int, (x: Double, y: Double))? in
                    guard readings.indices.contains(part.texture), i < readings[part.texture].count,
                        let w = geometry.windowPoint(probes[i], texture: part.texture),
                        part.destination.contains(w.x, w.y)
                    else { return nil }
                    return (i, w)
                }
            }
            guard !rings.isEmpty else { continue }
            wanted += 1
            let pane =
                geometry.panes.first { $0.contains(area.x + 1, area.y + 1) } ?? area
            let details: [Detail] = groups.count > 1 ? [.short, .verdict] : [.full, .short, .verdict]
            // Every length in a band first, then on the picture.
            let bands = PictureBands(pane: pane, picture: geometry.pictureRect(in: pane))
            let attempts = [true, false].flatMap { inBand in details.map { (inBand, $0) } }
            var warning: [Row] = []
            if t == assisted, t > 0, readings[t].count >= 2, readings[t - 1].count >= 2 {
                let with = ProbeReport.pair(readings[t][0], readings[t][1])
                let without = ProbeReport.pair(readings[t - 1][0], readings[t - 1][1])
                if with.deltaESeen < without.deltaESeen - 0.05 || with.contrastSeen < without.contrastSeen - 0.005 {
                    warning = [Row(colours: [], text: tr("the assist makes this pair harder to tell apart"))]
                }
            }
            // The split's original side reads out what the simulated eye sees: the mode's verdict wherever the probe is.
            let shown =
                geometry.panes.count == 1 && simulations[t].mode == .normal
                ? simulations.indices.first { simulations[$0].mode != .normal && readings.indices.contains($0) } ?? t
                : t
            for (inBand, detail) in attempts {
                let fullest = inBand && detail == details.first
                guard
                    let placed = placeReadout(
                        rows(readings[shown], simulations[shown], detail) + warning, near: rings,
                        piece: area,
                        pane: pane, bands: bands, inBand: inBand, fontSize: fontSize, space: space, measure: measure)
                else { continue }
                space.take(placed.box.shim)
                callouts.append(placed.box)
                if !fullest { shortened += 1 }
                let r = radius(ringSize ?? fontSize)
                for ring in rings {
                    // From the probe's own row (the pair's row when only it names the probe).
                    guard let a = placed.anchors.first(where: { $0.probe == ring.0 }) ?? placed.anchors.first
                    else { continue }
                    if let l = leader(from: (a.x, a.y), box: placed.box.shim, to: ring.1, radius: r) {
                        leaders.append(l)
                    }
                }
                break
            }
        }
        return (callouts, leaders, wanted, shortened)
    }

    /// One row of a readout: swatches (a probe's colours), then text.
    struct Row {
        var colours: [RGB8]
        var text: String
        /// The probe this row starts, for the leader line.
        var probe: Int?
    }

    static func rows(_ readings: [ProbeReading], _ sim: Simulation, _ detail: Detail) -> [Row] {
        var out: [Row] = []
        for (i, r) in readings.enumerated() {
            let colours = sim.mode == .normal ? [r.original] : [r.original, r.simulated]
            switch detail {
            case .full:
                let lines = ProbeReport.callout(i, r, sim)
                out.append(Row(colours: colours, text: lines[0], probe: i))
                out += lines.dropFirst().map { Row(colours: [], text: $0) }
            case .short:
                out.append(Row(colours: colours, text: ProbeReport.shortCallout(i, r, sim), probe: i))
            case .verdict:
                if readings.count < 2 { out.append(Row(colours: colours, text: "\(i + 1)", probe: i)) }
            }
        }
        if readings.count >= 2 {
            let pair = ProbeReport.pair(readings[0], readings[1])
            switch detail {
            case .full: out += ProbeReport.pairCallout(pair, sim).map { Row(colours: [], text: $0) }
            case .short: out += ProbeReport.shortPairCallout(pair, sim).map { Row(colours: [], text: $0) }
            case .verdict:
                let words = ProbeReport.shortPairCallout(pair, sim)
                out.append(Row(colours: [readings[0].simulated, readings[1].simulated], text: words[0], probe: 0))
            }
        }
        return out
    }

    /// Where a leader line starts, and the probe (0, 1) whose row it is.
    typealias Anchor = (x: Double, y: Double, probe: Int)

    /// The readout's box at (0, 0), its rows wrapped to `maxWidth`; and for each probe row,
    /// the point its leader line starts from (the middle of its first swatch's left edge).
    static func box(_ rows: [Row], fontSize size: Int, maxWidth: Double, measure: TextMeasuring)
        -> (box: LabelBox, anchors: [Anchor])
    {
        let pad = (Double(size) * 0.3).rounded()
        let sw = Double(size) * 1.2
        let lineH = Double(measure.size(of: "Ag", fontSize: size).height)
        let indent = Double(rows.map(\.colours.count).max() ?? 0) * (sw + pad)
        var lines: [LabelBox.Line] = []
        var swatches: [LabelBox.Swatch] = []
        var anchors: [Anchor] = []
        var y = pad
        var width = 0.0
        for row in rows {
            // Never narrower than a dozen characters: a readout of one word a line is unreadable.
            let textWidth = max(Double(size) * 7, maxWidth - 2 * pad - indent)
            let wrapped = HelpSheet.wrap(row.text, width: textWidth, font: size, measure)
            let rowH = max(row.colours.isEmpty ? 0 : sw, lineH * Double(wrapped.count))
            for (k, c) in row.colours.enumerated() {
                swatches.append(
                    .init(rect: Rect(pad + Double(k) * (sw + pad), y + (lineH - sw) / 2 + 1, sw, sw), colour: c))
            }
            if let probe = row.probe { anchors.append((0, y + lineH / 2, probe)) }
            for (k, text) in wrapped.enumerated() {
                let s = measure.size(of: text, fontSize: size)
                lines.append(
                    .init(
                        text: text, fontSize: size,
                        rect: Rect(pad + indent, y + Double(k) * lineH, Double(s.width), Double(s.height)).whole))
                width = max(width, indent + Double(s.width))
            }
            y += rowH
        }
        let shim = Rect(0, 0, (width + 2 * pad).rounded(.up), (y + pad).rounded(.up))
        return (LabelBox(shim: shim, lines: lines, swatches: swatches), anchors)
    }
}
