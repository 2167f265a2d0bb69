import CVDCore

/// Probes on screen: a ring on each probed place in every pane that shows it (it marks
/// the picture, so it follows pan and zoom), and next to it a callout with the colour and
/// what the pane's mode makes of it as swatches and `#RRGGBB`; the second probe's callout
/// adds the pair's contrast, ΔE00 and verdict.
public enum ProbeLayout {
    public struct Marker: Equatable, Sendable {
        public let x: Double, y: Double, radius: Double
    }

    /// - Parameters:
    ///   - readings: per texture, one reading per probe.
    public static func place(
        _ probes: [Point], readings: [[ProbeReading]], simulations: [Simulation],
        geometry: ViewGeometry, fontSize: Int, measure: TextMeasuring
    ) -> (markers: [Marker], callouts: [LabelBox]) {
        var markers: [Marker] = []
        var callouts: [LabelBox] = []
        let radius = max(8, Double(fontSize) * 0.5)
        for piece in geometry.pieces {
            let t = piece.texture
            guard simulations.indices.contains(t), readings.indices.contains(t) else { continue }
            let sim = simulations[t]
            for (i, p) in probes.enumerated() where i < readings[t].count {
                guard let w = geometry.windowPoint(p, texture: t), piece.destination.contains(w.x, w.y) else {
                    continue
                }
                markers.append(Marker(x: w.x, y: w.y, radius: radius))
                var texts = ProbeReport.callout(i, readings[t][i], sim)
                if i == 1 { texts += ProbeReport.pairCallout(ProbeReport.pair(readings[t][0], readings[t][1]), sim) }
                let colours =
                    sim.mode == .normal
                    ? [readings[t][i].original] : [readings[t][i].original, readings[t][i].simulated]
                callouts.append(
                    callout(
                        texts, colours, at: w, radius: radius, in: piece.destination, fontSize: fontSize,
                        measure: measure))
            }
        }
        return (markers, callouts)
    }

    /// A callout beside (x, y), inside `area`: right and below when there is room, else
    /// left or above; text that is too wide for the area gets smaller.
    static func callout(
        _ texts: [String], _ colours: [RGB8], at point: (x: Double, y: Double), radius: Double, in area: Rect,
        fontSize: Int, measure: TextMeasuring
    ) -> LabelBox {
        var size = fontSize
        var sizes = texts.map { measure.size(of: $0, fontSize: size) }
        func width() -> Double {
            let pad = (Double(size) * 0.3).rounded()
            let sw = Double(size) * 1.2
            return 2 * pad + Double(colours.count) * (sw + pad) + Double(sizes.map(\.width).max() ?? 0)
        }
        while size > BadgeLayout.minimumFont, width() > area.w * 0.9 {
            size -= 1
            sizes = texts.map { measure.size(of: $0, fontSize: size) }
        }
        let pad = (Double(size) * 0.3).rounded()
        let sw = Double(size) * 1.2
        let lineH = Double(sizes.first?.height ?? size)
        let w = width()
        let h = max(sw, lineH * Double(texts.count)) + 2 * pad
        var x = point.x + radius + pad
        var y = point.y + radius
        if x + w > area.maxX { x = point.x - radius - pad - w }
        if y + h > area.maxY { y = point.y - radius - h }
        x = min(max(x, area.x), area.maxX - w)
        y = min(max(y, area.y), area.maxY - h)
        let swatches = colours.enumerated().map { k, c in
            LabelBox.Swatch(rect: Rect(x + pad + Double(k) * (sw + pad), y + pad, sw, sw), colour: c)
        }
        let textX = x + pad + Double(colours.count) * (sw + pad)
        let lines = zip(texts, sizes).enumerated().map { k, l in
            LabelBox.Line(
                text: l.0, fontSize: size,
                rect: Rect(textX, y + pad + Double(k) * lineH, Double(l.1.width), Double(l.1.height)).whole)
        }
        return LabelBox(shim: Rect(x, y, w, h), lines: lines, swatches: swatches)
    }
}
