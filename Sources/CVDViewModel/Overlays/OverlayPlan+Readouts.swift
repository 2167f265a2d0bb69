import CVDCore

/// The probes' readouts at the size that shows the most, the footer and the chip naming the
/// model: the placings the make-way turns (`laidOut`) move.
extension OverlayPlan {
    /// The probes' readouts and their leaders, placed in the room left: at `size` where a
    /// plan of the same scene chose it, else at the size `readouts` finds.
    mutating func placeReadouts(
        _ inputs: Inputs, _ g: ViewGeometry, fontSize small: Int, uiScale: Double, size kept: Int?,
        measure: TextMeasuring
    ) {
        // Where a readout wanted (a pane showing a probe) has no room at all at its size:
        // all of them smaller, down to the bands' floor (once the caption has made way, to
        // the smallest label); else as many as fit at the largest size.
        let floor = choices.captionInBands ? Self.bandFloor(small) : BadgeLayout.minimumFont
        // Clear of the check's tags first, then (fewer placed so) over them.
        let unscaled = max(Self.bandFloor(small), Int((Double(small) / max(1, uiScale)).rounded(.up)))
        let fixed = kept.map { min($0, small) }
        let (best, wanted) = Self.readouts(
            inputs, g, sizes: fixed.map { $0...$0 } ?? floor...small, inBands: fixed ?? unscaled,
            ringSize: small, bases: space.choices, measure: measure)
        readoutsWanted = wanted
        guard let best else { return }
        choices.readoutSize = best.size
        (callouts, leaders, readoutsShortened) = (best.placed.callouts, best.placed.leaders, best.placed.shortened)
        for c in callouts { space.take(c.shim) }
        for l in leaders { space.take(line: l) }
        // A leader that had no place clear of every label (a crowded window) has a gap
        // where it crosses one, as at the check's tags.
        let labels = boxes.map(\.shim).filter { b in !callouts.contains { $0.shim == b } }
        leaders = ProbeLayout.broken(leaders, around: checkTags.map(\.shim) + labels, gap: 2)
        if best.size < small { wantsRoom = true }
    }

    /// The footer (`text`), wrapped into the first room with space for it.
    mutating func placeFooter(_ text: String?, fontSize: Int, rooms: [Rect], measure: TextMeasuring) {
        guard let text else { return }
        footer = Self.wrapped(
            text, swatch: nil, fontSize: fontSize, rooms: rooms, alignRight: false, space: space, measure: measure)
        if let b = footer { space.take(b.shim) }
    }

    /// The chip that names the models no badge names (`modelsDropped`), where there are.
    @discardableResult
    mutating func placeModelChip(fontSize: Int, rooms: [Rect], measure: TextMeasuring) -> [LabelBox] {
        guard let dropped = modelsDropped else { return [] }
        let chip = Self.modelChip(dropped, fontSize: fontSize, rooms: rooms, space: space, measure: measure)
        for c in chip { space.take(c.shim) }
        chips += chip
        return chip
    }

    /// Readouts placed at one size: their callouts and leader lines.
    typealias PlacedReadouts = (callouts: [LabelBox], leaders: [ProbeLayout.Leader], shortened: Int)

    /// The probes' readouts, placed as `ProbeLayout.place` places them, in the first of
    /// `bases` (the room left, best first) that holds all those wanted. With `--ui-scale`
    /// above 1, a readout asked larger gives back the enlargement before it covers the
    /// picture: of the sizes from the largest of `sizes` down to `inBands` (the size
    /// `--ui-scale 1` gives, never below half), the one that leaves the fewest readouts on
    /// the picture (of those, the one at which they say the most, then the largest). Else the largest size down to the floor at which
    /// they all fit; else as many as fit at the largest size. `wanted`: the readouts the
    /// panes showing a probe want. The room the readouts take is their callouts'
    /// (`ProbeLayout.place` takes nothing else).
    static func readouts(
        _ inputs: Inputs, _ g: ViewGeometry, sizes: ClosedRange<Int>, inBands: Int, ringSize: Int, bases: [FreeSpace],
        measure: TextMeasuring
    ) -> (best: (placed: PlacedReadouts, size: Int)?, wanted: Int) {
        let small = sizes.upperBound
        var wanted = 0
        var best: (placed: PlacedReadouts, size: Int)?
        var short: Bool { best?.placed.callouts.count ?? 0 < wanted || best == nil }
        func place(_ base: FreeSpace, _ size: Int) -> PlacedReadouts {
            var room = base
            let placed = ProbeLayout.place(
                inputs.state.probes, readings: inputs.probeReadings, simulations: inputs.simulations, geometry: g,
                fontSize: size, ringSize: ringSize, space: &room, measure: measure,
                assisted: inputs.state.assistedTexture)
            wanted = placed.wanted
            return (placed.callouts, placed.leaders, placed.shortened)
        }
        for base in bases where short {
            // Each size is placed once: the fallback below goes again over the sizes the
            // shrink pass has placed.
            var tried: [Int: PlacedReadouts] = [:]
            func trial(_ size: Int) -> PlacedReadouts {
                if let known = tried[size] { return known }
                let placed = place(base, size)
                tried[size] = placed
                return placed
            }
            var size = small
            // Of the sizes that place every readout: the fewest over a picture, then the
            // most said (a readout in a band at the scaled size may keep only its verdict,
            // "1" beside two swatches, where a smaller one names the colours), then the
            // largest; down to the first size at which none is shortened.
            var fewest: (placed: PlacedReadouts, size: Int, over: Int, said: Int)?
            while inBands < small, size >= inBands, fewest.map({ $0.placed.shortened > 0 }) ?? true {
                let placed = trial(size)
                let over = placed.callouts.filter { c in g.pieces.contains { $0.destination.intersects(c.shim) } }.count
                let said = Self.said(placed.callouts)
                if placed.callouts.count == wanted,
                    fewest.map({ over < $0.over || (over == $0.over && said > $0.said) }) ?? true
                {
                    fewest = (placed, size, over, said)
                }
                size -= max(1, size / 10)
            }
            if let f = fewest {
                best = (f.placed, f.size)
                continue
            }
            size = small
            repeat {
                let placed = trial(size)
                if placed.callouts.count > best?.placed.callouts.count ?? -1 { best = (placed, size) }
                size -= max(1, size / 10)
            } while short && size >= sizes.lowerBound
        }
        return (best, wanted)
    }
}
