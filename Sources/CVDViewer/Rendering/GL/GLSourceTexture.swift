import CEpoxy
import CVDCore
import CVDSources
import CVDSystem

/// A source frame's bytes on the GPU, as they came: an unsigned-integer texture the
/// colour kernel reads exactly (a 4:2:2 pair per texel, one RGB pixel, or a planar frame's
/// buffer whole, planes and all), uploaded once per frame however many panes read it
/// (`GLSettings.Upload`): through a ring of pixel-buffer objects (`GL_PIXEL_UNPACK_BUFFER`:
/// the copy into driver memory returns at once and the GPU fetches it while the view goes
/// on), straight from the frame's memory, or not at all — on a CPU rasteriser the kernel
/// reads the frame where it lies (`GLFramesInPlace`).
@MainActor
final class GLSourceTexture {
    /// The 2D texture frames are copied into.
    private var texture: GLuint = 0
    /// What the kernel reads now: the frame (its timestamp and layout).
    private var holds: (timestamp: Double, layout: FrameLayout)?
    /// What `texture` holds.
    private var copied: (timestamp: Double, layout: FrameLayout)?
    private var allocated: (width: Int, height: Int, format: PixelFormat)?
    private var buffers: [GLuint] = []
    private var next = 0
    private let usesBuffers: Bool
    private let inPlace: GLFramesInPlace?
    /// The texture the kernel binds: `GL_TEXTURE_2D` (a frame copied) or
    /// `GL_TEXTURE_BUFFER` (a frame read in place, rows `rowTexels` apart).
    private(set) var binding = (target: GLenum(GL_TEXTURE_2D), texture: GLuint(0), rowTexels: 0)
    /// How the kernel reads the texture.
    private(set) var texel = Texel(FrameLayout(format: .rgba, width: 1, height: 1))

    /// How the kernel reads a frame's texture (`kind`); for planar frames `planes` = the
    /// buffer's width, the Cb and Cr planes' offsets and the luma rows per chroma row; the
    /// byte `offsets` (R, G, B or Y0, Cb, Y1, Cr).
    struct Texel {
        /// What a texel holds; the raw value is the kernel's `KIND`.
        enum Kind: Int32 {
            /// One RGB pixel.
            case pixel = 0
            /// A 4:2:2 pair of pixels.
            case pair422 = 1
            /// One byte of a planar frame's buffer, taken whole.
            case planar = 2
        }

        let bytes: Int
        let kind: Kind
        let offsets: (Int32, Int32, Int32, Int32)
        let planes: (Int32, Int32, Int32, Int32)
        let internalFormat: Int32
        let format: Int32

        init(_ layout: FrameLayout) {
            let f = layout.format
            if f.isPlanar {
                let g = layout.planes
                (bytes, kind, offsets) = (1, .planar, (0, 0, 0, 0))
                planes = (Int32(layout.bytesPerRow), Int32(g.cbOffset), Int32(g.crOffset), Int32(f.rowsPerChromaRow))
            } else if let o = f.ycbcrOffsets {
                (bytes, kind, planes) = (4, .pair422, (0, 0, 0, 1))
                offsets = (Int32(o.y0), Int32(o.cb), Int32(o.y1), Int32(o.cr))
            } else {
                let o = f.rgbOffsets ?? (0, 1, 2, nil)
                (bytes, kind, planes) = (f.bytesPerPixel, .pixel, (0, 0, 0, 1))
                offsets = (Int32(o.r), Int32(o.g), Int32(o.b), 3)
            }
            (internalFormat, format) =
                switch bytes {
                case 1: (GL_R8UI, GL_RED_INTEGER)
                case 3: (GL_RGB8UI, GL_RGB_INTEGER)
                default: (GL_RGBA8UI, GL_RGBA_INTEGER)
                }
        }

        /// The texture's size in texels for `layout`: a planar buffer whole, as rows of
        /// `bytesPerRow` one-byte texels.
        static func size(_ layout: FrameLayout, _ t: Texel) -> (width: Int, height: Int) {
            if t.kind == .planar { return (layout.bytesPerRow, layout.minimumByteCount / layout.bytesPerRow) }
            return (t.kind == .pair422 ? layout.width / 2 : layout.width, layout.height)
        }
    }

    /// `upload` `.inPlace` only where the context can (`GLBackend.upload` says).
    init(upload: GLSettings.Upload) {
        usesBuffers = upload == .buffer
        inPlace = upload == .inPlace ? GLFramesInPlace() : nil
    }

