import Foundation
import Testing

@testable import CVDCore

/// The kernel against the float64 reference vectors (MODELS.md, shared/color-science).
@Suite struct AccuracyTests {
    static let groups = ReferenceGroup.all

    @Test func fixtureHasEveryGroup() {
        #expect(Self.groups.count == 25)
        #expect(Self.groups.allSatisfy { $0.inputs.count == 729 })
    }

    /// Tolerance: ±1 level per channel (MODELS.md: a correct float32 implementation
    /// lands within 1 level everywhere).
    @Test(arguments: groups)
    func rgbaPathMatchesReference(_ g: ReferenceGroup) throws {
        let kernel = FrameKernel(g.simulation)
        let out = try FrameRunner.rgb(kernel, g.inputs, width: 81).colours
        let worst = zip(out, g.outputs).map { $0.distance(to: $1) }.max() ?? 0
        #expect(worst <= 1, "\(g): worst difference \(worst) levels")
    }

    /// The double-precision reference path reproduces the vectors (round half up exactly).
    @Test(arguments: groups)
    func doublePathMatchesReference(_ g: ReferenceGroup) {
        let sim = g.simulation
        let bad = zip(g.inputs, g.outputs).filter { sim.simulate($0) != $1 }
        #expect(
            bad.isEmpty,
            "\(g): \(bad.count) colours differ, e.g. \(bad.prefix(3).map { "\($0.0)→\($0.1) got \(sim.simulate($0.0))" })"
        )
    }

    /// Y′CbCr 4:2:2 path, each colour a flat pair (so chroma subsampling changes nothing).
    ///
    /// Two checks per colour: (1) against the reference applied to exactly what the
    /// samples decode to (unrounded R′G′B′) — the kernel's own error, ±1 level; (2) against the vectors:
    /// ±1 plus however far the 8-bit Y′CbCr round trip alone moves the reference output
    /// (computed per colour; near the gamut corners a camera's samples cannot hold the
    /// colour exactly and models such as Machado deutan amplify that, up to ~11 levels),
    /// never more than 12 levels in all.
    @Test(arguments: groups)
    func ycbcrPathMatchesReference(_ g: ReferenceGroup) throws {
        let kernel = FrameKernel(g.simulation)
        for enc in YCbCrEncoding.all {
            let out = try FrameRunner.ycbcr(kernel, g.inputs, encoding: enc)
            var ownWorst = 0
            var excess = 0
            var refWorst = 0
            for (i, c) in g.inputs.enumerated() {
                let s = enc.encode(c)
                let d = enc.rgb(y: s.y, cb: s.cb, cr: s.cr)
                let decoded = g.simulation.transform.apply(gammaEncoded: (d.0 / 255, d.1 / 255, d.2 / 255))
                let roundTrip = decoded.distance(to: g.outputs[i])
                ownWorst = max(ownWorst, out[i].distance(to: decoded))
                excess = max(excess, out[i].distance(to: g.outputs[i]) - roundTrip)
                refWorst = max(refWorst, out[i].distance(to: g.outputs[i]))
            }
            #expect(ownWorst <= 1, "\(g) \(enc): kernel vs decoded samples off by \(ownWorst)")
            #expect(excess <= 1, "\(g) \(enc): \(excess) levels beyond the round trip's own error")
            #expect(refWorst <= 12, "\(g) \(enc): vs vectors off by \(refWorst)")
        }
    }

    /// Machado between table steps equals correct piecewise-linear interpolation,
    /// computed here independently in float64 from the published table.
    @Test(arguments: [0.05, 0.25, 0.42, 0.95, 0.999])
    func machadoInterpolation(_ s: Double) throws {
        for d in [Deficiency.protan, .deutan, .tritan] {
            let table = Machado2009.table[d]!
            let lo = Int((s * 10).rounded(.down))
            let t = s * 10 - Double(lo)
            var m = [Double](repeating: 0, count: 9)
            for i in 0..<9 { m[i] = table[lo].m[i] * (1 - t) + table[lo + 1].m[i] * t }
            let expected = ColourTransform.linear(Matrix3(m))
            let sim = Simulation(deficiency: d, severity: s, model: .machado2009)
            #expect(sim.transform == expected)
            let colours = Self.groups[0].inputs
            let out = try FrameRunner.rgb(FrameKernel(sim), colours).colours
            let worst = zip(colours, out).map { expected.apply($0).distance(to: $1) }.max()!
            #expect(worst <= 1, "Machado \(d) at \(s): worst \(worst)")
        }
    }

    /// Interpolating at a table step gives that step, and the ends of each segment meet.
    @Test func machadoSegmentsAreContinuous() {
        for d in [Deficiency.protan, .deutan, .tritan] {
            let table = Machado2009.table[d]!
            for k in 0...10 {
                #expect(Machado2009.interpolate(table, severity: Double(k) / 10) == table[k])
            }
            let below = Machado2009.interpolate(table, severity: 0.3 - 1e-12)
            for (a, b) in zip(below.m, table[3].m) { #expect(abs(a - b) < 1e-9) }
        }
    }
}
