/// The numbers of a two-probe comparison: WCAG contrast and CIEDE2000 in normal vision
/// and as seen (simulated), with the verdict for each.
public struct PairComparison: Sendable, Equatable {
    /// The two colours as they are.
    public let original: (RGB8, RGB8)
    /// The two colours as the pane shows them (simulated, or assisted then simulated).
    public let seen: (RGB8, RGB8)
    /// WCAG 2.x contrast ratio (1…21) of `original` and of `seen`.
    public let contrastNormal: Double, contrastSeen: Double
    /// CIEDE2000 of `original` and of `seen`.
    public let deltaENormal: Double, deltaESeen: Double

    /// From colours already simulated (e.g. averaged from the pane's own pixels).
    public init(original: (RGB8, RGB8), seen: (RGB8, RGB8)) {
        self.original = original
        self.seen = seen
        contrastNormal = WCAG.contrastRatio(original.0, original.1)
        contrastSeen = WCAG.contrastRatio(seen.0, seen.1)
        deltaENormal = CIEDE2000.difference(original.0, original.1)
        deltaESeen = CIEDE2000.difference(seen.0, seen.1)
    }

    /// Two colours as they are, seen through a simulation (float64 reference path).
    public init(_ a: RGB8, _ b: RGB8, under simulation: Simulation) {
        self.init(original: (a, b), seen: (simulation.simulate(a), simulation.simulate(b)))
    }

    public var verdictNormal: PairVerdict { PairVerdict(deltaE00: deltaENormal) }
    public var verdictSeen: PairVerdict { PairVerdict(deltaE00: deltaESeen) }

    /// `contrast 4.53:1 → 1.21:1, ΔE00 45.2 → 2.1` (normal → seen; contrast to two
    /// decimals, ΔE00 to one, rounded half up), the pair line's numbers.
    public var numbersText: String {
        "contrast \(Self.fixed(contrastNormal, 2)):1 → \(Self.fixed(contrastSeen, 2)):1, "
            + "ΔE00 \(Self.fixed(deltaENormal, 1)) → \(Self.fixed(deltaESeen, 1))"
    }

    /// A non-negative value with `places` decimals, rounded half up (no Foundation here).
    static func fixed(_ x: Double, _ places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let n = Int((max(x, 0) * Double(scale) + 0.5).rounded(.down))
        guard places > 0 else { return String(n) }
        let frac = String(n % scale)
        return "\(n / scale)." + String(repeating: "0", count: places - frac.count) + frac
    }

    public static func == (a: PairComparison, b: PairComparison) -> Bool {
        a.original == b.original && a.seen == b.seen
    }
}
