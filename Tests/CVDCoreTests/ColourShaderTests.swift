import CVDCore
import Testing

/// What the GL renderer's shader is given for each kind of transform (`ColourShader`): the
/// same matrices as the CPU's `ColourTransform`, column-major, the kind that selects the
/// branch, Brettel's plane normal; and the Y′CbCr coefficients of the encoding. (The
/// shader's arithmetic itself is checked against the reference grid through GL:
/// GLConformanceE2ETests.)
@Suite struct ColourShaderTests {
    func columnMajor(_ m: Matrix3) -> [Float] {
        [m[0, 0], m[1, 0], m[2, 0], m[0, 1], m[1, 1], m[2, 1], m[0, 2], m[1, 2], m[2, 2]].map { Float($0) }
    }

    @Test func eachKindOfTransform() throws {
        let machado = Simulation(deficiency: .deutan, severity: 0.6, model: .machado2009).transform
        guard case .linear(let m) = machado else {
            Issue.record("Machado is linear")
            return
        }
        let t = ColourShader.transform(machado)
        #expect(t.kind == .linear && t.a == columnMajor(m))
        let brettel = Simulation(deficiency: .tritan, severity: 1, model: .brettel1997).transform
        guard case .halfPlanes(let t1, let t2, let n) = brettel else {
            Issue.record("Brettel has half-planes")
            return
        }
        let b = ColourShader.transform(brettel)
        #expect(b.kind == .halfPlanes && b.a == columnMajor(t1) && b.b == columnMajor(t2))
        #expect(b.normal == (Float(n.0), Float(n.1), Float(n.2)))
        let ios = Simulation(deficiency: .protan, severity: 1, model: .colormatrix).transform
        #expect(ColourShader.transform(ios).kind == .gammaSpace)
        #expect(ColourShader.transform(.identity).kind == .identity)
        #expect(ColourShader.transform(.gammaSpace(.identity)).kind == .identity, "normal vision in either space")
    }

    @Test func ycbcrCoefficientsAreTheEncodings() {
        for e in YCbCrEncoding.all {
            let c = e.coefficients
            let s = ColourShader.ycbcr(e)
            #expect(s.luma == (Float(c.yOffset), Float(c.yScale)))
            #expect(s.chroma == (Float(c.crToR), Float(c.cbToG), Float(c.crToG), Float(c.cbToB)))
        }
    }

    @Test func theFunctionsNameWhatTheRendererCalls() {
        for name in [
            "struct CVDTransform", "vec3 cvd_ycbcr(", "vec3 cvd_apply(int kind, CVDTransform t, vec3 c)", "cvd_eotf",
            "cvd_oetf",
        ] {
            #expect(ColourShader.functions.contains(name), "\(name)")
        }
    }
}
