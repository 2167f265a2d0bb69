import Foundation
import Testing

@testable import CVDCore

/// The white card (`w`): gains measured from a tinted card, and the correction folded into
/// each simulation's matrix giving what correction-then-simulation gives.
@Suite struct WhiteBalanceTests {
    /// A card lit by warm light: linear (0.62, 0.45, 0.26) — about #CFB48C.
    static let warmCard = RGB8(SRGB.level(0.62), SRGB.level(0.45), SRGB.level(0.26))

    /// A 640×480 picture: colour patches around, `card` filling the middle half, with camera-
    /// like noise (±4 levels, fixed seed) and a dark mark (a finger) on the card.
    static func cardPicture(_ card: RGB8, noise: Int = 4) -> RGBAImage {
        var img = RGBAImage(width: 640, height: 480, fill: RGB8(40, 120, 200))
        var random = SceneRandom(seed: 12345) // the same noise every run
        func jitter(_ v: UInt8) -> UInt8 {
            let d = Int.random(in: -noise...noise, using: &random)
            return UInt8(min(max(Int(v) + d, 0), 255))
        }
        for y in 120..<360 { for x in 160..<480 { img[x, y] = RGB8(jitter(card.r), jitter(card.g), jitter(card.b)) } }
        for y in 230..<250 { for x in 300..<330 { img[x, y] = RGB8(60, 30, 20) } }
        return img
    }

    static func measure(_ img: RGBAImage, yuyv: Bool = false) -> Result<WhiteCard.Measurement, WhiteCard.Refusal> {
        if yuyv {
            let f = img.ycbcr(.yuyv)
            return f.bytes.withUnsafeBytes { WhiteCard.measure($0, f.layout, ycbcr: .bt601Limited) }
        }
        return img.pixels.withUnsafeBytes { WhiteCard.measure($0, img.layout, ycbcr: .bt601Limited) }
    }

    /// Gains are Y/c of the card's linear colour: within the noise's effect on a robust mean
    /// (0.5 %) plus the 1/256 quantisation; the corrected card is neutral within 1 level and
    /// keeps its luminance within 0.5 %.
    @Test(arguments: [false, true]) func gainsFromATintedCard(yuyv: Bool) throws {
        let m = try Self.measure(Self.cardPicture(Self.warmCard), yuyv: yuyv).get()
        let card = (SRGB.linear(Self.warmCard.r), SRGB.linear(Self.warmCard.g), SRGB.linear(Self.warmCard.b))
        let y = WhiteBalance.luminance(card)
        let want = [y / card.0, y / card.1, y / card.2]
        let got = [m.balance.gains.r, m.balance.gains.g, m.balance.gains.b]
        // Through YUYV the card's 8-bit round trip moves each channel by up to a level or so.
        let tolerance = yuyv ? 0.02 : 0.007
        for i in 0..<3 { #expect(abs(got[i] / want[i] - 1) <= tolerance, "gain \(i): \(got[i]), want \(want[i])") }
        let corrected = m.balance.apply(Self.warmCard)
        #expect(
            corrected.distance(to: RGB8(corrected.g, corrected.g, corrected.g)) <= (yuyv ? 2 : 1),
            "corrected card \(corrected)")
        let yc = WhiteBalance.luminance((SRGB.linear(corrected.r), SRGB.linear(corrected.g), SRGB.linear(corrected.b)))
        #expect(abs(yc / y - 1) <= 0.01, "luminance \(yc) vs \(y)")
    }

