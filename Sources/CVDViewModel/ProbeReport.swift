import CVDCore
import Foundation

/// What a probe reads in one pane: the original colour under it and what the pane's
/// simulation makes of it.
public struct ProbeReading: Equatable, Sendable {
    public let original: RGB8
    public let simulated: RGB8

    public init(original: RGB8, simulation: Simulation) {
        self.original = original
        simulated = simulation.simulate(original)
    }
}

/// The words and numbers of probes and probe pairs: the on-screen callouts and the
/// stdout lines scripts read.
public enum ProbeReport {
    public static func hex(_ c: RGB8) -> String { String(format: "#%02X%02X%02X", c.r, c.g, c.b) }

    /// The pair's numbers: WCAG contrast and CIEDE2000, in normal vision and as simulated.
    public struct Pair: Equatable, Sendable {
        public let contrastNormal: Double, contrastSimulated: Double
        public let deltaENormal: Double, deltaESimulated: Double

        public init(_ a: ProbeReading, _ b: ProbeReading) {
            contrastNormal = WCAG.contrastRatio(a.original, b.original)
            contrastSimulated = WCAG.contrastRatio(a.simulated, b.simulated)
            deltaENormal = CIEDE2000.difference(a.original, b.original)
            deltaESimulated = CIEDE2000.difference(a.simulated, b.simulated)
        }

        /// How the two look as simulated, in words (thresholds in `PairVerdict`).
        public var verdict: String { PairVerdict(deltaE: deltaESimulated).words }
    }

    /// `probe 1: #C8281E → #8E7A1F under deuteranopia (Viénot 1999)`
    public static func probeLine(_ index: Int, _ r: ProbeReading, _ sim: Simulation) -> String {
        "probe \(index + 1): \(hex(r.original)) → \(hex(r.simulated)) under \(sim)"
    }

    /// `probes 1–2 under deuteranopia (Viénot 1999): contrast 4.52:1 → 1.08:1, ΔE00 35.2 → 2.1 (look the same)`
    public static func pairLine(_ p: Pair, _ sim: Simulation) -> String {
        "probes 1–2 under \(sim): " + String(format: "contrast %.2f:1 → %.2f:1, ΔE00 %.1f → %.1f", p.contrastNormal,
                                             p.contrastSimulated, p.deltaENormal, p.deltaESimulated) + " (\(p.verdict))"
    }

    /// The callout's text for one probe: the colours, as seen normally and in the pane's mode.
    public static func callout(_ index: Int, _ r: ProbeReading, _ sim: Simulation) -> String {
        sim.mode == .normal ? "\(index + 1)  \(hex(r.original))" : "\(index + 1)  \(hex(r.original)) → \(hex(r.simulated))"
    }

    /// The pair's callout lines.
    public static func pairCallout(_ p: Pair, _ sim: Simulation) -> [String] {
        if sim.mode == .normal {
            return [String(format: "1–2: contrast %.2f:1, ΔE00 %.1f", p.contrastNormal, p.deltaENormal), p.verdict]
        }
        return [String(format: "1–2: contrast %.2f:1 → %.2f:1", p.contrastNormal, p.contrastSimulated),
                String(format: "ΔE00 %.1f → %.1f: ", p.deltaENormal, p.deltaESimulated) + p.verdict]
    }
}

/// A colour difference in words, for a class. CIEDE2000 thresholds (docs/MODELS.md):
/// below 3 two colours look the same at a glance, below 10 they are hard to tell apart,
/// beyond that easy.
public struct PairVerdict: Equatable, Sendable {
    public static let same = 3.0, hard = 10.0
    public let words: String

    public init(deltaE: Double) {
        words = deltaE < Self.same ? "look the same" : deltaE < Self.hard ? "hard to tell apart" : "easy to tell apart"
    }
}
