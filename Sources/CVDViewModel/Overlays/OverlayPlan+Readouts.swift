import CVDCore

extension OverlayPlan {
    /// Readouts placed at one size: their callouts and leader lines.
    typealias PlacedReadouts = (callouts: [LabelBox], leaders: [ProbeLayout.Leader])

    /// The probes' readouts, placed as `ProbeLayout.place` places them, in the first of
    /// `bases` (the room left, best first) that holds all those wanted. With `--ui-scale`
    /// above 1, a readout asked larger gives back the enlargement before it covers the
    /// picture: of the sizes from the largest of `sizes` down to `inBands` (the size
    /// `--ui-scale 1` gives, never below half), the one that leaves the fewest readouts on
    /// the picture (the largest of those). Else the largest size down to the floor at which
    /// they all fit; else as many as fit at the largest size. `wanted`: the readouts the
    /// panes showing a probe want. The room the readouts take is their callouts'
    /// (`ProbeLayout.place` takes nothing else).
    static func readouts(
        _ inputs: Inputs, _ g: ViewGeometry, sizes: ClosedRange<Int>, inBands: Int, ringSize: Int, bases: [FreeSpace],
        measure: TextMeasuring
    ) -> (best: (callouts: [LabelBox], leaders: [ProbeLayout.Leader], size: Int)?, wanted: Int) {
        let small = sizes.upperBound
        var wanted = 0
        var best: (callouts: [LabelBox], leaders: [ProbeLayout.Leader], size: Int)?
        var short: Bool { best?.callouts.count ?? 0 < wanted || best == nil }
        func place(_ base: FreeSpace, _ size: Int) -> PlacedReadouts {
            var room = base
            let placed = ProbeLayout.place(
                inputs.state.probes, readings: inputs.probeReadings, simulations: inputs.simulations, geometry: g,
                fontSize: size, ringSize: ringSize, space: &room, measure: measure,
                assisted: inputs.state.assistedTexture)
            wanted = placed.wanted
            return (placed.callouts, placed.leaders)
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
            var fewest: (placed: PlacedReadouts, size: Int, over: Int)?
            while inBands < small, size >= inBands, fewest?.over ?? 1 > 0 {
                let placed = trial(size)
                let over = placed.callouts.filter { c in g.pieces.contains { $0.destination.intersects(c.shim) } }.count
                if placed.callouts.count == wanted, over < fewest?.over ?? .max { fewest = (placed, size, over) }
                size -= max(1, size / 10)
            }
            if let f = fewest {
                best = (f.placed.callouts, f.placed.leaders, f.size)
                continue
            }
            size = small
            repeat {
                let placed = trial(size)
                if placed.callouts.count > best?.callouts.count ?? -1 { best = (placed.callouts, placed.leaders, size) }
                size -= max(1, size / 10)
            } while short && size >= sizes.lowerBound
        }
        return (best, wanted)
    }
}
