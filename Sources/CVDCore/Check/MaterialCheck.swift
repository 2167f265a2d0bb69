/// "Is this material safe?": which of a picture's colours each form of CVD confuses.
///
/// A pair of regions is **at risk** in a mode when it is easy to tell apart in normal
/// vision (ΔE00 ≥ `PairVerdict.hardBelow`, 10) and hard to tell apart or the same as
/// that mode sees it (simulated ΔE00 < 10): the probe's own verdicts (docs/science.md).
public struct MaterialCheck: Sendable {
    public let found: FoundRegions
    public let results: [ModeResult]

    /// One mode's verdict.
    public struct ModeResult: Sendable {
        public let simulation: Simulation
        public let pairs: [RiskyPair]
        public var isSafe: Bool { pairs.isEmpty }
    }

    /// Two regions (indices into `found.regions`) that the mode confuses.
    public struct RiskyPair: Sendable, Equatable {
        public let first: Int, second: Int
        public let deltaENormal: Double, deltaESeen: Double
        public var verdictSeen: PairVerdict { PairVerdict(deltaE00: deltaESeen) }
    }

    public init(_ image: RGBAImage, simulations: [Simulation]) {
        self.init(RegionFinder.regions(in: image), simulations: simulations)
    }

    public init(_ found: FoundRegions, simulations: [Simulation]) {
        self.found = found
        let colours = found.regions.map(\.rgb)
        results = simulations.map { sim in
            ModeResult(simulation: sim, pairs: Self.riskyPairs(colours, under: sim))
        }
    }

    /// The pairs of `colours` a simulation puts at risk, the most confused first (float64
    /// throughout: the reference path, `Simulation.transform`).
    public static func riskyPairs(_ colours: [RGB8], under sim: Simulation) -> [RiskyPair] {
        let seen = colours.map { sim.simulate($0) }
        var pairs: [RiskyPair] = []
        for i in colours.indices {
            for j in colours.indices where j > i {
                let normal = CIEDE2000.difference(colours[i], colours[j])
                guard normal >= PairVerdict.hardBelow else { continue }
                let d = CIEDE2000.difference(seen[i], seen[j])
                if d < PairVerdict.hardBelow {
                    pairs.append(RiskyPair(first: i, second: j, deltaENormal: normal, deltaESeen: d))
                }
            }
        }
        return pairs.sorted { $0.deltaESeen < $1.deltaESeen }
    }

    /// Every mode safe.
    public var isSafe: Bool { results.allSatisfy(\.isSafe) }

    /// The distinct pairs at risk in any mode, each with the modes it is at risk in, in a
    /// stable order (by the regions' order: largest first): the numbers the marks carry.
    public var numberedPairs: [(first: Int, second: Int, modes: [VisionMode])] {
        var order: [(Int, Int)] = []
        var modes: [Int: [VisionMode]] = [:]
        for r in results {
            for p in r.pairs {
                let key = p.first * 1000 + p.second
                if modes[key] == nil { order.append((p.first, p.second)) }
                modes[key, default: []].append(r.simulation.mode)
            }
        }
        return order.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { ($0.0, $0.1, modes[$0.0 * 1000 + $0.1]!) }
    }
}
