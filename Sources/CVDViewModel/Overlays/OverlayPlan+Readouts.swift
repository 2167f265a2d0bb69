import CVDCore

extension OverlayPlan {
    /// The probes' readouts, placed as `ProbeLayout.place` places them, in the first of
    /// `bases` (the room left, best first) that holds all those wanted: in the bands alone
    /// at the largest size of `sizes` down to `inBands` (the size `--ui-scale 1` gives,
    /// never below half: a readout asked larger gives back the enlargement before it covers
    /// the picture); else in the bands or on the picture at the largest size down to the
    /// floor at which they all fit; else as many as fit at the largest size. `wanted`: the
    /// readouts the panes showing a probe want. The room the readouts take is their
    /// callouts' (`ProbeLayout.place` takes nothing else).
    static func readouts(
        _ inputs: Inputs, _ g: ViewGeometry, sizes: ClosedRange<Int>, inBands: Int, bases: [FreeSpace],
        measure: TextMeasuring
    ) -> (best: (callouts: [LabelBox], leaders: [ProbeLayout.Leader], size: Int)?, wanted: Int) {
        let small = sizes.upperBound
        var wanted = 0
        var best: (callouts: [LabelBox], leaders: [ProbeLayout.Leader], size: Int)?
        var short: Bool { best?.callouts.count ?? 0 < wanted || best == nil }
        for base in bases where short {
            // (At --ui-scale 1 the bands alone at the largest size is the second pass's first try.)
            for bandsOnly in inBands < small ? [true, false] : [false] where short {
                var size = small
                repeat {
                    var trial = base
                    let placed = ProbeLayout.place(
                        inputs.state.probes, readings: inputs.probeReadings, simulations: inputs.simulations,
                        geometry: g, fontSize: size, ringSize: small, space: &trial, measure: measure,
                        assisted: inputs.state.assistedTexture, bandsOnly: bandsOnly)
                    wanted = placed.wanted
                    if placed.callouts.count > best?.callouts.count ?? -1 {
                        best = (placed.callouts, placed.leaders, size)
                    }
                    size -= max(1, size / 10)
                } while short && size >= (bandsOnly ? inBands : sizes.lowerBound)
            }
        }
        return (best, wanted)
    }
}
