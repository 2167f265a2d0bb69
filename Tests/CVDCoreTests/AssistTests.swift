import Foundation
import Testing

@testable import CVDCore

/// The assist (daltonization) against an independent float64 implementation, its
/// half-plane form, and the two-pass assisted-then-simulated kernel.
@Suite struct AssistTests {
    static let grid: [RGB8] = {
        let levels: [UInt8] = [0, 32, 64, 96, 128, 159, 191, 223, 255]
        return levels.flatMap { r in levels.flatMap { g in levels.map { b in RGB8(r, g, b) } } }
    }()

    /// Written here from the formula, sharing nothing with the code under test but the
    /// simulation's matrices: M = I + s·C·(I − S) per matrix, decode, pick the half-plane,
    /// apply, clip, encode, round half up.
    struct Reference {
        let mats: [[[Double]]], normal: [Double]?

        struct K {
            let c: [Double], r: [Double], q: [Double]
            let e: Double, f: Double, g: Double
        }

        init(_ sim: Simulation, strength s: Double) {
            let k: K =
                switch sim.mode.deficiency! {
                case .protan:
                    K(
                        c: [1.0, -0.12661173793436487, -0.004512945555859752], r: [-0.186, -0.186, 0.035],
                        q: [0.528, -0.039, -0.595], e: 0.79, f: 1.94, g: 0.76)
                case .deutan:
                    K(
                        c: [1.0, -0.41392741121443993, 0.03158231268053218], r: [-0.081, -0.081, -0.399],
                        q: [0.444, -0.383, -0.490], e: 1.00, f: 1.96, g: 1.82)
                default:
                    K(
                        c: [0.16830332487705696, -0.16382486730281065, 1.0], r: [-0.050, -0.245, -0.200],
                        q: [0, 0, 0], e: 1, f: 0, g: 0)
                }
            let cc = k.c.reduce(0.0) { $0 + $1 * $1 }
            let p = k.c.map { $0 / cc }
            func rows(_ m: Matrix3) -> [[Double]] { (0..<3).map { r in (0..<3).map { m[r, $0] } } }
            // ℓ_j = Σ_i p_i·(δ_ij − m_ij): what m loses, measured along c.
            func lost(_ sm: [[Double]]) -> [Double] {
                (0..<3).map { (j: Int) -> Double in
                    var sum = 0.0
                    for i in 0..<3 {
                        let identity: Double = i == j ? 1 : 0
                        sum += p[i] * (identity - sm[i][j])
                    }
                    return sum
                }
            }
            let sims: [[[Double]]]
            switch sim.transform {
            case .linear(let m):
                sims = [rows(m)]
                normal = nil
            case .halfPlanes(let t1, let t2, let n):
                sims = [rows(t1), rows(t2)]
                normal = [n.0, n.1, n.2]
            case .gammaSpace: fatalError("not used here")
            }
            let l1 = lost(sims[0])
            let kappa = min(max(zip(l1, k.c).reduce(0.0) { $0 + $1.0 * $1.1 }, 0), 1)
            var h = 0.0
            if k.q.contains(where: { $0 != 0 }) {
                let peak = k.f / (k.e + k.f)
                h = pow(kappa / peak, k.f) * pow((1 - kappa) / (1 - peak), k.e)
            }
            let u = (0..<3).map { pow(kappa, k.g) * k.r[$0] + h * k.q[$0] }
            mats = sims.map { sm in
                let l = lost(sm)
                return (0..<3).map { i in (0..<3).map { j in (i == j ? 1.0 : 0) + s * u[i] * l[j] } }
            }
        }

        func apply(_ p: RGB8) -> RGB8 {
            func dec(_ v: UInt8) -> Double {
                let x = Double(v) / 255
                return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            }
            func enc(_ l: Double) -> UInt8 {
                let c = min(max(l, 0), 1)
                let e = c < 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
                return UInt8(floor(255 * e + 0.5))
            }
            let l = [dec(p.r), dec(p.g), dec(p.b)]
            var m = mats[0]
            if let n = normal, l[0] * n[0] + l[1] * n[1] + l[2] * n[2] < 0 { m = mats[1] }
            let o = m.map { row in row[0] * l[0] + row[1] * l[1] + row[2] * l[2] }
            return RGB8(enc(o[0]), enc(o[1]), enc(o[2]))
        }
    }

    static let simulations: [Simulation] = [
        try! Simulation(mode: .protanopia), try! Simulation(mode: .deuteranopia), try! Simulation(mode: .tritanopia),
        try! Simulation(mode: .protanomaly, severity: 0.6), try! Simulation(mode: .deuteranomaly, severity: 0.33),
        try! Simulation(mode: .tritanomaly, severity: 0.6), try! Simulation(mode: .deuteranopia, model: .brettel1997),
        try! Simulation(mode: .tritanopia, model: .vienot1999),
        try! Simulation(mode: .protanomaly, severity: 0.6, model: .machado2009),
    ]

