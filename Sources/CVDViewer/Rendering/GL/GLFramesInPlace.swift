import CEpoxy
import CVDCore
import CVDSources

/// Frames' bytes read by the colour kernel where they lie: a buffer made over the frame's
/// own memory (`GL_AMD_pinned_memory`), read as a buffer texture — nothing is copied. On a
/// CPU rasteriser (llvmpipe) a copy into a texture is a `memcpy` on the view's thread, as
/// long as the source's own copy of the frame.
///
/// Guarantees: the frame whose memory the kernel reads is kept (so its memory is neither
/// freed nor written: a source writes a buffer the view still holds only after copying it)
/// until the reads issued from it are done (`readsIssued` puts a fence after them, and
/// `hold` waits for it before letting the frame go). A buffer is made once per frame
/// buffer (a source reuses a few) and kept while the buffer is among the last few seen.
@MainActor
final class GLFramesInPlace {
    /// Which memory a buffer is made over, read as which texels.
    private struct Memory: Equatable {
        let address: UInt
        let count: Int
        let internalFormat: Int32
    }

    private typealias Made = (memory: Memory, buffer: GLuint, texture: GLuint)

    /// Newest first; at most `kept`.
    private var made: [Made] = []
    private let kept = 4
    /// The frame the kernel reads now, and the fence after its last reads.
    private var frame: Frame?
    private var fence: GLsync?
    /// A buffer over a frame could not be made: every frame is copied from then on.
    private(set) var failed = false
    private lazy var maximumTexels: Int = {
        var n: GLint = 0
        cvd_glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &n)
        return Int(n)
    }()

    /// A buffer texture over `frame`'s bytes as texels of `texel` (held from now on in
    /// place of the frame before), or nil — a frame of 3-byte texels (no buffer texture
    /// format has them), rows that are not whole texels, too many texels, or a driver that
    /// would not make the buffer — and then the caller copies it.
    func texture(for frame: Frame, _ texel: GLSourceTexture.Texel) -> GLuint? {
        let layout = frame.layout
        guard !failed, texel.bytes != 3, layout.bytesPerRow % texel.bytes == 0,
            frame.bytes.count >= layout.minimumByteCount, layout.minimumByteCount > 0,
            frame.bytes.count / texel.bytes <= maximumTexels
        else { return nil }
        // The address of the array's elements. It stays valid after the closure: `hold`
        // keeps the frame (and so the array, never mutated: `Frame.bytes` is a `let`) for as
        // long as anything reads through the buffer.
        guard let base = frame.bytes.withUnsafeBytes({ $0.baseAddress }) else { return nil }
        let memory = Memory(
            address: UInt(bitPattern: base), count: frame.bytes.count, internalFormat: texel.internalFormat)
        if let i = made.firstIndex(where: { $0.memory == memory }) {
            let m = made.remove(at: i)
            made.insert(m, at: 0)
            hold(frame)
            return m.texture
        }
        guard let m = make(base, memory) else {
            failed = true
            release()
            return nil
        }
        made.insert(m, at: 0)
        while made.count > kept { delete(made.removeLast()) }
        hold(frame)
        return m.texture
    }

    /// Puts a fence after the reads issued so far from the frame held (wraps `glFenceSync`).
    func readsIssued() {
        guard frame != nil else { return }
        if let f = fence { cvd_glDeleteSync(f) }
        fence = cvd_glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
    }

    /// Lets the frame held go once the reads from it are done (a frame is copied instead).
    func release() {
        waitForReads()
        frame = nil
    }

    func close() {
        release()
        for m in made { delete(m) }
        made = []
    }

    private func hold(_ next: Frame) {
        waitForReads()
        frame = next
    }

    /// Waits until the reads before the fence are done (wraps `glClientWaitSync`; if the
    /// wait fails or takes a second, `glFinish`).
    private func waitForReads() {
        guard let f = fence else { return }
        let r = cvd_glClientWaitSync(f, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), 1_000_000_000)
        if r != GLenum(GL_ALREADY_SIGNALED) && r != GLenum(GL_CONDITION_SATISFIED) { cvd_glFinish() }
        cvd_glDeleteSync(f)
        fence = nil
    }

    /// Whether the driver makes a buffer over memory the program owns where a frame's
    /// bytes lie (not page-aligned: some drivers want whole pages). Asked once, at start,
    /// with no GL error pending; takes the error it causes.
    static func driverTakesFrames() -> Bool {
        let bytes = [UInt8](repeating: 0, count: 64 * 1024)
        return bytes.withUnsafeBytes { b in
            guard let base = b.baseAddress else { return false }
            let buffer = pinnedBuffer(base, count: b.count)
            var name = buffer.name
            cvd_glDeleteBuffers(1, &name)
            let refused = GLBackend.pendingError() != nil
            return buffer.made && !refused
        }
    }

    /// A buffer over `count` bytes at `base` (wraps `glBufferData` on
    /// `GL_EXTERNAL_VIRTUAL_MEMORY_BUFFER_AMD`), and whether it holds them (its size, asked
    /// with `glGetBufferParameteriv`: the GL error a refusal leaves is not taken here).
    private static func pinnedBuffer(_ base: UnsafeRawPointer, count: Int) -> (name: GLuint, made: Bool) {
        var buffer: GLuint = 0
        cvd_glGenBuffers(1, &buffer)
        let target = GLenum(GL_EXTERNAL_VIRTUAL_MEMORY_BUFFER_AMD)
        cvd_glBindBuffer(target, buffer)
        cvd_glBufferData(target, count, base, GLenum(GL_STREAM_READ))
        var size: GLint = 0
        cvd_glGetBufferParameteriv(target, GLenum(GL_BUFFER_SIZE), &size)
        cvd_glBindBuffer(target, 0)
        return (buffer, Int(size) == count)
    }

    /// A buffer over `memory` (its bytes at `base`) and a buffer texture of its texels over
    /// it (wraps `glTexBuffer`); nil where the driver refuses, its error left pending (the
    /// view's check after drawing reports it: `driverTakesFrames` said at start it would not).
    private func make(_ base: UnsafeRawPointer, _ memory: Memory) -> Made? {
        let pinned = Self.pinnedBuffer(base, count: memory.count)
        var buffer = pinned.name
        guard pinned.made else {
            cvd_glDeleteBuffers(1, &buffer)
            return nil
        }
        var texture: GLuint = 0
        cvd_glGenTextures(1, &texture)
        cvd_glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture)
        cvd_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(memory.internalFormat), buffer)
        cvd_glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
        return (memory, buffer, texture)
    }

    private func delete(_ m: Made) {
        var (b, t) = (m.buffer, m.texture)
        cvd_glDeleteTextures(1, &t)
        cvd_glDeleteBuffers(1, &b)
    }
}