    @Test func gainsAreQuantisedAndNeutralIsNone() {
        let b = WhiteBalance(card: (0.5, 0.5, 0.5))
        #expect(b.isNone)
        let g = WhiteBalance(card: (0.62, 0.45, 0.26)).gains
        for v in [g.r, g.g, g.b] { #expect((v * 256).rounded() == v * 256) }
        // Noise a thousand times smaller than a step gives the same kernel key.
        #expect(WhiteBalance(card: (0.62, 0.45, 0.26)) == WhiteBalance(card: (0.62 * 1.000_01, 0.45, 0.26)))
    }

    @Test func refusesWhatIsNotACard() {
        #expect(throws: WhiteCard.Refusal.tooDark) {
            try Self.measure(Self.cardPicture(RGB8(12, 10, 8), noise: 1)).get()
        }
        #expect(throws: WhiteCard.Refusal.tooColourful) { try Self.measure(Self.cardPicture(RGB8(220, 40, 30))).get() }
        #expect(throws: WhiteCard.Refusal.clipped) {
            try Self.measure(Self.cardPicture(RGB8(255, 255, 255), noise: 0)).get()
        }
        // The test scene's chart in the middle: many colours, no card.
        let scene = TestScene.render(width: 640, height: 480)
        #expect(throws: WhiteCard.Refusal.self) { try Self.measure(scene).get() }
    }

    static let balances = [WhiteBalance(gains: (1.32, 0.97, 0.81)), WhiteBalance(gains: (0.78, 1.04, 1.45))]

    /// Colours on a 9-level grid (0, 32, …, 255) and 2000 random ones.
    static let colours: [RGB8] = {
        var out: [RGB8] = []
        let steps = [0, 32, 64, 96, 128, 160, 192, 224, 255].map(UInt8.init)
        for r in steps { for g in steps { for b in steps { out.append(RGB8(r, g, b)) } } }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            out.append(
                RGB8(
                    .random(in: 0...255, using: &rng), .random(in: 0...255, using: &rng),
                    .random(in: 0...255, using: &rng)))
        }
        return out
    }()

    /// Correction, then the simulation, in float64 — no clip in between (the correction is a
    /// scaling of light; the output is clipped once, MODELS.md §1).
    static func reference(_ sim: Simulation, _ b: WhiteBalance, _ c: RGB8) -> RGB8? {
        let g = b.gains
        let l = (g.r * SRGB.linear(c.r), g.g * SRGB.linear(c.g), g.b * SRGB.linear(c.b))
        let out: (Double, Double, Double)
        switch sim.transform {
        case .linear(let m): out = m.apply(l)
        case .halfPlanes(let t1, let t2, let n): out = (l.0 * n.0 + l.1 * n.1 + l.2 * n.2 < 0 ? t2 : t1).apply(l)
        case .gammaSpace: return nil
        }
        return RGB8(SRGB.level(out.0), SRGB.level(out.1), SRGB.level(out.2))
    }

    /// Every mode and model in linear light: the folded kernel (RGB frames and the
    /// Y′CbCr table path's compute) within ±1 level of correction-then-simulation.
    @Test(arguments: balances) func foldedKernelEqualsCorrectionThenSimulation(_ b: WhiteBalance) throws {
        for sim in allSimulations where sim.transform.isLinearLight {
            let k = FrameKernel(sim.transform.balanced(b))
            let out = try FrameRunner.rgb(k, Self.colours, width: 61).colours
            var worst = 0
            for (c, o) in zip(Self.colours, out) { worst = max(worst, o.distance(to: Self.reference(sim, b, c)!)) }
            #expect(worst <= 1, "\(sim) with \(b): off by \(worst) levels")
        }
    }

    /// The original iOS matrices work on gamma-encoded values: there the gains are applied
    /// as g^(1/2.2). Against the linear-light correction (clipped) then the gamma matrix:
    /// within 3 levels for gains within 0.78…1.45 (the worst measured: 3).
    @Test(arguments: balances) func gammaSpaceModelIsCloseToLinearCorrection(_ b: WhiteBalance) throws {
        for sim in allSimulations where !sim.transform.isLinearLight {
            let folded = sim.transform.balanced(b)
            var worst = 0
            for c in Self.colours {
                let corrected = b.apply(c)
                // Only colours the correction keeps inside the cube: beyond it the two
                // definitions differ by design (clip before or after the matrix).
                let g = b.gains
                guard [g.r * SRGB.linear(c.r), g.g * SRGB.linear(c.g), g.b * SRGB.linear(c.b)].allSatisfy({ $0 <= 1 })
                else { continue }
                worst = max(worst, folded.apply(c).distance(to: sim.transform.apply(corrected)))
            }
            #expect(worst <= 3, "\(sim) with \(b): off by \(worst) levels")
        }
    }

    @Test func noBalanceChangesNothing() {
        for sim in allSimulations { #expect(sim.transform.balanced(.none) == sim.transform) }
    }
}
