import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// The probes' readings from the current frame — the original colour averaged over a
/// 5×5 neighbourhood (camera noise), and what each pane's simulation makes of it — and
/// the lines they print.
struct ProbeReadout {
    /// Per texture, one reading per probe.
    private(set) var readings: [[ProbeReading]] = []

    /// Reads every probe from `frame` for each simulation shown; with a white balance, the
    /// original is the balanced colour (what normal vision shows once balanced).
    /// With a `still` (the still | live layout), the first texture reads the still.
    mutating func update(
        _ frame: Frame?, probes: [Point], simulations: [Simulation],
        assisted: (texture: Int, strength: Double)? = nil, balance: WhiteBalance = .none, still: Frame? = nil
    ) {
        guard let f = frame, !probes.isEmpty else {
            readings = []
            return
        }
        func originals(_ f: Frame) -> [RGB8] {
            probes.map { p in
                let x = min(Int(p.x * Double(f.layout.width)), f.layout.width - 1)
                let y = min(Int(p.y * Double(f.layout.height)), f.layout.height - 1)
                return balance.apply(
                    f.bytes.withUnsafeBytes { FrameSampler.average($0, f.layout, ycbcr: f.ycbcr, x: x, y: y) }
                        ?? RGB8(0, 0, 0))
            }
        }
        let live = originals(f)
        let stillColours = still.map(originals)
        readings = simulations.enumerated().map { t, sim in
            (t == 0 ? stillColours ?? live : live).map { o in
                if let a = assisted, a.texture == t {
                    return ProbeReading(original: o, assisting: sim, strength: a.strength)
                }
                return ProbeReading(original: o, simulation: sim)
            }
        }
    }

    /// One line per probe and one per pair, for each distinct simulation shown.
    func lines(simulations: [Simulation], assistedTexture: Int? = nil, strength: Double = 1) -> [String] {
        var out: [String] = []
        var seen: [Simulation] = []
        for (t, sim) in simulations.enumerated()
        where t < readings.count && (!seen.contains(sim) || t == assistedTexture) {
            seen.append(sim)
            let r = readings[t]
            let what =
                t == assistedTexture
                ? String(cFormat: "assist %.1f, then ", strength) + sim.description : sim.description
            out += r.enumerated().map { ProbeReport.probeLine($0.offset, $0.element, under: what) }
            if r.count == 2 { out.append(ProbeReport.pairLine(ProbeReport.pair(r[0], r[1]), under: what)) }
        }
        return out
    }
}
