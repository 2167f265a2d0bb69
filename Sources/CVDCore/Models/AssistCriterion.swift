/// MODELS.md §10: when the assist "helps". Every pair is compared as the assist view shows it:
/// simulated, `sim(x)`, against assisted-then-simulated, `sim(assist(x))` with the 8-bit round
/// trip in between (as `ProbeReading` and `ChainedKernel` do), by CIEDE2000 and WCAG contrast.
/// The assist helps a simulation at a strength when all of these hold:
///
/// 1. **Confusion lines** (300 pairs of the mode's deficiency, `confusionPairs`): the median
///    ΔE00 gain is at least 5, and at most 5 % of the pairs (15) get worse (by more than 0.05,
///    what the pair line's one decimal shows).
/// 2. **The plate** (`IshiharaPlate` figure/field pairs): protan and deutan modes gain at least
///    5 ΔE00 in the median and no pair gets worse; tritan modes (the plate hides a deutan
///    difference, which they see) lose no more than 1 on any pair.
/// 3. **Classroom pairs** (`classroom`): in protan and deutan modes the red/green pair
///    (#C81E28 / #3CA046) gets worse in neither number of the pair line; no pair that showed a
///    difference (ΔE00 ≥ 3) comes to "look the same" (< 3, losing more than 1); every pair keeps
///    at least half its ΔE00.
/// 4. **General pairs** (2 000 random pairs, normal ΔE00 10…40): at most 5 % (100) fall into a
///    worse verdict of §9 (look the same < 3 ≤ hard to tell apart < 10 ≤ easy), losing more than 1.
///
/// The sets are generated here, deterministically (`SceneRandom`), exactly as the research
/// script generates them.
public enum AssistCriterion {
    public struct NamedPair: Sendable {
        public let name: String
        public let a: RGB8, b: RGB8
    }

    public struct Pair: Sendable {
        public let a: RGB8, b: RGB8
    }

    /// Everyday pairs a class probes.
    public static let classroom: [NamedPair] = [
        ("red/green", 0xC81E28, 0x3CA046), ("red/brown", 0xC81E28, 0x8B4513),
        ("green/orange", 0x3CA046, 0xFF8C00), ("green/brown", 0x3CA046, 0x8B4513),
        ("green/yellow", 0x3CA046, 0xF0DC32), ("orange/yellow", 0xFF8C00, 0xF0DC32),
        ("red/orange", 0xC81E28, 0xFF8C00), ("red/black", 0xC81E28, 0x202020),
        ("pure red/green", 0xFF0000, 0x00FF00), ("blue/purple", 0x1E50C8, 0x7A3FA0),
        ("violet/blue", 0x8A2BE2, 0x0000FF), ("pink/grey", 0xF4A6B4, 0xB4B4B4),
        ("teal/grey", 0x008080, 0x808080), ("light green/yellow", 0x90EE90, 0xFFFF66),
        ("blue/green", 0x1E50C8, 0x20A080), ("yellow/pink", 0xF0DC32, 0xFFB6C1),
        ("purple/red", 0x7A3FA0, 0xC81E28), ("cyan/white", 0x80E0F0, 0xF5F5F5),
    ].map { NamedPair(name: $0.0, a: hex($0.1), b: hex($0.2)) }

    /// The plate's figure/field pairs.
    public static let plate: [Pair] = zip(IshiharaPlate.figure, IshiharaPlate.field).map { Pair(a: $0, b: $1) }

    /// Seeds of the confusion-line sets.
    static let confusionSeeds: [Deficiency: UInt64] = [.protan: 2710, .deutan: 2711, .tritan: 2712]

