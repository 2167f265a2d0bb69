import CVDCore

/// "Is this material safe?": which of a picture's colours each form of CVD confuses, and
/// whether all of the picture could be judged.
///
/// A pair of colours is **at risk** in a form when normal vision tells them apart and the
/// form does not, and the form takes away most of the difference (`RiskRule`), each judged
/// with the thresholds for the harder of the two colours' marks (`NoticeableDifference`:
/// a thin line needs a larger difference than a bar). The verdict is three-valued: at risk
/// (some pair), safe (no pair, and all of the picture judged), or not fully checked.
public struct MaterialCheck: Sendable {
    public let found: FoundRegions
    public let results: [ModeResult]

    /// One form's pairs at risk.
    public struct ModeResult: Sendable {
        public let simulation: Simulation
        public let pairs: [RiskyPair]
        public var isSafe: Bool { pairs.isEmpty }
    }

    /// Two colours (indices into `found.regions`) that a form confuses.
    public struct RiskyPair: Sendable, Equatable {
        public let first: Int, second: Int
        /// How many thresholds apart (`NoticeableDifference.steps`) in normal vision and as seen.
        public let stepsNormal: Double, stepsSeen: Double
        /// CIEDE2000, normal and as seen (for people who know the figure).
        public let deltaENormal: Double, deltaESeen: Double
        /// Under half a threshold: they look the same; else hard to tell apart.
        public var verdictSeen: PairVerdict { stepsSeen < 0.5 ? .lookTheSame : .hardToTellApart }
    }

    /// How much of the picture was judged.
    public enum Coverage: String, Sendable, Equatable {
        case all, partly, none
    }

    public enum Verdict: String, Sendable, Equatable {
        case safe
        case atRisk = "at risk"
        case notFullyChecked = "not fully checked"
    }

    /// The forms a class has, counted by default (docs/science.md, "Which forms count"):
    /// the red–green dichromats and anomalous trichromats (at the default severity, 0.6) and
    /// tritanopia. Achromatopsia (about 1 in 30,000) and tritanomaly count when asked for.
    public static let classForms: [VisionMode] = [
        .protanopia, .deuteranopia, .tritanopia, .protanomaly, .deuteranomaly,
    ]

    /// Shading or texture over this share of the judged picture makes it partly checked.
    public static let partlyAbove = 0.02
    /// A picture with fewer pixels than this is too small to judge.
    public static let smallestPicture = 1024

    public init(_ image: RGBAImage, simulations: [Simulation], unjudged: [PixelRect] = [], blendedBorders: Bool = false)
    {
        self.init(
            RegionFinder.regions(in: image, unjudged: unjudged, blendedBorders: blendedBorders),
            simulations: simulations)
    }

    public init(_ found: FoundRegions, simulations: [Simulation]) {
        self.found = found
        results = simulations.map { sim in
            ModeResult(simulation: sim, pairs: Self.riskyPairs(found.regions, under: sim))
        }
    }

    public var coverage: Coverage {
        if found.judgedPixels < Self.smallestPicture || found.uncheckedShare >= FoundRegions.nothingJudged {
            return .none
        }
        if found.uncheckedShare >= Self.partlyAbove || !found.unjudged.isEmpty { return .partly }
        return .all
    }

    public var verdict: Verdict {
        if !isSafe { return .atRisk }
        return coverage == .all ? .safe : .notFullyChecked
    }

    /// The pairs of `regions` a simulation puts at risk, the most confused first (ties: by
    /// the colours' order). Float64 throughout: the reference path, `Simulation.transform`.
    public static func riskyPairs(_ regions: [ColourRegion], under sim: Simulation) -> [RiskyPair] {
        let seen = regions.map { CIELab(sim.simulate($0.rgb)) }
        var pairs: [RiskyPair] = []
        for i in regions.indices {
            for j in regions.indices where j > i {
                let nd = regions[i].noticeable(against: regions[j])
                let normal = nd.steps(regions[i].lab, regions[j].lab)
                let seenSteps = nd.steps(seen[i], seen[j])
                guard RiskRule.atRisk(normal: normal, seen: seenSteps) else { continue }
                pairs.append(
                    RiskyPair(
                        first: i, second: j, stepsNormal: normal, stepsSeen: seenSteps,
                        deltaENormal: CIEDE2000.difference(regions[i].lab, regions[j].lab),
                        deltaESeen: CIEDE2000.difference(seen[i], seen[j])))
            }
        }
        return pairs.sorted { ($0.stepsSeen, $0.first, $0.second) < ($1.stepsSeen, $1.first, $1.second) }
    }

    /// Every form safe.
    public var isSafe: Bool { results.allSatisfy(\.isSafe) }

    /// The distinct pairs at risk in any form, each with the forms it is at risk in, by the
    /// colours' order (most ink first): the numbers the marks carry.
    public var numberedPairs: [(first: Int, second: Int, modes: [VisionMode])] {
        var modes: [Int: [VisionMode]] = [:]
        for r in results {
            for p in r.pairs { modes[p.first * 1000 + p.second, default: []].append(r.simulation.mode) }
        }
        return modes.keys.sorted().map { ($0 / 1000, $0 % 1000, modes[$0]!) }
    }
}