    @Test(arguments: simulations)
    func kernelMatchesIndependentFloat64Reference(sim: Simulation) throws {
        for s in [1.0, 0.5] {
            let ref = Reference(sim, strength: s)
            let k = FrameKernel(Assist.transform(for: sim, strength: s))
            let out = try FrameRunner.rgb(k, Self.grid, width: 81).colours
            let worst = zip(out, Self.grid.map(ref.apply)).map { $0.distance(to: $1) }.max()!
            #expect(worst <= 1, "\(sim) strength \(s): \(worst) levels")
            // The double-precision path agrees too.
            let t = Assist.transform(for: sim, strength: s)
            #expect(Self.grid.allSatisfy { t.apply($0).distance(to: ref.apply($0)) <= 1 }, "\(sim) \(s) reference path")
        }
    }

    /// Brettel's half-planes stay rank-one apart after the assist (C·(t1 − t2) = (−C·v)·nᵀ),
    /// so PixelMath's precondition holds at every strength.
    @Test func halfPlaneAssistStaysRankOne() throws {
        for mode in [VisionMode.tritanopia, .tritanomaly, .protanopia, .deuteranopia] {
            for s in stride(from: 0.0, through: 1.0, by: 0.25) {
                let sim = try Simulation(mode: mode, model: .brettel1997)
                guard case .halfPlanes(let a1, let a2, let n) = Assist.transform(for: sim, strength: s) else {
                    Issue.record("\(mode): not half-planes")
                    continue
                }
                let v = PixelMath.rankOneDifference(a1, a2, n) // traps if not rank one
                let vs: [Double] = [v.0, v.1, v.2]
                let ns: [Double] = [n.0, n.1, n.2]
                var residual = 0.0
                for i in 0..<9 { residual = max(residual, abs(a2.m[i] - a1.m[i] - vs[i / 3] * ns[i % 3])) }
                #expect(residual < 1e-12, "\(mode) \(s)")
                _ = FrameKernel(Assist.transform(for: sim, strength: s))
            }
        }
    }

    @Test func strengthZeroAndModesWithoutAssistAreTheIdentity() throws {
        let k = FrameKernel(Assist.transform(for: try Simulation(mode: .deuteranopia), strength: 0))
        #expect(try FrameRunner.rgb(k, Self.grid).colours == Self.grid)
        #expect(Assist.transform(for: try Simulation(mode: .normal)) == .identity)
        #expect(Assist.transform(for: try Simulation(mode: .achromatopsia)) == .identity)
        #expect(!Assist.isAvailable(for: .normal) && !Assist.isAvailable(for: .achromatopsia))
        #expect(Assist.isAvailable(for: .tritanomaly))
        // Greys are unchanged (S keeps greys, so I − S loses nothing on them).
        let greys = (0...255).map { RGB8(UInt8($0), UInt8($0), UInt8($0)) }
        let assisted = try FrameRunner.rgb(FrameKernel(Assist.transform(for: try Simulation(mode: .protanopia))), greys)
            .colours
        #expect(zip(assisted, greys).allSatisfy { $0.distance(to: $1) <= 1 })
    }

    /// The plate's figure, lost to a deuteranope, comes back after the assist.
    @Test func assistRestoresThePlateUnderDeuteranopia() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let a = Assist.transform(for: sim)
        for (f, g) in zip(IshiharaPlate.figure, IshiharaPlate.field) {
            let plain = CIEDE2000.difference(sim.simulate(f), sim.simulate(g))
            let assisted = CIEDE2000.difference(sim.simulate(a.apply(f)), sim.simulate(a.apply(g)))
            #expect(assisted > plain + 5, "\(f) vs \(g): \(plain) → \(assisted)")
        }
    }

    @Test func chainedKernelIsTwoPassesAndKeepsItsScratch() throws {
        let sim = try Simulation(mode: .tritanopia)
        let chain = ChainedKernel(assisting: sim, strength: 0.8)
        let img = SyntheticFrames.camera(width: 64, height: 20)
        let (yuv, sl) = img.ycbcr(.yuyv)
        let dl = FrameLayout(format: .bgra, width: 64, height: 20)
        var viaChain = [UInt8](repeating: 0, count: dl.minimumByteCount)
        var middle = viaChain
        var viaTwo = viaChain
        for _ in 0..<2 {
            try yuv.withUnsafeBytes { s in
                try viaChain.withUnsafeMutableBytes {
                    try chain.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: dl)
                }
            }
            #expect(chain.scratchBytes == dl.minimumByteCount)
        }
        try yuv.withUnsafeBytes { s in
            try middle.withUnsafeMutableBytes {
                try chain.first.apply(source: s, sourceLayout: sl, destination: $0, destinationLayout: dl)
            }
        }
        try middle.withUnsafeBytes { s in
            try viaTwo.withUnsafeMutableBytes {
                try chain.second.apply(source: s, sourceLayout: dl, destination: $0, destinationLayout: dl)
            }
        }
        #expect(viaChain == viaTwo)
    }
}
