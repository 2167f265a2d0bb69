import CEpoxy
import CVDCore
import CVDViewModel

/// One run of the colour kernel shader: a source texture (`GLSourceTexture`) simulated
/// into a target texture over one box, through a framebuffer object of its own.
@MainActor
final class GLKernelPass {
    private unowned let backend: GLBackend
    private var framebuffer: GLuint = 0
    private var emptyArray: GLuint = 0
    /// The target last checked complete (checked again only when it changes).
    private var checked: GLuint = 0

    init(backend: GLBackend) {
        self.backend = backend
        cvd_glGenFramebuffers(1, &framebuffer)
        cvd_glGenVertexArrays(1, &emptyArray)
    }

    /// Simulates `source` into `target` over `box` (target pixels; row r of the target is
    /// row r of the picture; the target `reduction` times smaller than the source): `steps`
    /// one transform, or two (the assist, then the simulation, through 8 bits between them);
    /// `table` the confusion table's 3D texture (0: no stripes), the stripes shifted by
    /// `phase`. The caller calls `source.readsIssued()` after its last pass on a frame.
    func run(
        into target: Texture, box: PixelRect, source: GLSourceTexture, reduction: Int = 1,
        encoding: YCbCrEncoding, steps: [ColourShader.Transform], table: GLuint, phase: Int
    ) throws(RenderFault) {
        cvd_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        cvd_glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target.gl, 0)
        if checked != target.gl {
            let status = cvd_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw RenderFault(
                    "OpenGL cannot draw into a \(target.size) texture (framebuffer status 0x\(String(status, radix: 16)))"
                )
            }
            checked = target.gl
        }
        cvd_glDisable(GLenum(GL_BLEND))
        cvd_glViewport(0, 0, GLsizei(target.size.width), GLsizei(target.size.height))
        cvd_glEnable(GLenum(GL_SCISSOR_TEST))
        cvd_glScissor(GLint(box.x), GLint(box.y), GLsizei(box.width), GLsizei(box.height))
        let t = source.texel
        let program = try backend.kernel(
            GLKernelSpec(
                source: t.kind, inPlace: source.readsInPlace, reduction: reduction, first: steps[0].kind,
                second: steps.count > 1 ? steps[1].kind : nil, marking: table != 0))
        program.use()
        cvd_glUniform4i(program.location("offsets"), t.offsets.0, t.offsets.1, t.offsets.2, t.offsets.3)
        cvd_glUniform4i(program.location("planes"), t.planes.0, t.planes.1, t.planes.2, t.planes.3)
        cvd_glUniform2i(program.location("sourceSize"), GLint(source.size.width), GLint(source.size.height))
        let e = ColourShader.ycbcr(encoding)
        cvd_glUniform2f(program.location("luma"), e.luma.0, e.luma.1)
        cvd_glUniform4f(program.location("chroma"), e.chroma.0, e.chroma.1, e.chroma.2, e.chroma.3)
        set("first", steps[0], program)
        set("second", steps.count > 1 ? steps[1] : steps[0], program)
        cvd_glUniform1i(program.location("phase"), GLint(phase & 0xFFFF))
        cvd_glUniform1i(program.location("rowTexels"), GLint(source.binding.rowTexels))
        cvd_glUniform1i(program.location("source"), 0)
        cvd_glUniform1i(program.location("confusion"), 1)
        cvd_glActiveTexture(GLenum(GL_TEXTURE1))
        cvd_glBindTexture(GLenum(GL_TEXTURE_3D), table)
        cvd_glActiveTexture(GLenum(GL_TEXTURE0))
        cvd_glBindTexture(source.binding.target, source.binding.texture)
        cvd_glBindVertexArray(emptyArray)
        cvd_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        cvd_glDisable(GLenum(GL_SCISSOR_TEST))
    }

    /// One `CVDTransform` uniform.
    private func set(_ name: String, _ t: ColourShader.Transform, _ program: GLProgram) {
        t.a.withUnsafeBufferPointer {
            cvd_glUniformMatrix3fv(program.location(name + ".a"), 1, GLboolean(GL_FALSE), $0.baseAddress)
        }
        t.b.withUnsafeBufferPointer {
            cvd_glUniformMatrix3fv(program.location(name + ".b"), 1, GLboolean(GL_FALSE), $0.baseAddress)
        }
        cvd_glUniform3f(program.location(name + ".n"), t.normal.0, t.normal.1, t.normal.2)
    }

    func close() {
        cvd_glDeleteFramebuffers(1, &framebuffer)
        cvd_glDeleteVertexArrays(1, &emptyArray)
    }
}

/// What a colour kernel program is specialised for (its `#define`s): the source's kind
/// (`GLSourceTexture.Texel.Kind`) and whether it is read in place (a buffer texture), the
/// reduction, the kinds of the first and second transform (`ColourShader.Transform.Kind`;
/// no second: one step, `SECOND` -1) and the stripes.
struct GLKernelSpec: Hashable {
    let source: GLSourceTexture.Texel.Kind
    let inPlace: Bool
    let reduction: Int
    let first: ColourShader.Transform.Kind
    let second: ColourShader.Transform.Kind?
    let marking: Bool

    var defines: String {
        "#define KIND \(source.rawValue)\n#define BUFFER \(inPlace ? 1 : 0)\n#define REDUCTION \(reduction)\n"
            + "#define FIRST \(first.rawValue)\n#define SECOND \(second?.rawValue ?? -1)\n#define MARKING \(marking ? 1 : 0)\n"
    }
}
