import CEpoxy
import CVDCore

/// Small helpers over GL's texture calls, each wrapping the call it names.
@MainActor
enum GLTextures {
    /// A 2D texture (`glGenTextures`, `glTexImage2D`) of `storage` format holding `pixels`
    /// (rows `rowLength` texels apart; nil: undefined contents), clamped at its edges,
    /// sampled linearly (normalised formats) or read exactly (integer ones: nearest).
    static func make(
        width: Int, height: Int, storage: Int32, format: Int32, rowLength: Int = 0, pixels: UnsafeRawPointer? = nil
    ) -> GLuint {
        var t: GLuint = 0
        cvd_glGenTextures(1, &t)
        cvd_glBindTexture(GLenum(GL_TEXTURE_2D), t)
        let integer = [GL_RGBA_INTEGER, GL_RGB_INTEGER, GL_RED_INTEGER].contains(format)
        let filter = integer ? GL_NEAREST : GL_LINEAR
        cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        cvd_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        unpack(rowLength: rowLength)
        cvd_glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, storage, GLsizei(width), GLsizei(height), 0, GLenum(format),
            GLenum(GL_UNSIGNED_BYTE), pixels)
        unpack(rowLength: 0)
        return t
    }

    /// The row length and alignment uploads read (`glPixelStorei`): bytes as they lie.
    static func unpack(rowLength: Int) {
        cvd_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        cvd_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowLength))
    }

    /// A 64³ table of one-byte cells (`ConfusionTable`'s layout: index z << 12 | y << 6 | x)
    /// as an unsigned-integer 3D texture (wraps `glTexImage3D`).
    static func makeTable(_ cells: [UInt8], into existing: GLuint) -> GLuint {
        var t = existing
        if t == 0 { cvd_glGenTextures(1, &t) }
        cvd_glBindTexture(GLenum(GL_TEXTURE_3D), t)
        for p in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            cvd_glTexParameteri(GLenum(GL_TEXTURE_3D), GLenum(p), GL_NEAREST)
        }
        unpack(rowLength: 0)
        cells.withUnsafeBytes {
            cvd_glTexImage3D(
                GLenum(GL_TEXTURE_3D), 0, GL_R8UI, 64, 64, 64, 0, GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_BYTE),
                $0.baseAddress)
        }
        return t
    }

    /// Turns `rows` rows of `rowBytes` upside down in place (GL's origin is the bottom left).
    nonisolated static func flipRows(_ buffer: inout [UInt8], rowBytes: Int, rows: Int) {
        guard rows > 1, buffer.count >= rowBytes * rows else { return }
        buffer.withUnsafeMutableBytes { p in
            var spare = [UInt8](repeating: 0, count: rowBytes)
            spare.withUnsafeMutableBytes { tmp in
                // Rows a and b lie inside the buffer (rows × rowBytes bytes, checked above).
                for a in 0..<(rows / 2) {
                    let b = rows - 1 - a
                    tmp.baseAddress!.copyMemory(from: p.baseAddress! + a * rowBytes, byteCount: rowBytes)
                    (p.baseAddress! + a * rowBytes).copyMemory(from: p.baseAddress! + b * rowBytes, byteCount: rowBytes)
                    (p.baseAddress! + b * rowBytes).copyMemory(from: tmp.baseAddress!, byteCount: rowBytes)
                }
            }
        }
    }
}

extension Texture {
    /// A GL texture name as the view's opaque texture.
    init(gl name: GLuint, size: FrameSize) { self.init(handle: UInt(name), size: size) }
    /// The GL texture name (the GL backend's textures are all GL's).
    var gl: GLuint { GLuint(truncatingIfNeeded: handle) }
}

/// The text textures the view draws.
extension GLBackend {
    /// A text texture from its R, G, B, A bytes (wraps `glTexImage2D`).
    func makeTexture(from image: RGBAImage) -> Texture? {
        guard image.width > 0, image.height > 0 else { return nil }
        let t = image.pixels.withUnsafeBytes {
            GLTextures.make(
                width: image.width, height: image.height, storage: GL_RGBA8, format: GL_RGBA, rowLength: image.width,
                pixels: $0.baseAddress)
        }
        return Texture(gl: t, size: FrameSize(image.width, image.height))
    }

    func destroy(_ t: Texture) {
        var name = t.gl
        cvd_glDeleteTextures(1, &name)
    }
}
