import CEpoxy
import CVDCore

/// Reading the window back every frame without waiting for the GPU: each frame's read goes
/// into a pixel-buffer object (`GL_PIXEL_PACK_BUFFER`: `glReadPixels` returns at once, the
/// GPU copies when it gets there) and the one before is mapped and copied out, a frame
/// late. Two buffers, used in turn.
@MainActor
final class GLReadback {
    private var buffers: [GLuint] = []
    private var sizes: [FrameSize?] = [nil, nil]
    private var next = 0

    /// Asks for the back buffer (`size`) into the next buffer and copies the other, which
    /// holds the frame before, into `out` (rows top to bottom); nil for the first frame or
    /// after a change of size.
    func read(_ size: FrameSize, into out: inout [UInt8]) -> FrameLayout? {
        if buffers.isEmpty {
            buffers = [0, 0]
            cvd_glGenBuffers(2, &buffers)
        }
        let bytes = size.width * size.height * 4
        let this = next
        next = 1 - next
        cvd_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        cvd_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[this])
        if sizes[this] != size { cvd_glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), bytes, nil, GLenum(GL_STREAM_READ)) }
        sizes[this] = size
        cvd_glReadPixels(
            0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        defer { cvd_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        let other = 1 - this
        guard sizes[other] == size else { return nil }
        cvd_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[other])
        guard let p = cvd_glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT)) else {
            return nil
        }
        if out.count != bytes { out = [UInt8](repeating: 0, count: bytes) }
        // The mapping holds `bytes` bytes (the buffer's size for this frame size), as does `out`.
        out.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: p, byteCount: bytes) }
        cvd_glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        GLTextures.flipRows(&out, rowBytes: size.width * 4, rows: size.height)
        return FrameLayout(format: .rgba, width: size.width, height: size.height)
    }

    func close() {
        if !buffers.isEmpty { cvd_glDeleteBuffers(2, &buffers) }
        buffers = []
    }
}
