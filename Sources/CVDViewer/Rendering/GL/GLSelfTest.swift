import CEpoxy
import CVDCore
import CVDSources
import CVDViewModel

/// The check a new GL renderer passes before the view trusts it (a driver that compiles
/// the shaders may still compute wrongly): 64 colours — a 4×4×4 grid over the R′G′B′ cube
/// — through the colour kernel in three transforms of three kinds (Machado 2009's matrix
/// in linear light, Brettel 1997's half-planes, the iOS app's gamma-space matrices), read
/// back and compared with the CPU's float64 reference (`ColourTransform.apply`): every
/// channel within ±1 level, as the conformance tests require of every mode.
@MainActor
enum GLSelfTest {
    static func run(_ backend: GLBackend) throws(RenderFault) {
        var colours: [RGB8] = []
        var bytes: [UInt8] = []
        for i in 0..<64 {
            let c = RGB8(UInt8((i >> 4) & 3) * 85, UInt8((i >> 2) & 3) * 85, UInt8(i & 3) * 85)
            colours.append(c)
            bytes += [c.r, c.g, c.b, 255]
        }
        let frame = Frame(bytes: bytes, layout: FrameLayout(format: .rgba, width: 64, height: 1), timestamp: 0)
        let transforms: [ColourTransform] = [
            Simulation(deficiency: .deutan, severity: 0.6, model: .machado2009).transform,
            Simulation(deficiency: .tritan, severity: 1, model: .brettel1997).transform,
            Simulation(deficiency: .protan, severity: 1, model: .colormatrix).transform,
        ]
        let source = GLSourceTexture(upload: backend.upload)
        let pass = GLKernelPass(backend: backend)
        let size = FrameSize(64, 1)
        let target = Texture(gl: GLTextures.make(width: 64, height: 1, storage: GL_RGBA8, format: GL_RGBA), size: size)
        defer {
            source.close()
            pass.close()
            backend.destroy(target)
            cvd_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
        source.hold(frame)
        for t in transforms {
            try pass.run(
                into: target, box: PixelRect(x: 0, y: 0, width: 64, height: 1), source: source, encoding: .bt601Limited,
                steps: [ColourShader.transform(t)], table: 0, phase: 0)
            source.readsIssued()
            var out = [UInt8](repeating: 0, count: 64 * 4)
            out.withUnsafeMutableBytes {
                cvd_glReadPixels(0, 0, 64, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            let forced = backend.context.settings.fault == .selftest
            for (i, c) in colours.enumerated() {
                let want = t.apply(c)
                let got = RGB8(out[i * 4] &+ (forced ? 9 : 0), out[i * 4 + 1], out[i * 4 + 2])
                let dr = abs(Int(got.r) - Int(want.r))
                let dg = abs(Int(got.g) - Int(want.g))
                let db = abs(Int(got.b) - Int(want.b))
                let off = max(dr, dg, db)
                guard off <= 1 else {
                    throw RenderFault(
                        "the OpenGL colour kernel computes \(c.hexString) as \(got.hexString), not \(want.hexString)"
                            + (forced ? " (injected: CVDCAM_GL_FAULT=selftest)" : ""))
                }
            }
        }
    }
}
