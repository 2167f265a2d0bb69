import Testing

@testable import CVDCore

@Suite struct ModelTests {
    @Test func autoPicksPerModelsSection8() throws {
        #expect(try Simulation(mode: .tritanopia).model == .brettel1997)
        #expect(try Simulation(mode: .tritanomaly).model == .brettel1997)
        #expect(try Simulation(mode: .protanopia).model == .vienot1999)
        #expect(try Simulation(mode: .deuteranopia).model == .vienot1999)
        #expect(try Simulation(mode: .protanomaly).model == .machado2009)
        #expect(try Simulation(mode: .deuteranomaly, severity: 0.3).model == .machado2009)
        #expect(try Simulation(mode: .achromatopsia, model: .colormatrix).model == .achromatopsia)
        #expect(try Simulation(mode: .deuteranopia, model: .brettel1997).model == .brettel1997)
    }

    @Test func severityRules() throws {
        #expect(try Simulation(mode: .deuteranomaly).severity == 0.6)
        #expect(try Simulation(mode: .deuteranomaly, severity: 0.2).severity == 0.2)
        #expect(try Simulation(mode: .deuteranopia, severity: 0.2).severity == 1)
        #expect(try Simulation(mode: .normal, severity: 0.5).transform == .identity)
        #expect(throws: Simulation.Error.severityOutOfRange(1.5)) { try Simulation(mode: .protanomaly, severity: 1.5) }
        #expect(throws: Simulation.Error.severityOutOfRange(-0.1)) {
            try Simulation(mode: .protanomaly, severity: -0.1)
        }
    }

    /// Viénot protan/deutan put every colour on the R = G plane (MODELS.md §3).
    @Test func vienotOutputHasEqualRedAndGreen() throws {
        for mode in [VisionMode.protanopia, .deuteranopia] {
            let sim = try Simulation(mode: mode, model: .vienot1999)
            for c in ReferenceGroup.all[0].inputs {
                let o = sim.simulate(c)
                #expect(abs(Int(o.r) - Int(o.g)) <= 1)
            }
        }
    }

    @Test func partialSeverityBlendsInLinearLight() throws {
        let full = try Simulation(mode: .tritanopia, model: .vienot1999).transform
        let half = Simulation(deficiency: .tritan, severity: 0.5, model: .vienot1999).transform
        guard case .linear(let f) = full, case .linear(let h) = half else {
            Issue.record("not linear")
            return
        }
        for i in 0..<9 { #expect(abs(h.m[i] - (f.m[i] + Matrix3.identity.m[i]) / 2) < 1e-12) }
    }

    /// Brettel's two half-plane matrices agree on their separating plane (the simulated
    /// colour surface is continuous there), which the kernel relies on: t2 − t1 = v·nᵀ.
    @Test(arguments: [Deficiency.protan, .deutan, .tritan], [0.3, 1.0])
    func brettelHalfPlanesMeetOnTheirPlane(_ d: Deficiency, _ severity: Double) throws {
        let t = Simulation(deficiency: d, severity: severity, model: .brettel1997).transform
        guard case .halfPlanes(let t1, let t2, let n) = t else {
            Issue.record("not half-planes")
            return
        }
        // Two independent vectors in the plane n·x = 0 (n has no zero component here).
        for x in [(n.1, -n.0, 0.0), (0.0, n.2, -n.1)] {
            let a = t1.apply(x)
            let b = t2.apply(x)
            let scale = abs(x.0) + abs(x.1) + abs(x.2)
            #expect(abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) < 1e-12 * scale, "\(d) at \(severity)")
        }
        // The kernel's form t1·x + v·min(n·x, 0), on a colour and its mirror image across
        // the plane (so both sides are checked).
        let v = PixelMath.rankOneDifference(t1, t2, n)
        let c = (0.2, 0.7, 0.4)
        let nn = n.0 * n.0 + n.1 * n.1 + n.2 * n.2
        let k = 2 * (c.0 * n.0 + c.1 * n.1 + c.2 * n.2) / nn
        for x in [c, (c.0 - k * n.0, c.1 - k * n.1, c.2 - k * n.2)] {
            let side = x.0 * n.0 + x.1 * n.1 + x.2 * n.2
            let chosen = (side < 0 ? t2 : t1).apply(x)
            let base = t1.apply(x)
            let m = min(side, 0)
            #expect(
                abs(base.0 + v.0 * m - chosen.0) + abs(base.1 + v.1 * m - chosen.1) + abs(base.2 + v.2 * m - chosen.2)
                    < 1e-12)
        }
    }

    @Test func descriptionsNameModeSeverityAndModel() throws {
        #expect(try Simulation(mode: .deuteranomaly).description == "deuteranomaly 0.6 (Machado 2009)")
        #expect(try Simulation(mode: .protanopia).description == "protanopia (Viénot 1999)")
        #expect(try Simulation(mode: .normal).description == "normal")
    }
}

@Suite struct WCAGTests {
    @Test func knownRatios() {
        let black = RGB8(0, 0, 0)
        let white = RGB8(255, 255, 255)
        #expect(abs(WCAG.contrastRatio(black, white) - 21) < 1e-9)
        #expect(WCAG.contrastRatio(white, white) == 1)
        // #777777 on white is the classic 4.48:1 that just fails AA.
        #expect(abs(WCAG.contrastRatio(RGB8(0x77, 0x77, 0x77), white) - 4.48) < 0.01)
        #expect(!WCAG.meets(.aa, RGB8(0x77, 0x77, 0x77), white))
        #expect(WCAG.meets(.aa, RGB8(0x76, 0x76, 0x76), white))
        // Pure red on black: 5.25:1.
        #expect(abs(WCAG.contrastRatio(RGB8(255, 0, 0), black) - 5.25) < 0.01)
        #expect(abs(WCAG.relativeLuminance(RGB8(0, 255, 0)) - 0.7152) < 1e-9)
    }
}