    /// Pairs along a deficiency's confusion lines: `SceneRandom(seed)`; a base colour from three
    /// draws (R, G, B, each `% 256`); t uniform over the in-gamut range of `a + t·c` in linear light;
    /// b = that colour, 8-bit. Kept when normal vision tells them apart (ΔE00 ≥ 15) and the
    /// full-severity default simulation does not (ΔE00 ≤ 3 between the 8-bit simulated colours).
    public static func confusionPairs(_ d: Deficiency, count: Int = 300) -> [Pair] {
        guard let k = Assist.constants[d], let seed = confusionSeeds[d] else { return [] }
        let sim = Simulation(deficiency: d, severity: 1, model: .auto)
        let c = [k.c.0, k.c.1, k.c.2]
        var rng = SceneRandom(seed: seed)
        var out: [Pair] = []
        while out.count < count {
            let a = randomColour(&rng)
            let l = [SRGB.linear(a.r), SRGB.linear(a.g), SRGB.linear(a.b)]
            var lo = -Double.infinity
            var hi = Double.infinity
            for i in 0..<3 {
                lo = max(lo, c[i] > 0 ? (0 - l[i]) / c[i] : (1 - l[i]) / c[i])
                hi = min(hi, c[i] > 0 ? (1 - l[i]) / c[i] : (0 - l[i]) / c[i])
            }
            let t = rng.uniform(lo, hi)
            let b = RGB8(SRGB.level(l[0] + t * c[0]), SRGB.level(l[1] + t * c[1]), SRGB.level(l[2] + t * c[2]))
            guard CIEDE2000.difference(a, b) >= 15, CIEDE2000.difference(sim.simulate(a), sim.simulate(b)) <= 3
            else { continue }
            out.append(Pair(a: a, b: b))
        }
        return out
    }

    static let confusionSets: [Deficiency: [Pair]] = Dictionary(
        uniqueKeysWithValues: [Deficiency.protan, .deutan, .tritan].map { ($0, confusionPairs($0)) })

    /// 2 000 random pairs (`SceneRandom(27)`, a then b, three draws each) whose normal ΔE00 is 10…40.
    public static let generalPairs: [Pair] = {
        var rng = SceneRandom(seed: 27)
        var out: [Pair] = []
        while out.count < 2000 {
            let a = randomColour(&rng)
            let b = randomColour(&rng)
            let e = CIEDE2000.difference(a, b)
            if e >= 10 && e <= 40 { out.append(Pair(a: a, b: b)) }
        }
        return out
    }()

    /// The numbers behind the verdict.
    public struct Result: Sendable {
        /// Median ΔE00 gain on the confusion-line set, and how many of its pairs got worse.
        public let confusionGain: Double, confusionWorse: Int, confusionCount: Int
        /// Median and smallest ΔE00 gain on the plate's pairs.
        public let plateGain: Double, plateMinGain: Double
        /// Classroom pairs that came to look the same, and that lost more than half their ΔE00.
        public let classroomVanished: Int, classroomHalved: Int
        /// The red/green pair as simulated and as assisted-then-simulated.
        public let redGreen: (simulated: PairComparison, assisted: PairComparison)
        /// General pairs that fell into a worse verdict.
        public let generalBandDrops: Int, generalCount: Int
        /// The parts of the criterion that failed, in words; empty when the assist helps.
        public let failures: [String]

        public var helps: Bool { failures.isEmpty }
    }

