import CVDCore
import CVDSystem

/// What the view has said on stdout, so that each thing is said once: the state's summary
/// when it changes, a probe's line when it is new, the overlays' layout when it moves
/// (`CVDCAM_PRINT_OVERLAYS`), and the confusion map's shares when a colour is picked and
/// when a pane's share moves by a point or more. It returns the lines to print; the view
/// prints them.
struct StdoutLines {
    /// The state's summary last printed.
    private(set) var summary = ""
    private var probeLines: [String] = []
    private var overlays = ""
    /// The share last printed per texture, for the picked colour `sharesOf`.
    private(set) var shares: [Double?] = []
    private var sharesOf: RGB8?

    /// Whether `now` is a summary not printed last; it counts as printed.
    mutating func summaryChanged(_ now: String) -> Bool {
        guard now != summary else { return false }
        summary = now
        return true
    }

    /// The probes' lines not printed last time (placing a second probe does not print the
    /// first again).
    mutating func newProbeLines(_ lines: [String]) -> [String] {
        defer { probeLines = lines }
        return lines.filter { !probeLines.contains($0) }
    }

    /// The overlays' line, unless it is the one printed last.
    mutating func overlaysLine(_ line: String) -> String? {
        guard line != overlays else { return nil }
        overlays = line
        return line
    }

    /// `confusable with #RRGGBB under MODE: N.N % of what is shown` for each pane simulated
    /// in another mode than normal vision whose share of `picked` is new or moved by a point
    /// (0.01) since printed; none and forgotten when no colour is picked.
    mutating func shareLines(picked: RGB8?, shares now: [Double?], simulations: [Simulation]) -> [String] {
        guard let c = picked else {
            shares = []
            return []
        }
        if c != sharesOf {
            shares = []
            sharesOf = c
        }
        var printed = now.indices.map { $0 < shares.count ? shares[$0] : nil }
        var lines: [String] = []
        for (i, share) in now.enumerated() where i < simulations.count && simulations[i].mode != .normal {
            guard let share, printed[i].map({ abs(share - $0) >= 0.01 }) ?? true else { continue }
            lines.append(
                "confusable with \(c.hexString) under \(simulations[i].description): "
                    + String(cFormat: "%.1f %% of what is shown", share * 100))
            printed[i] = share
        }
        shares = printed
        return lines
    }
}