    /// Whether the frame the kernel reads is read where it lies.
    var readsInPlace: Bool { binding.target == GLenum(GL_TEXTURE_BUFFER) }

    /// The picture's size in pixels.
    private(set) var size = FrameSize(1, 1)

    /// Makes the texture hold `frame`, unless it does already; returns the upload's seconds.
    /// (Whole: a pane shown smaller reduces it in the shader.) A frame that says what
    /// changed since the one copied (the screen) has only those parts uploaded.
    @discardableResult
    func hold(_ frame: Frame) -> Double {
        let wanted = (timestamp: frame.timestamp, layout: frame.layout)
        if let h = holds, h == wanted { return 0 }
        let t0 = SystemClock.monotonic
        size = frame.size
        holds = wanted
        texel = Texel(frame.layout)
        if let p = inPlace, let t = p.texture(for: frame, texel) {
            binding = (GLenum(GL_TEXTURE_BUFFER), t, frame.layout.bytesPerRow / texel.bytes)
            return SystemClock.monotonic - t0
        }
        inPlace?.release()
        if let c = copied, c.layout == frame.layout, texel.kind == .pixel, let parts = frame.changed(since: c.timestamp)
        {
            frame.bytes.withUnsafeBytes { uploadParts(parts, $0, frame.layout) }
        } else {
            frame.bytes.withUnsafeBytes { upload($0, frame.layout) }
        }
        copied = wanted
        binding = (GLenum(GL_TEXTURE_2D), texture, 0)
        return SystemClock.monotonic - t0
    }

    /// After the kernel's draws from the frame held: a frame read in place is kept until
    /// they are done.
    func readsIssued() { if readsInPlace { inPlace?.readsIssued() } }

    /// Uploads `bytes` (a frame in `layout`) into the texture (wraps `glTexSubImage2D`).
    private func upload(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        let t = Texel(layout)
        texel = t
        let (width, height) = Texel.size(layout, t)
        if allocated.map({ $0 != (width, height, layout.format) }) ?? true {
            var old = texture
            if old != 0 { cvd_glDeleteTextures(1, &old) }
            texture = GLTextures.make(width: width, height: height, storage: t.internalFormat, format: t.format)
            allocated = (width, height, layout.format)
        }
        // Rows as they lie when the stride is whole texels; otherwise (rare) row by row.
        guard layout.bytesPerRow % t.bytes == 0, let base = bytes.baseAddress,
            bytes.count >= layout.minimumByteCount
        else {
            uploadRows(bytes, layout, t, width)
            return
        }
        cvd_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextures.unpack(rowLength: t.kind == .planar ? 0 : layout.bytesPerRow / t.bytes)
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
            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(t.format),
            GLenum(GL_UNSIGNED_BYTE), from)
        cvd_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        GLTextures.unpack(rowLength: 0)
    }

    /// The parts `parts` (pixels) of a frame of one pixel per texel into the texture, which
    /// holds the frame before (wraps `glTexSubImage2D`).
    private func uploadParts(_ parts: [PixelRect], _ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        let t = texel
        guard layout.bytesPerRow % t.bytes == 0, let base = bytes.baseAddress, bytes.count >= layout.minimumByteCount
        else { return upload(bytes, layout) }
        cvd_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextures.unpack(rowLength: layout.bytesPerRow / t.bytes)
        for p in parts {
            // The part lies inside the frame (`PixelRect.merged` clips to it): its rows, read
            // `bytesPerRow` apart from its first pixel, lie inside `bytes`.
            cvd_glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(p.x), GLint(p.y), GLsizei(p.width), GLsizei(p.height), GLenum(t.format),
                GLenum(GL_UNSIGNED_BYTE), base + p.y * layout.bytesPerRow + p.x * t.bytes)
        }
        GLTextures.unpack(rowLength: 0)
    }

    /// A frame whose row stride is not whole texels: one row at a time (never planar:
    /// its stride is even and its texels one byte).
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
    func invalidate() { (holds, copied) = (nil, nil) }

    func close() {
        inPlace?.close()
        if texture != 0 { cvd_glDeleteTextures(1, &texture) }
        if !buffers.isEmpty { cvd_glDeleteBuffers(GLsizei(buffers.count), &buffers) }
        texture = 0
        buffers = []
        (holds, copied) = (nil, nil)
        binding = (GLenum(GL_TEXTURE_2D), 0, 0)
        allocated = nil
    }
}
