import CEpoxy
import CVDCore
import CVDSources
import CVDSystem

/// A source frame's bytes on the GPU, as they came: an unsigned-integer texture the
/// colour kernel reads exactly (a 4:2:2 pair per texel, or one RGB pixel), uploaded once
/// per frame however many panes read it. Uploads go through a ring of pixel-buffer objects
/// (`GL_PIXEL_UNPACK_BUFFER`: the copy into driver memory returns at once and the GPU
/// fetches it while the view goes on) — except on a CPU rasteriser, where the driver copies
/// synchronously anyway and a buffer would only add a second copy.
@MainActor
final class GLSourceTexture {
    private(set) var texture: GLuint = 0
    /// What the texture holds: the frame (its timestamp and layout) at which reduction.
    private var holds: (timestamp: Double, reduction: Int, layout: FrameLayout)?
    private var allocated: (width: Int, height: Int, format: PixelFormat)?
    private var buffers: [GLuint] = []
    private var next = 0
    private let usesBuffers: Bool
    /// How the kernel reads the texture.
    private(set) var texel = Texel(.rgba)

    /// How one texel of a pixel format is read: `pairs` (a 4:2:2 pair per texel) and the
    /// byte `offsets` (R, G, B or Y0, Cb, Y1, Cr).
    struct Texel {
        let bytes: Int
        let pairs: Bool
        let offsets: (Int32, Int32, Int32, Int32)
        let internalFormat: Int32
        let format: Int32

        init(_ f: PixelFormat) {
            if let o = f.ycbcrOffsets {
                (bytes, pairs) = (4, true)
                offsets = (Int32(o.y0), Int32(o.cb), Int32(o.y1), Int32(o.cr))
            } else {
                let o = f.rgbOffsets ?? (0, 1, 2, nil)
                (bytes, pairs) = (f.bytesPerPixel, false)
                offsets = (Int32(o.r), Int32(o.g), Int32(o.b), 3)
            }
            (internalFormat, format) = bytes == 3 ? (GL_RGB8UI, GL_RGB_INTEGER) : (GL_RGBA8UI, GL_RGBA_INTEGER)
        }
    }

    init(usesBuffers: Bool) {
        self.usesBuffers = usesBuffers
    }

    /// Makes the texture hold `frame` at `reduction` (reduced on the CPU, as the software
    /// panes do, through `reduced`), unless it does already; returns the upload's seconds.
    @discardableResult
    func hold(_ frame: Frame, reduction: Int, reduced: inout ReducedFrame) -> Double {
        let wanted = (timestamp: frame.timestamp, reduction: reduction, layout: frame.layout)
        if let h = holds, h == wanted { return 0 }
        let t0 = SystemClock.monotonic
        if reduction > 1 {
            reduced.with(frame, reduction) { upload($0, $1) }
        } else {
            frame.bytes.withUnsafeBytes { upload($0, frame.layout) }
        }
        holds = wanted
        return SystemClock.monotonic - t0
    }

    /// Uploads `bytes` (a frame in `layout`) into the texture (wraps `glTexSubImage2D`).
    private func upload(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        let t = Texel(layout.format)
        texel = t
        let width = t.pairs ? layout.width / 2 : layout.width
        if allocated.map({ $0 != (width, layout.height, layout.format) }) ?? true {
            var old = texture
            if old != 0 { cvd_glDeleteTextures(1, &old) }
            texture = GLTextures.make(width: width, height: layout.height, storage: t.internalFormat, format: t.format)
            allocated = (width, layout.height, layout.format)
        }
        // Rows as they lie when the stride is whole texels; otherwise (rare) row by row.
        guard layout.bytesPerRow % t.bytes == 0, let base = bytes.baseAddress,
            bytes.count >= layout.minimumByteCount
        else {
            uploadRows(bytes, layout, t, width)
            return
        }
        cvd_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextures.unpack(rowLength: layout.bytesPerRow / t.bytes)
        let count = layout.minimumByteCount
        var from: UnsafeRawPointer? = base
        if usesBuffers {
            if buffers.isEmpty {
                buffers = [GLuint](repeating: 0, count: 3)
                cvd_glGenBuffers(3, &buffers)
            }
            cvd_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), buffers[next])
            next = (next + 1) % buffers.count
            // A fresh store (the driver renames the one the GPU may still read), filled at once.
            cvd_glBufferData(GLenum(GL_PIXEL_UNPACK_BUFFER), count, nil, GLenum(GL_STREAM_DRAW))
            let access = GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT)
            if let p = cvd_glMapBufferRange(GLenum(GL_PIXEL_UNPACK_BUFFER), 0, count, access) {
                // The mapping holds `count` bytes, as many as the frame's bytes (checked above).
                p.copyMemory(from: base, byteCount: count)
                cvd_glUnmapBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER))
                from = nil // offset 0 in the bound buffer
            } else {
                cvd_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
            }
        }
        cvd_glTexSubImage2D(
            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(layout.height), GLenum(t.format),
            GLenum(GL_UNSIGNED_BYTE), from)
        cvd_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        GLTextures.unpack(rowLength: 0)
    }

    /// A frame whose row stride is not whole texels: one row at a time.
    private func uploadRows(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout, _ t: Texel, _ width: Int) {
        guard let base = bytes.baseAddress, bytes.count >= layout.minimumByteCount else { return }
        cvd_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextures.unpack(rowLength: 0)
        for y in 0..<layout.height {
            // Row y starts inside the buffer and holds `width` texels (minimumByteCount checked).
            cvd_glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, GLint(y), GLsizei(width), 1, GLenum(t.format), GLenum(GL_UNSIGNED_BYTE),
                base + y * layout.bytesPerRow)
        }
    }

    /// Forgets what the texture holds (the next `hold` uploads).
    func invalidate() { holds = nil }

    func close() {
        if texture != 0 { cvd_glDeleteTextures(1, &texture) }
        if !buffers.isEmpty { cvd_glDeleteBuffers(GLsizei(buffers.count), &buffers) }
        texture = 0
        buffers = []
        holds = nil
        allocated = nil
    }
}