    /// Evaluates the criterion (about 2 300 pairs; tens of milliseconds).
    public static func evaluate(_ simulation: Simulation, strength: Double) -> Result {
        let d = simulation.mode.deficiency ?? .achromat
        let assist = Assist.transform(for: simulation, strength: strength)
        func seen(_ x: RGB8) -> RGB8 { simulation.simulate(x) }
        func assisted(_ x: RGB8) -> RGB8 { simulation.simulate(assist.apply(x)) }
        func differences(_ pairs: [Pair]) -> [(sim: Double, ast: Double)] {
            pairs.map { p in
                let sim = CIEDE2000.difference(seen(p.a), seen(p.b))
                return (sim: sim, ast: CIEDE2000.difference(assisted(p.a), assisted(p.b)))
            }
        }
        var failures: [String] = []
        guard d != .achromat, Assist.isAvailable(for: simulation.mode) else {
            let none = PairComparison(original: (RGB8(0, 0, 0), RGB8(0, 0, 0)), seen: (RGB8(0, 0, 0), RGB8(0, 0, 0)))
            return Result(
                confusionGain: 0, confusionWorse: 0, confusionCount: 0, plateGain: 0, plateMinGain: 0,
                classroomVanished: 0, classroomHalved: 0, redGreen: (none, none), generalBandDrops: 0, generalCount: 0,
                failures: ["no assist for this mode"])
        }

        // 1. Confusion lines.
        let conf = differences(confusionSets[d] ?? [])
        let confGain = median(conf.map { $0.ast - $0.sim })
        let confWorse = conf.filter { $0.ast < $0.sim - 0.05 }.count
        if !(confGain >= 5) { failures.append("confusion lines: median gain \(fixed(confGain)) < 5") }
        if confWorse * 20 > conf.count { failures.append("confusion lines: \(confWorse) of \(conf.count) worse") }

        // 2. The plate.
        let pl = differences(plate)
        let plGains = pl.map { $0.ast - $0.sim }
        let plGain = median(plGains)
        let plMin = plGains.min() ?? 0
        if d == .tritan {
            if plMin < -1 { failures.append("plate: a pair loses \(fixed(-plMin))") }
        } else if !(plGain >= 5) || plGains.contains(where: { $0 < -0.05 }) {
            failures.append("plate: median gain \(fixed(plGain)), smallest \(fixed(plMin))")
        }

        // 3. Classroom pairs.
        let cl = differences(classroom.map { Pair(a: $0.a, b: $0.b) })
        let vanished = cl.filter { $0.sim >= 3 && $0.ast < 3 && $0.ast < $0.sim - 1 }.count
        let halved = cl.filter { $0.ast < 0.5 * $0.sim }.count
        if vanished > 0 { failures.append("classroom: \(vanished) pair(s) come to look the same") }
        if halved > 0 { failures.append("classroom: \(halved) pair(s) lose more than half their ΔE00") }
        let rg = classroom[0]
        let rgSim = PairComparison(original: (rg.a, rg.b), seen: (seen(rg.a), seen(rg.b)))
        let rgAst = PairComparison(original: (rg.a, rg.b), seen: (assisted(rg.a), assisted(rg.b)))
        if d != .tritan
            && (rgAst.deltaESeen < rgSim.deltaESeen - 0.05 || rgAst.contrastSeen < rgSim.contrastSeen - 0.005)
        {
            failures.append("classroom: the red/green pair gets worse")
        }

        // 4. General pairs.
        let gen = differences(generalPairs)
        let drops = gen.filter { band($0.ast) < band($0.sim) && $0.ast < $0.sim - 1 }.count
        if drops * 20 > gen.count { failures.append("general pairs: \(drops) of \(gen.count) fall a verdict") }

        return Result(
            confusionGain: confGain, confusionWorse: confWorse, confusionCount: conf.count, plateGain: plGain,
            plateMinGain: plMin, classroomVanished: vanished, classroomHalved: halved, redGreen: (rgSim, rgAst),
            generalBandDrops: drops, generalCount: gen.count, failures: failures)
    }

    /// MODELS.md §9's verdicts: 0 look the same (< 3), 1 hard to tell apart (< 10), 2 easy.
    static func band(_ e: Double) -> Int { e < 3 ? 0 : (e < 10 ? 1 : 2) }

    /// The median (the mean of the middle two for an even count), as numpy's.
    static func median(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        let n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }

    static func randomColour(_ rng: inout SceneRandom) -> RGB8 {
        let r = UInt8(rng.next() % 256)
        let g = UInt8(rng.next() % 256)
        let b = UInt8(rng.next() % 256)
        return RGB8(r, g, b)
    }

    static func hex(_ v: Int) -> RGB8 { RGB8(UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)) }

    static func fixed(_ x: Double) -> String { String((x * 10).rounded() / 10) }
}
