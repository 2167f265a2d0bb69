import CEpoxy
import CVDCore

/// Reading the window back: at once (snapshots), or a frame late without waiting (`GLReadback`).
extension GLBackend {
    /// Reads the back buffer (wraps `glReadPixels`), rows turned top to bottom.
    func readPixels(into buffer: inout [UInt8]) -> FrameLayout? {
        let size = outputSize
        let layout = FrameLayout(format: .rgba, width: size.width, height: size.height)
        if buffer.count != layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        cvd_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        buffer.withUnsafeMutableBytes {
            cvd_glReadPixels(
                0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                $0.baseAddress)
        }
        GLTextures.flipRows(&buffer, rowBytes: size.width * 4, rows: size.height)
        return Self.pendingError() == nil ? layout : nil
    }

    func readPixelsWithoutWaiting(into buffer: inout [UInt8]) -> FrameLayout? {
        let layout = readback.read(outputSize, into: &buffer)
        return Self.pendingError() == nil ? layout : nil
    }
}
