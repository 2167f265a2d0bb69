import CEpoxy
import CVDCore

/// Showing what was drawn, and checking after each frame shown that GL can go on.
extension GLBackend {
    /// Swaps, then checks that GL can go on: no GL error, no reset (and the injected faults).
    func present() throws(RenderFault) {
        context.swap()
        holdsWindow = false
        try presentedOne()
    }

    /// Counts a frame shown and checks that GL can go on: no GL error, no reset (and the
    /// injected faults).
    func presentedOne() throws(RenderFault) {
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
        if let e = errorFault() { throw e }
    }

    /// The first GL error pending, as a fault (wraps `glGetError`).
    func errorFault() -> RenderFault? {
        let e = cvd_glGetError()
        guard e != GLenum(GL_NO_ERROR) else { return nil }
        while cvd_glGetError() != GLenum(GL_NO_ERROR) {}
        return RenderFault("OpenGL reported \(GLFault.name(e))")
    }
}
