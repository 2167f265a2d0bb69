import CEpoxy
import CSDL2
import CVDCore
import CVDViewModel

/// The OpenGL renderer: the GPU simulates each pane's picture from the frame as it came
/// (`GLPanes`, the `kernel` shader) and draws the window — pictures, shapes and text —
/// through one `canvas` shader in window pixels. Everything runs on the main thread, in
/// the window's context.
@MainActor
final class GLBackend: RenderBackend {
    let context: GLContext
    let canvasProgram: GLProgram
    /// The colour kernel's programs by what they are specialised for (`GLKernelSpec`).
    private var kernelPrograms: [GLKernelSpec: GLProgram] = [:]
    private let header: String
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    /// Whether the context can tell a GPU reset (`glGetGraphicsResetStatus`).
    private let hasResetStatus = cvd_gl_has_reset_status() != 0
    /// Every frame's read-back for the virtual camera, a frame late (`GLReadback`).
    let readback = GLReadback()
    /// Frames presented, for the injected faults (`GLFault`).
    private var presented = 0
    /// Whether the back buffer holds the window as last shown, whole: it was drawn whole and
    /// only parts were shown since (`present(parts:in:)`). A swap leaves it undefined.
    private(set) var holdsWindow = false

    var name: String { context.name }
    let readsPlanes = true
    /// How live frames reach the colour kernel: as `GLSettings.upload` asks, or by default
    /// buffers on a GPU and in place on a CPU rasteriser; `direct` where in place cannot be.
    let upload: GLSettings.Upload

    /// Compiles the shaders in `context` (current) and checks the colour kernel on a few
    /// known colours against the CPU's reference (`GLSelfTest`). Throws on any failure:
    /// the view then starts in the software renderer.
    init(context: GLContext) throws(RenderFault) {
        self.context = context
        header = GLShaders.header(es: context.isES)
        canvasProgram = try GLProgram(
            "drawing", header: header, vertex: GLShaders.canvasVertex, fragment: GLShaders.canvasFragment,
            attributes: ["position", "uv", "colour"])
        // A program of each source kind now (a driver that cannot compile them is known at
        // start); the others when first drawn.
        let asked = context.settings.upload ?? (context.isSoftwareRasteriser ? .inPlace : .buffer)
        if asked == .inPlace {
            if let e = Self.pendingError() { throw e }
            upload = cvd_gl_has_pinned_memory() != 0 && GLFramesInPlace.driverTakesFrames() ? .inPlace : .direct
        } else {
            upload = asked
        }
        // Read in place, a frame the buffers cannot hold (3-byte pixels) is still copied.
        for kind in [GLSourceTexture.Texel.Kind.pixel, .pair422, .planar] {
            for inPlace in upload == .inPlace ? [false, true] : [false] {
                _ = try kernel(
                    GLKernelSpec(
                        source: kind, inPlace: inPlace, reduction: 1, first: .linear, second: nil, marking: false))
            }
        }
        cvd_glGenVertexArrays(1, &vertexArray)
        cvd_glGenBuffers(1, &vertexBuffer)
        cvd_glBindVertexArray(vertexArray)
        cvd_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        // x, y (window pixels), u, v (0…1), r, g, b, a (0…1): eight floats a vertex.
        for (i, n) in [(0, 2), (1, 2), (2, 4)] {
            cvd_glEnableVertexAttribArray(GLuint(i))
            cvd_glVertexAttribPointer(
                GLuint(i), GLint(n), GLenum(GL_FLOAT), GLboolean(GL_FALSE), 32,
                UnsafeRawPointer(bitPattern: [0, 8, 16][i]))
        }
        cvd_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        try GLSelfTest.run(self)
        if let e = Self.pendingError() { throw e }
    }

    /// The colour kernel specialised for `spec`, compiled the first time it is needed.
    func kernel(_ spec: GLKernelSpec) throws(RenderFault) -> GLProgram {
        if let p = kernelPrograms[spec] { return p }
        let broken = context.settings.fault == .shader ? "\nthis does not compile (CVDCAM_GL_FAULT=shader)\n" : ""
        let p = try GLProgram(
            "colour", header: header + spec.defines, vertex: GLShaders.kernelVertex,
            fragment: GLShaders.kernelFragment + broken)
        kernelPrograms[spec] = p
        return p
    }

