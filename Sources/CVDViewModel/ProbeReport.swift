import CVDCore
import CVDLocale
import CVDSystem
import FoundationEssentials

/// What a probe reads in one pane: the original colour under it and what the pane's
/// simulation makes of it.
public struct ProbeReading: Equatable, Sendable {
    public let original: RGB8
    public let simulated: RGB8

    public init(original: RGB8, simulation: Simulation) {
        self.original = original
        simulated = simulation.simulate(original)
    }

    /// In the assist view's third pane: the assist, then the simulation.
    public init(original: RGB8, assisting simulation: Simulation, strength: Double) {
        self.original = original
        simulated = simulation.simulate(Assist.transform(for: simulation, strength: strength).apply(original))
    }
}

/// The words and numbers of probes and probe pairs: the on-screen callouts and the
/// stdout lines scripts read. Pair numbers and verdicts are CVDCore's `PairComparison`.
public enum ProbeReport {
    public static func hex(_ c: RGB8) -> String { c.hexString }

    /// The pair as its pane shows it.
    public static func pair(_ a: ProbeReading, _ b: ProbeReading) -> PairComparison {
        PairComparison(original: (a.original, b.original), seen: (a.simulated, b.simulated))
    }

    /// `probe 1: #C8281E (red) → #8E7A1F (olive) under deuteranopia (Viénot 1999)`
    public static func probeLine(_ index: Int, _ r: ProbeReading, _ sim: Simulation) -> String {
        probeLine(index, r, under: sim.description)
    }

    /// The same under any description ("assist 1.0, then deuteranopia (Viénot 1999)").
    public static func probeLine(_ index: Int, _ r: ProbeReading, under what: String) -> String {
        "probe \(index + 1): \(named(r.original)) → \(named(r.simulated)) under \(what)"
    }

    /// `probes 1–2 under deuteranopia (Viénot 1999): contrast 4.52:1 → 1.08:1, ΔE00 35.2 → 2.1 (look the same)`
    public static func pairLine(_ p: PairComparison, _ sim: Simulation) -> String {
        pairLine(p, under: sim.description)
    }

    public static func pairLine(_ p: PairComparison, under what: String) -> String {
        "probes 1–2 under \(what): \(p.numbersText) (\(p.verdictSeen.text))"
    }

    // The readouts on screen, in the window's language (English without a catalogue, as in
    // the tests); the stdout lines above stay English.

    /// The callout's lines for one probe: the colours, as seen normally and in the pane's mode.
    public static func callout(_ index: Int, _ r: ProbeReading, _ sim: Simulation) -> [String] {
        let first = "\(index + 1)  " + shown(r.original)
        return sim.mode == .normal ? [first] : [first, "→ " + shown(r.simulated)]
    }

    /// The pair's callout lines: contrast, then ΔE00 and the verdict.
    public static func pairCallout(_ p: PairComparison, _ sim: Simulation) -> [String] {
        let c0 = Localization.decimal(p.contrastNormal, places: 2)
        let e0 = Localization.decimal(p.deltaENormal, places: 1)
        if sim.mode == .normal {
            return [tr("1–2: contrast %s:1, ΔE00 %s", c0, e0), tr(p.verdictNormal.text)]
        }
        let c1 = Localization.decimal(p.contrastSeen, places: 2)
        let e1 = Localization.decimal(p.deltaESeen, places: 1)
        return [tr("1–2: contrast %s:1 → %s:1", c0, c1), tr("ΔE00 %s → %s: %s", e0, e1, tr(p.verdictSeen.text))]
    }

    /// A probe in a word or two per colour, for panes with little room: "1  red → olive".
    public static func shortCallout(_ index: Int, _ r: ProbeReading, _ sim: Simulation) -> String {
        let original = tr(ColourNames.name(of: r.original))
        return sim.mode == .normal
            ? "\(index + 1)  \(original)" : "\(index + 1)  \(original) → " + tr(ColourNames.name(of: r.simulated))
    }

    /// The pair's verdict in the pane's mode, then its ΔE00: ["1–2: look the same", "ΔE00 35.2 → 2.1"].
    public static func shortPairCallout(_ p: PairComparison, _ sim: Simulation) -> [String] {
        let e0 = Localization.decimal(p.deltaENormal, places: 1)
        if sim.mode == .normal { return [tr("1–2: %s", tr(p.verdictNormal.text)), tr("ΔE00 %s", e0)] }
        let e1 = Localization.decimal(p.deltaESeen, places: 1)
        return [tr("1–2: %s", tr(p.verdictSeen.text)), tr("ΔE00 %s → %s", e0, e1)]
    }

    /// `#C8281E (red)` on screen.
    static func shown(_ c: RGB8) -> String { tr("%s (%s)", c.hexString, tr(ColourNames.name(of: c))) }

    /// `#C8281E (red)`.
    static func named(_ c: RGB8) -> String { "\(c.hexString) (\(ColourNames.name(of: c)))" }
}