    var outputSize: FrameSize {
        let (w, h) = context.drawableSize
        return FrameSize(w, h)
    }

    /// Binds the window's framebuffer, its whole size, for drawing (after the panes drew
    /// into their textures), and clears it to black.
    func clear() {
        bindWindow(outputSize, scissor: nil)
        cvd_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The window's framebuffer (`size`) bound whole, drawn into only inside `scissor`
    /// (nil: everywhere); black to clear with, SDL's blending, the canvas program.
    func bindWindow(_ size: FrameSize, scissor: PixelRect?) {
        cvd_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if let r = scissor {
            cvd_glEnable(GLenum(GL_SCISSOR_TEST))
            cvd_glScissor(GLint(r.x), GLint(size.height - r.y - r.height), GLsizei(r.width), GLsizei(r.height))
        } else {
            cvd_glDisable(GLenum(GL_SCISSOR_TEST))
        }
        cvd_glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        cvd_glClearColor(0, 0, 0, 1)
        cvd_glEnable(GLenum(GL_BLEND))
        // SDL's "blend" mode: colour by the source's alpha, alpha accumulated.
        cvd_glBlendFuncSeparate(
            GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        canvasProgram.use()
        cvd_glUniform2f(canvasProgram.location("viewport"), Float(size.width), Float(size.height))
        cvd_glUniform1i(canvasProgram.location("image"), 0)
    }

    func fill(_ r: Rect, _ c: RGB8, alpha: UInt8) {
        let (x0, y0, x1, y1) = (r.x.rounded(), r.y.rounded(), (r.x + r.w).rounded(), (r.y + r.h).rounded())
        draw(
            [(x0, y0), (x1, y0), (x0, y1), (x1, y0), (x1, y1), (x0, y1)].map { ($0.0, $0.1, 0, 0) }, colour: c,
            alpha: alpha, texture: nil)
    }

    func triangles(_ points: [DrawList.Point], _ c: RGB8) {
        draw(points.map { ($0.x, $0.y, 0, 0) }, colour: c, alpha: 255, texture: nil)
    }

    func draw(_ t: Texture, in r: Rect) {
        let (x0, y0, x1, y1) = (r.x.rounded(), r.y.rounded(), (r.x + r.w).rounded(), (r.y + r.h).rounded())
        draw(Self.quad(x0, y0, x1, y1, u0: 0, v0: 0, u1: 1, v1: 1), colour: nil, alpha: 255, texture: (t, GL_LINEAR))
    }

    func copy(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize) {
        let enlarged = destination.w >= 3 * source.w && destination.h >= 3 * source.h
        copy(t, source, destination, flipX: false, flipY: false, filter: enlarged ? GL_NEAREST : GL_LINEAR)
    }

    func copy(_ t: Texture, _ source: Rect, to destination: Rect, flipX: Bool, flipY: Bool) {
        copy(t, source, destination, flipX: flipX, flipY: flipY, filter: GL_LINEAR)
    }

    private func copy(_ t: Texture, _ s: Rect, _ d: Rect, flipX: Bool, flipY: Bool, filter: Int32) {
        let (tw, th) = (Double(t.size.width), Double(t.size.height))
        var (u0, u1, v0, v1) = (s.x / tw, (s.x + s.w) / tw, s.y / th, (s.y + s.h) / th)
        if flipX { swap(&u0, &u1) }
        if flipY { swap(&v0, &v1) }
        draw(
            Self.quad(d.x, d.y, d.x + d.w, d.y + d.h, u0: u0, v0: v0, u1: u1, v1: v1), colour: nil, alpha: 255,
            texture: (t, filter))
    }

    func drawMesh(_ t: Texture, _ mesh: [DrawList.MeshVertex], columns: Int) {
        let (tw, th) = (Double(t.size.width), Double(t.size.height))
        let vertices = MeshIndices.triangles(count: mesh.count, columns: columns).map { i in
            (mesh[i].x, mesh[i].y, mesh[i].u / tw, mesh[i].v / th)
        }
        draw(vertices, colour: nil, alpha: 255, texture: (t, GL_LINEAR))
    }

    /// Two triangles over (x0, y0)–(x1, y1), texture coordinates (u0, v0)–(u1, v1).
    private static func quad(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, u0: Double, v0: Double, u1: Double, v1: Double
    ) -> [(Double, Double, Double, Double)] {
        [(x0, y0, u0, v0), (x1, y0, u1, v0), (x0, y1, u0, v1), (x1, y0, u1, v0), (x1, y1, u1, v1), (x0, y1, u0, v1)]
    }

    /// Draws triangles (x, y, u, v per vertex): in `colour`, or textured (white when no
    /// colour is given, so the texture shows as it is), through the canvas program.
    private func draw(
        _ vertices: [(Double, Double, Double, Double)], colour: RGB8?, alpha: UInt8, texture: (Texture, Int32)?
    ) {
        guard !vertices.isEmpty else { return }
        let c = colour ?? RGB8(255, 255, 255)
        let rgba: [Float] = [Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, Float(alpha) / 255]
        var data: [Float] = []
        data.reserveCapacity(vertices.count * 8)
        for v in vertices {
            data.append(Float(v.0))
            data.append(Float(v.1))
            data.append(Float(v.2))
            data.append(Float(v.3))
            data.append(contentsOf: rgba)
        }
        cvd_glBindVertexArray(vertexArray)
        cvd_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        // A new store each call (the driver renames it): no wait for the last draw to finish.
        data.withUnsafeBytes {
            cvd_glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        cvd_glUniform1i(canvasProgram.location("textured"), texture == nil ? 0 : 1)
        if let (t, filter) = texture {
            cvd_glActiveTexture(GLenum(GL_TEXTURE0))
            cvd_glBindTexture(GLenum(GL_TEXTURE_2D), t.gl)
            cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        }
        cvd_glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count))
    }

    /// Swaps, then checks that GL can go on: no GL error, no reset (and the injected faults).
    func present() throws(RenderFault) {
        context.swap()
        holdsWindow = false
        try presentedOne()
    }

    /// Shows `parts` (window pixels) of what was drawn, without a swap: the rest of the window
    /// stays as it was, and the back buffer goes on holding the whole window — drawn whole
    /// before, or in parts over a back buffer that held it whole. Checks as `present` does.
    func present(parts: [PixelRect], in window: FrameSize) throws(RenderFault) {
        context.show(parts: parts, height: window.height)
        holdsWindow = true
        try presentedOne()
    }

    /// Counts a frame shown and checks that GL can go on: no GL error, no reset (and the
    /// injected faults).
    private func presentedOne() throws(RenderFault) {
        presented += 1
        switch context.settings.fault {
        case .error(let n) where presented == n:
            cvd_glBindTexture(0x1234, 0) // not a texture target: a real GL_INVALID_ENUM
        case .lost(let n) where presented >= n:
            throw RenderFault("the OpenGL context was lost: the GPU was reset (injected: CVDCAM_GL_FAULT=lost@\(n))")
        default: break
        }
        if hasResetStatus {
            let status = cvd_glGetGraphicsResetStatus()
            if status != GLenum(GL_NO_ERROR) {
                throw RenderFault("the OpenGL context was lost: \(GLFault.reset(status))")
            }
        }
        if let e = Self.pendingError() { throw e }
    }

    func makePanes(_ kernels: PaneKernels) -> any PaneBackend { GLPanes(backend: self, kernels: kernels) }

    func close() {
        readback.close()
        cvd_glDeleteBuffers(1, &vertexBuffer)
        cvd_glDeleteVertexArrays(1, &vertexArray)
        canvasProgram.delete()
        for p in kernelPrograms.values { p.delete() }
        context.close()
    }
}
